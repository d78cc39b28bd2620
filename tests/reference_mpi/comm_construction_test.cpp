// MPI-2/3 communicator construction: MPI_Comm_split_type by node of the machine model,
// MPI_Comm_idup (a nonblocking collective), MPI_Comm_create with disjoint groups,
// MPI_Comm_create_group (only the group's members call) and MPI_Group_range_excl.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(CommConstruction, SplitTypeSharedGroupsTheRanksOfANode) {
  const int n = 10, per_node = 4;
  std::vector<int> sizes(n, -1), ranks(n, -1), is_null(n, -1);
  auto result = simulate(n, "xe6",
                         [&](int rank, int) {
                           const auto r = static_cast<std::size_t>(rank);
                           MPI_Comm node;
                           // Rank 9 opts out; keys reverse the order inside each node.
                           MPI_Comm_split_type(MPI_COMM_WORLD, rank == 9 ? MPI_UNDEFINED : MPI_COMM_TYPE_SHARED, -rank,
                                               MPI_INFO_NULL, &node);
                           is_null[r] = node == MPI_COMM_NULL;
                           if (node == MPI_COMM_NULL) return;
                           MPI_Comm_size(node, &sizes[r]);
                           MPI_Comm_rank(node, &ranks[r]);
                           MPI_Comm_free(&node);
                         },
                         {"ranks_per_node=" + std::to_string(per_node)});
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    const auto i = static_cast<std::size_t>(r);
    if (r == 9) {
      EXPECT_EQ(is_null[i], 1);
      continue;
    }
    const int first = r / per_node * per_node;
    const int last = std::min(first + per_node, 9) - 1;  // rank 9 is not in its node's communicator
    EXPECT_EQ(sizes[i], last - first + 1) << "rank " << r;
    EXPECT_EQ(ranks[i], last - r) << "rank " << r;
  }
}

TEST(CommConstruction, SplitTypeOnAMachineWithOneRankPerNodeLeavesEveryRankAlone) {
  std::vector<int> sizes(3, -1);
  std::vector<int> codes;
  auto result = simulate(3, [&](int rank, int) {
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &sizes[static_cast<std::size_t>(rank)]);
    MPI_Comm_free(&node);
    if (rank == 0) {
      MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
      codes.push_back(MPI_Comm_split_type(MPI_COMM_SELF, 42, 0, MPI_INFO_NULL, &node));
      codes.push_back(MPI_Comm_split_type(MPI_COMM_SELF, MPI_COMM_TYPE_SHARED, 0, 999, &node));
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sizes, (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_ARG, MPI_ERR_INFO}));
}

// MPI_Comm_idup is a nonblocking collective: Wait, or Test until it completes, gives the
// communicator.
TEST(CommConstruction, IdupGivesAWorkingCommunicatorWhenItsRequestCompletes) {
  std::vector<int> sums(4, -1), flags(4, -1), compare(4, -1);
  auto result = simulate(4, [&](int rank, int) {
    const auto r = static_cast<std::size_t>(rank);
    MPI_Comm dup;
    MPI_Request request;
    MPI_Comm_idup(MPI_COMM_WORLD, &dup, &request);
    if (rank % 2 == 0) {
      MPI_Wait(&request, MPI_STATUS_IGNORE);
      flags[r] = request == MPI_REQUEST_NULL;
    } else {
      int flag = 0;
      while (!flag) MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
      flags[r] = request == MPI_REQUEST_NULL;
    }
    MPI_Allreduce(&rank, &sums[r], 1, MPI_INT, MPI_SUM, dup);
    MPI_Comm_compare(dup, MPI_COMM_WORLD, &compare[r]);
    MPI_Comm_free(&dup);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sums, (std::vector<int>(4, 0 + 1 + 2 + 3)));
  EXPECT_EQ(flags, (std::vector<int>(4, 1)));
  EXPECT_EQ(compare, (std::vector<int>(4, MPI_CONGRUENT)));
}

TEST(CommConstruction, CreateGroupIsCalledByTheGroupOnly) {
  const int n = 6;
  std::vector<int> sizes(n, -1), ranks(n, -1), world_sums(n, -1), sub_sums(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    const auto r = static_cast<std::size_t>(rank);
    MPI_Group world_group, odd;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    const int members[] = {5, 3, 1};
    MPI_Group_incl(world_group, 3, members, &odd);
    if (rank % 2 == 1) {
      MPI_Comm sub;
      MPI_Comm_create_group(MPI_COMM_WORLD, odd, 7, &sub);
      MPI_Comm_size(sub, &sizes[r]);
      MPI_Comm_rank(sub, &ranks[r]);
      MPI_Allreduce(&rank, &sub_sums[r], 1, MPI_INT, MPI_SUM, sub);
      MPI_Comm_free(&sub);
    }
    // The non-members' collective count on MPI_COMM_WORLD is not thrown off by the group's call.
    MPI_Allreduce(&rank, &world_sums[r], 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Group_free(&odd);
    MPI_Group_free(&world_group);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sizes, (std::vector<int>{-1, 3, -1, 3, -1, 3}));
  EXPECT_EQ(ranks, (std::vector<int>{-1, 2, -1, 1, -1, 0}));  // the group's order: 5, 3, 1
  EXPECT_EQ(sub_sums, (std::vector<int>{-1, 9, -1, 9, -1, 9}));
  EXPECT_EQ(world_sums, (std::vector<int>(n, 15)));
}

TEST(CommConstruction, CreateGroupErrors) {
  std::vector<int> codes;
  auto result = simulate(2, [&](int rank, int) {
    if (rank != 0) return;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Group world_group, other;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    const int just_one[] = {1};
    MPI_Group_incl(world_group, 1, just_one, &other);
    MPI_Comm sub;
    codes.push_back(MPI_Comm_create_group(MPI_COMM_WORLD, other, 0, &sub));  // rank 0 is not in it
    codes.push_back(MPI_Comm_create_group(MPI_COMM_WORLD, world_group, -1, &sub));
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    codes.push_back(MPI_Comm_create_group(MPI_COMM_SELF, other, 0, &sub));  // not a subgroup
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_GROUP, MPI_ERR_TAG, MPI_ERR_GROUP}));
}

TEST(CommConstruction, GroupRangeExclKeepsTheRestInOrder) {
  std::vector<int> translated;
  int size = -1, code = -1;
  auto result = simulate(10, [&](int rank, int) {
    if (rank != 0) return;
    MPI_Group world_group, rest;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int ranges[][3] = {{0, 6, 3}, {9, 8, -1}};  // excludes 0, 3, 6, 9, 8
    MPI_Group_range_excl(world_group, 2, ranges, &rest);
    MPI_Group_size(rest, &size);
    translated.resize(static_cast<std::size_t>(size));
    std::vector<int> in_rest(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i) in_rest[static_cast<std::size_t>(i)] = i;
    MPI_Group_translate_ranks(rest, size, in_rest.data(), world_group, translated.data());
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int overlapping[][3] = {{0, 4, 2}, {4, 5, 1}};
    MPI_Group bad;
    code = MPI_Group_range_excl(world_group, 2, overlapping, &bad);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(size, 5);
  EXPECT_EQ(translated, (std::vector<int>{1, 2, 4, 5, 7}));
  EXPECT_EQ(code, MPI_ERR_ARG);
}

// The pattern of MPICH's comm_idup test: rank 0 starts its idup only after every other rank,
// having started theirs, sent it a synchronous message. A blocking idup deadlocks here.
TEST(CommConstruction, IdupOverlapsMessagesSentAfterIt) {
  const int n = 4;
  std::vector<int> sums(n, -1);
  auto result = simulate(n, [&](int rank, int size) {
    MPI_Comm dup;
    MPI_Request request;
    int token = rank;
    if (rank == 0) {
      for (int i = 1; i < size; ++i) MPI_Recv(&token, 1, MPI_INT, i, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Comm_idup(MPI_COMM_WORLD, &dup, &request);
    } else {
      MPI_Comm_idup(MPI_COMM_WORLD, &dup, &request);
      MPI_Ssend(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Allreduce(&rank, &sums[static_cast<std::size_t>(rank)], 1, MPI_INT, MPI_SUM, dup);
    MPI_Comm_free(&dup);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sums, std::vector<int>(n, 0 + 1 + 2 + 3));
}

// MPI-2.2: MPI_Comm_create with different, disjoint groups makes one communicator per group.
TEST(CommConstruction, CreateWithDisjointGroupsGivesEachGroupItsCommunicator) {
  const int n = 7;
  std::vector<int> sizes(n, -2), sums(n, -2);
  auto result = simulate(n, [&](int rank, int) {
    MPI_Group world_group, mine;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int range[1][3] = {{rank % 2, n - 1, 2}};  // evens or odds
    if (rank == n - 1) {
      mine = MPI_GROUP_EMPTY;  // the last rank takes part in neither
    } else {
      MPI_Group_range_incl(world_group, 1, range, &mine);
      if (rank % 2 == 0) {        // the evens' group leaves out the last rank (also even)
        const int last[1] = {3};  // world rank 6 is the evens' group rank 3
        MPI_Group without;
        MPI_Group_excl(mine, 1, last, &without);
        MPI_Group_free(&mine);
        mine = without;
      }
    }
    MPI_Comm made;
    MPI_Comm_create(MPI_COMM_WORLD, mine, &made);
    if (made != MPI_COMM_NULL) {
      MPI_Comm_size(made, &sizes[static_cast<std::size_t>(rank)]);
      MPI_Allreduce(&rank, &sums[static_cast<std::size_t>(rank)], 1, MPI_INT, MPI_SUM, made);
      MPI_Comm_free(&made);
    } else {
      sizes[static_cast<std::size_t>(rank)] = -1;
    }
    if (mine != MPI_GROUP_EMPTY) MPI_Group_free(&mine);
    MPI_Group_free(&world_group);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sizes, (std::vector<int>{3, 3, 3, 3, 3, 3, -1}));
  EXPECT_EQ(sums, (std::vector<int>{6, 9, 6, 9, 6, 9, -2}));
}
