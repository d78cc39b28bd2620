// Intercommunicator misuse: error classes under MPI_ERRORS_RETURN, the agreement checks between
// the two groups (fatal, with both sides' arguments named), and deadlock reports that say which
// group a waited-for rank belongs to.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "intercomm_testing.hpp"

using xo::test::GroupSplit;
using xo::test::Intercomm;
using xo::test::simulate;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(IntercommErrors, MisuseReturnsTheErrorClasses) {
  const int n = 4;
  std::vector<std::vector<int>> codes(n);
  std::vector<int> still_works(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);  // the split and the intercomm inherit it
    Intercomm ic(GroupSplit::even_odd(), rank);
    auto& c = codes[static_cast<std::size_t>(rank)];
    int v = 0, size = 0;
    MPI_Group group;
    MPI_Comm out = MPI_COMM_NULL;
    c.push_back(MPI_Comm_remote_size(MPI_COMM_WORLD, &size));
    c.push_back(MPI_Comm_remote_group(MPI_COMM_WORLD, &group));
    c.push_back(MPI_Intercomm_merge(MPI_COMM_WORLD, 0, &out));
    c.push_back(MPI_Intercomm_create(ic.local, 5, MPI_COMM_WORLD, 1 - rank % 2, 3, &out));   // no local rank 5
    c.push_back(MPI_Intercomm_create(ic.local, 0, MPI_COMM_WORLD, 99, 3, &out));             // no world rank 99
    c.push_back(MPI_Intercomm_create(ic.local, 0, MPI_COMM_WORLD, 2 + rank % 2, 3, &out));   // own group: overlap
    c.push_back(MPI_Intercomm_create(ic.local, 0, MPI_COMM_WORLD, 1 - rank % 2, -1, &out));  // bad tag
    c.push_back(MPI_Intercomm_create(ic.inter, 0, MPI_COMM_WORLD, 1 - rank % 2, 3, &out));   // not an intracomm
    c.push_back(MPI_Send(&v, 1, MPI_INT, 2, 0, ic.inter));  // the remote group has ranks 0 and 1
    c.push_back(MPI_Recv(&v, 1, MPI_INT, 2, 0, ic.inter, MPI_STATUS_IGNORE));
    c.push_back(MPI_Bcast(&v, 1, MPI_INT, 2, ic.inter));
    c.push_back(MPI_Scan(&v, &size, 1, MPI_INT, MPI_SUM, ic.inter));
    c.push_back(MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, ic.inter));
    c.push_back(MPI_Gather(&v, 1, MPI_INT, &size, 1, MPI_INT, MPI_ROOT - 10, ic.inter));
    EXPECT_EQ(out, MPI_COMM_NULL);
    MPI_Allreduce(&rank, &still_works[static_cast<std::size_t>(rank)], 1, MPI_INT, MPI_SUM, ic.inter);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  const std::vector<int> expected{MPI_ERR_COMM, MPI_ERR_COMM, MPI_ERR_COMM,   MPI_ERR_RANK, MPI_ERR_RANK,
                                  MPI_ERR_COMM, MPI_ERR_TAG,  MPI_ERR_COMM,   MPI_ERR_RANK, MPI_ERR_RANK,
                                  MPI_ERR_ROOT, MPI_ERR_COMM, MPI_ERR_BUFFER, MPI_ERR_ROOT};
  for (int r = 0; r < n; ++r) EXPECT_EQ(codes[static_cast<std::size_t>(r)], expected) << "rank " << r;
  EXPECT_EQ(still_works, (std::vector<int>{4, 2, 4, 2}));
}

TEST(IntercommErrors, FatalErrorsNameTheProblemAndTheFix) {
  auto send = simulate(4, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    int v = 0;
    if (rank == 2) MPI_Send(&v, 1, MPI_INT, 5, 0, ic.inter);
  });
  EXPECT_TRUE(contains(send.error,
                       "rank 2: MPI_Send: destination rank 5 does not exist: the remote group of "
                       "intercommunicator of the groups led by world ranks 0 and 1 has 2 ranks (0 to 1)"))
      << send.error;
  auto overlap = simulate(4, [&](int, int) {
    MPI_Comm inter;
    MPI_Intercomm_create(MPI_COMM_WORLD, 0, MPI_COMM_WORLD, 1, 0, &inter);
  });
  EXPECT_TRUE(contains(overlap.error,
                       "MPI_Intercomm_create: remote_leader 1 on peer_comm MPI_COMM_WORLD (tag 0) is "
                       "world rank 1, a member of local_comm MPI_COMM_WORLD; the remote leader must "
                       "belong to the other group, and the groups must be disjoint [MPI_ERR_COMM]"))
      << overlap.error;
  auto scan = simulate(2, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    int v = 0, w = 0;
    MPI_Scan(&v, &w, 1, MPI_INT, MPI_SUM, ic.inter);
  });
  EXPECT_TRUE(contains(scan.error, "MPI_Scan is not defined on an intercommunicator")) << scan.error;
}

TEST(IntercommErrors, GroupsMustAgreeOnRootsCountsAndOperations) {
  // Both groups claim the root.
  auto roots = simulate(4, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    int v = 0, local = 0;
    MPI_Comm_rank(ic.inter, &local);
    MPI_Bcast(&v, 1, MPI_INT, local == 0 ? MPI_ROOT : MPI_PROC_NULL, ic.inter);
  });
  EXPECT_NE(roots.exit_code, 0);
  EXPECT_TRUE(contains(roots.error,
                       "on an intercommunicator the root passes MPI_ROOT, the other ranks of its group "
                       "MPI_PROC_NULL, and the other group the root's rank in the root's group"))
      << roots.error;
  EXPECT_TRUE(contains(roots.error, "[MPI_ERR_ROOT]")) << roots.error;
  // The other group names a root that passed MPI_PROC_NULL.
  auto absent = simulate(4, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    int v = 0;
    MPI_Bcast(&v, 1, MPI_INT, rank % 2 == 0 ? MPI_PROC_NULL : 0, ic.inter);
  });
  EXPECT_TRUE(contains(absent.error, "MPI_ERR_ROOT")) << absent.error;
  // Allreduce: both groups' vectors must have the same length.
  auto counts = simulate(4, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    int v[2] = {0, 0}, w[2];
    MPI_Allreduce(v, w, rank % 2 == 0 ? 1 : 2, MPI_INT, MPI_SUM, ic.inter);
  });
  EXPECT_TRUE(contains(counts.error, "the counts and datatypes must describe the same data on both sides"))
      << counts.error;
  EXPECT_TRUE(contains(counts.error, "[MPI_ERR_COUNT]")) << counts.error;
  // Different operations.
  auto ops = simulate(4, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    if (rank == 0) {
      MPI_Barrier(ic.inter);
    } else {
      int v = 0, w = 0;
      MPI_Allreduce(&v, &w, 1, MPI_INT, MPI_SUM, ic.inter);
    }
  });
  EXPECT_TRUE(contains(ops.error,
                       "rank 0: MPI_Barrier: world rank 1 called MPI_Allreduce here; every rank of both "
                       "groups must call the same collectives in the same order (collective call 1 on "
                       "intercommunicator of the groups led by world ranks 0 and 1) [MPI_ERR_OTHER]"))
      << ops.error;
  // Merge: one group's ranks disagree on high.
  auto high = simulate(4, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    MPI_Comm merged;
    MPI_Intercomm_merge(ic.inter, rank == 2 ? 1 : 0, &merged);
  });
  EXPECT_TRUE(contains(high.error, "passed different values of high")) << high.error;
  EXPECT_TRUE(contains(high.error, "[MPI_ERR_ARG]")) << high.error;
  // Intercomm_create: the members of a group name different leaders.
  auto leaders = simulate(4, [&](int rank, int) {
    MPI_Comm local, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &local);
    MPI_Intercomm_create(local, rank == 2 ? 1 : 0, MPI_COMM_WORLD, 1 - rank % 2, 0, &inter);
  });
  EXPECT_TRUE(contains(leaders.error, "every rank of local_comm must name the same leader")) << leaders.error;
}

TEST(IntercommErrors, DeadlockReportsNameTheGroupOfTheAwaitedRank) {
  auto p2p = simulate(4, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    int v = 0;
    if (rank == 0) MPI_Recv(&v, 1, MPI_INT, 1, 3, ic.inter, MPI_STATUS_IGNORE);
  });
  EXPECT_NE(p2p.exit_code, 0);
  EXPECT_TRUE(contains(p2p.error,
                       "MPI_Recv from rank 1 of the remote group (tag 3) on intercommunicator of the "
                       "groups led by world ranks 0 and 1"))
      << p2p.error;
  auto collective = simulate(5, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    if (rank != 4) MPI_Barrier(ic.inter);  // world rank 4 is local rank 2 of the evens
  });
  EXPECT_NE(collective.exit_code, 0);
  EXPECT_TRUE(contains(collective.error, "of the local group of intercommunicator")) << collective.error;
  auto create = simulate(4, [&](int rank, int) {  // the odd leader uses another tag: the leaders never meet
    MPI_Comm local, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 1 - rank % 2, rank % 2 == 0 ? 5 : 6, &inter);
  });
  EXPECT_TRUE(contains(create.error, "MPI_Intercomm_create from rank 1 (tag 5) on MPI_COMM_WORLD")) << create.error;
}
