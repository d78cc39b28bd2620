// Communicators and groups through the MPI API: split, dup, create, compare, free, and group
// queries, checked against results computed here independently.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(Communicators, SplitOrdersByKeyThenParentRank) {
  const int n = 7;
  std::vector<int> new_rank(n, -1), new_size(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    MPI_Comm sub;
    const int color = rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, n - rank, &sub);  // reversed order inside each color
    MPI_Comm_rank(sub, &new_rank[static_cast<std::size_t>(rank)]);
    MPI_Comm_size(sub, &new_size[static_cast<std::size_t>(rank)]);
    MPI_Comm_free(&sub);
    EXPECT_EQ(sub, MPI_COMM_NULL);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    const int same_color = r % 2 == 0 ? 4 : 3;
    int higher = 0;  // members of my color with a larger world rank come first
    for (int q = r + 2; q < n; q += 2) ++higher;
    EXPECT_EQ(new_size[static_cast<std::size_t>(r)], same_color) << "rank " << r;
    EXPECT_EQ(new_rank[static_cast<std::size_t>(r)], higher) << "rank " << r;
  }
}

TEST(Communicators, SplitWithUndefinedColorGivesCommNull) {
  std::vector<int> is_null(4, -1);
  auto result = simulate(4, [&](int rank, int) {
    MPI_Comm sub;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 3 ? MPI_UNDEFINED : 0, 0, &sub);
    is_null[static_cast<std::size_t>(rank)] = sub == MPI_COMM_NULL;
    if (sub != MPI_COMM_NULL) MPI_Comm_free(&sub);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(is_null, (std::vector<int>{0, 0, 0, 1}));
}

TEST(Communicators, MessagesOnASplitCommunicatorUseItsRanks) {
  std::vector<int> got(6, -1);
  auto result = simulate(6, [&](int rank, int) {
    MPI_Comm sub;
    MPI_Comm_split(MPI_COMM_WORLD, rank / 3, rank, &sub);
    int sub_rank = 0;
    MPI_Comm_rank(sub, &sub_rank);
    int v = rank;
    // In each sub-communicator of 3, pass world ranks one step around the ring of sub ranks.
    MPI_Sendrecv_replace(&v, 1, MPI_INT, (sub_rank + 1) % 3, 0, (sub_rank + 2) % 3, 0, sub, MPI_STATUS_IGNORE);
    got[static_cast<std::size_t>(rank)] = v;
    MPI_Comm_free(&sub);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{2, 0, 1, 5, 3, 4}));
}

TEST(Communicators, CreateFromGroupInclAndCompare) {
  std::vector<int> sizes(5, -2), compare_dup(5, -1), compare_world(5, -1), translated(5, -1);
  auto result = simulate(5, [&](int rank, int) {
    MPI_Group world_group, evens;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    const int members[] = {4, 2, 0};
    MPI_Group_incl(world_group, 3, members, &evens);
    MPI_Comm even_comm;
    MPI_Comm_create(MPI_COMM_WORLD, evens, &even_comm);
    if (even_comm != MPI_COMM_NULL) {
      MPI_Comm_size(even_comm, &sizes[static_cast<std::size_t>(rank)]);
      int my = -1;
      MPI_Comm_rank(even_comm, &my);
      MPI_Group g;
      MPI_Comm_group(even_comm, &g);
      int back = -1;
      MPI_Group_translate_ranks(g, 1, &my, world_group, &back);
      translated[static_cast<std::size_t>(rank)] = back;
      MPI_Group_free(&g);
      MPI_Comm_free(&even_comm);
    } else {
      sizes[static_cast<std::size_t>(rank)] = -1;
    }
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &compare_dup[static_cast<std::size_t>(rank)]);
    MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_WORLD, &compare_world[static_cast<std::size_t>(rank)]);
    MPI_Comm_free(&dup);
    MPI_Group_free(&evens);
    MPI_Group_free(&world_group);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sizes, (std::vector<int>{3, -1, 3, -1, 3}));
  EXPECT_EQ(translated, (std::vector<int>{0, -1, 2, -1, 4}));
  for (int r = 0; r < 5; ++r) {
    EXPECT_EQ(compare_dup[static_cast<std::size_t>(r)], MPI_CONGRUENT);
    EXPECT_EQ(compare_world[static_cast<std::size_t>(r)], MPI_IDENT);
  }
}

TEST(Communicators, SplitReorderedIsSimilar) {
  int cmp = -1;
  auto result = simulate(3, [&](int rank, int) {
    MPI_Comm reversed;
    MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &reversed);
    if (rank == 0) MPI_Comm_compare(MPI_COMM_WORLD, reversed, &cmp);
    MPI_Comm_free(&reversed);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(cmp, MPI_SIMILAR);
}

TEST(Communicators, CommSelfAndFreeingPredefinedIsAnError) {
  int self_size = 0, self_rank = -1, code = MPI_SUCCESS;
  auto result = simulate(2, [&](int rank, int) {
    if (rank != 1) return;
    MPI_Comm_size(MPI_COMM_SELF, &self_size);
    MPI_Comm_rank(MPI_COMM_SELF, &self_rank);
    int v = 9, w = 0;
    MPI_Sendrecv(&v, 1, MPI_INT, 0, 0, &w, 1, MPI_INT, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    EXPECT_EQ(w, 9);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm world = MPI_COMM_WORLD;
    code = MPI_Comm_free(&world);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(self_size, 1);
  EXPECT_EQ(self_rank, 0);
  EXPECT_EQ(code, MPI_ERR_COMM);
}

TEST(Communicators, GroupAlgebraThroughTheApi) {
  std::vector<int> union_ranks, diff_size_and_rank;
  auto result = simulate(4, [&](int rank, int) {
    if (rank != 3) return;
    MPI_Group world, low, high, u, d;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int low_ranks[] = {1, 0};
    int ranges[][3] = {{3, 1, -1}};
    MPI_Group_incl(world, 2, low_ranks, &low);
    MPI_Group_range_incl(world, 1, ranges, &high);  // 3, 2, 1
    MPI_Group_union(low, high, &u);                 // 1, 0, 3, 2
    int n = 0;
    MPI_Group_size(u, &n);
    for (int i = 0; i < n; ++i) {
      int w = -1;
      MPI_Group_translate_ranks(u, 1, &i, world, &w);
      union_ranks.push_back(w);
    }
    MPI_Group_difference(world, low, &d);  // 2, 3
    int dsize = 0, drank = 0;
    MPI_Group_size(d, &dsize);
    MPI_Group_rank(d, &drank);
    diff_size_and_rank = {dsize, drank};
    for (MPI_Group* g : {&world, &low, &high, &u, &d}) MPI_Group_free(g);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(union_ranks, (std::vector<int>{1, 0, 3, 2}));
  EXPECT_EQ(diff_size_and_rank, (std::vector<int>{2, 1}));
}
