// The data unexpected messages hold at their receiver, from a trace, under the machine's protocols
// as configured and as another setting would configure them.

#include "xo/analyzer/analysis/unexpected_data.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <vector>

#include "../model/traced_run.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace {

xo::analyzer::TraceModel traced(const std::function<void(int)>& body) {
  const auto run = xo::test::traced_run("xt3", 3, body);
  EXPECT_EQ(run->exit_code, 0);
  return xo::analyzer::read_trace(run->anchor);
}

// Rank 0 sends 40 messages of 10 kB and rank 2 sends 10 of 100 bytes to rank 1 before a barrier;
// rank 1 takes them after it. One message of each is taken at once (posted before).
void early_sends(int rank) {
  static std::vector<char> buffer(10000);
  if (rank == 1) {
    MPI_Request r[2];
    MPI_Irecv(buffer.data(), 10000, MPI_BYTE, 0, 99, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(buffer.data(), 100, MPI_BYTE, 2, 99, MPI_COMM_WORLD, &r[1]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < 40; ++i) MPI_Recv(buffer.data(), 10000, MPI_BYTE, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 10; ++i) MPI_Recv(buffer.data(), 100, MPI_BYTE, 2, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    const int bytes = rank == 0 ? 10000 : 100;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(buffer.data(), bytes, MPI_BYTE, 1, 99, MPI_COMM_WORLD);
    for (int i = 0; i < (rank == 0 ? 40 : 10); ++i) MPI_Send(buffer.data(), bytes, MPI_BYTE, 1, i, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
}

}  // namespace

TEST(UnexpectedData, ThePeakIsTheEagerDataHeldAtOnceAndMovesWithTheEagerLimit) {
  const auto model = traced(early_sends);
  const auto arrivals = xo::analyzer::unexpected_arrivals(model);
  EXPECT_EQ(arrivals.size(), 50u) << "the two messages whose receives were posted first never waited";
  const auto machine = xo::hw::configured_machine("xt3", 3, {}, xo::hw::lookup_in({}));
  const auto peak = xo::analyzer::peak_unexpected_data(arrivals, *machine);
  EXPECT_EQ(peak.receiver, 1);
  EXPECT_DOUBLE_EQ(peak.bytes, 40 * 10000.0 + 10 * 100.0);
  EXPECT_EQ(peak.messages, 50u);
  EXPECT_DOUBLE_EQ(peak.largest_message, 10000);
  // Below 10 kB the larger messages go long-pull: only their headers wait at rank 1.
  const auto lower = xo::hw::configured_like(*machine, {{"MPICH_MAX_SHORT_MSG_SIZE", "9999"}});
  EXPECT_DOUBLE_EQ(xo::analyzer::peak_unexpected_data(arrivals, *lower).bytes, 10 * 100.0);
}

TEST(UnexpectedData, SendsNoReceiveTookAreHeldToTheEnd) {
  const auto model = traced([](int rank) {
    static std::vector<char> buffer(1000);
    if (rank == 0) MPI_Send(buffer.data(), 1000, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  });
  ASSERT_EQ(model.unreceived.size(), 1u);
  const auto arrivals = xo::analyzer::unexpected_arrivals(model);
  ASSERT_EQ(arrivals.size(), 1u);
  EXPECT_TRUE(std::isinf(arrivals[0].taken));
  const auto machine = xo::hw::configured_machine("xt3", 3, {}, xo::hw::lookup_in({}));
  EXPECT_DOUBLE_EQ(xo::analyzer::peak_unexpected_data(arrivals, *machine).bytes, 1000);
}
