// What trace tools learn of an MPI call from its name: a nonblocking collective has the region
// role and collective operation of its blocking twin, as Score-P records it.

#include "mpi_call_kind.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <string>

namespace {

using xo::tracer::mpi_call_kind;

TEST(MpiCallKind, NonblockingCollectivesAreTheirBlockingTwins) {
  for (const std::string twin : {"Barrier",
                                 "Bcast",
                                 "Gather",
                                 "Gatherv",
                                 "Scatter",
                                 "Scatterv",
                                 "Allgather",
                                 "Allgatherv",
                                 "Alltoall",
                                 "Alltoallv",
                                 "Alltoallw",
                                 "Reduce",
                                 "Allreduce",
                                 "Reduce_scatter",
                                 "Reduce_scatter_block",
                                 "Scan",
                                 "Exscan",
                                 "Neighbor_allgather",
                                 "Neighbor_allgatherv",
                                 "Neighbor_alltoall",
                                 "Neighbor_alltoallv",
                                 "Neighbor_alltoallw"}) {
    std::string nonblocking = "MPI_I" + twin;
    nonblocking[5] = static_cast<char>(std::tolower(static_cast<unsigned char>(nonblocking[5])));
    const auto blocking = mpi_call_kind("MPI_" + twin);
    const auto kind = mpi_call_kind(nonblocking);
    ASSERT_TRUE(blocking.collective.has_value()) << twin;
    EXPECT_EQ(kind.collective, blocking.collective) << nonblocking;
    EXPECT_EQ(kind.role, blocking.role) << nonblocking;
  }
}

TEST(MpiCallKind, CallsItDoesNotKnowArePlainFunctions) {
  EXPECT_EQ(mpi_call_kind("MPI_Ifrobnicate").role, OTF2_REGION_ROLE_FUNCTION);
  EXPECT_FALSE(mpi_call_kind("MPI_Ifrobnicate").collective.has_value());
  EXPECT_FALSE(mpi_call_kind("MPI_Isend").collective.has_value());
}

}  // namespace
