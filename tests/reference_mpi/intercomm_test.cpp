// Intercommunicators through the MPI API (MPI-3.1 section 6.6 and the intercommunicator parts of
// chapter 5): creation, queries, point-to-point, merge, dup/split/create/free and comparison,
// checked against results computed here from world ranks.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "intercomm_testing.hpp"
#include "xo/mpi/state/group_description.hpp"

using xo::test::GroupSplit;
using xo::test::Intercomm;
using xo::test::simulate;

namespace {

std::vector<int> members_of(const GroupSplit& split, int n, int color) {
  std::vector<int> out;
  for (int r = 0; r < n; ++r) {
    if (split.color(r) == color) out.push_back(r);
  }
  return out;
}

}  // namespace

TEST(Intercomm, CreateGivesLocalAndRemoteGroups) {
  for (int n : {3, 4, 7}) {
    SCOPED_TRACE("ranks " + std::to_string(n));
    const GroupSplit split = GroupSplit::even_odd();
    std::vector<int> flags(n, -1), world_flags(n, -1), sizes(n), ranks(n), remote_sizes(n);
    std::vector<std::vector<int>> remote_world(n), local_world(n);
    auto result = simulate(n, [&](int rank, int) {
      Intercomm ic(split, rank);
      const auto me = static_cast<std::size_t>(rank);
      MPI_Comm_test_inter(ic.inter, &flags[me]);
      MPI_Comm_test_inter(MPI_COMM_WORLD, &world_flags[me]);
      MPI_Comm_size(ic.inter, &sizes[me]);
      MPI_Comm_rank(ic.inter, &ranks[me]);
      MPI_Comm_remote_size(ic.inter, &remote_sizes[me]);
      MPI_Group world_group, remote, local;
      MPI_Comm_group(MPI_COMM_WORLD, &world_group);
      MPI_Comm_remote_group(ic.inter, &remote);
      MPI_Comm_group(ic.inter, &local);
      remote_world[me] = xo::test::world_ranks_of(remote, world_group);
      local_world[me] = xo::test::world_ranks_of(local, world_group);
      MPI_Group_free(&remote);
      MPI_Group_free(&local);
      MPI_Group_free(&world_group);
    });
    ASSERT_EQ(result.exit_code, 0) << result.error;
    for (int r = 0; r < n; ++r) {
      const auto i = static_cast<std::size_t>(r);
      const std::vector<int> mine = members_of(split, n, split.color(r));
      const std::vector<int> theirs = members_of(split, n, 1 - split.color(r));
      EXPECT_EQ(flags[i], 1);
      EXPECT_EQ(world_flags[i], 0);
      EXPECT_EQ(sizes[i], static_cast<int>(mine.size()));
      EXPECT_EQ(ranks[i], r / 2);
      EXPECT_EQ(remote_sizes[i], static_cast<int>(theirs.size()));
      EXPECT_EQ(remote_world[i], theirs) << "rank " << r;
      EXPECT_EQ(local_world[i], mine) << "rank " << r;
    }
  }
}

TEST(Intercomm, PointToPointAddressesTheRemoteGroup) {
  const int n = 7;
  // received[r][i]: what rank r got from remote rank i, and the status source it saw.
  std::vector<std::vector<int>> values(n), sources(n);
  auto result = simulate(n, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    int remote = 0, me = 0;
    MPI_Comm_remote_size(ic.inter, &remote);
    MPI_Comm_rank(ic.inter, &me);
    std::vector<MPI_Request> sends(static_cast<std::size_t>(remote));
    for (int i = 0; i < remote; ++i) {
      MPI_Isend(&rank, 1, MPI_INT, i, me, ic.inter, &sends[static_cast<std::size_t>(i)]);
    }
    auto& got = values[static_cast<std::size_t>(rank)];
    auto& from = sources[static_cast<std::size_t>(rank)];
    got.assign(static_cast<std::size_t>(remote), -1);
    from.assign(static_cast<std::size_t>(remote), -1);
    for (int k = 0; k < remote; ++k) {
      int v = -1;
      MPI_Status status;
      MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, ic.inter, &status);
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, status.MPI_TAG, ic.inter, &status);
      got[static_cast<std::size_t>(status.MPI_TAG)] = v;
      from[static_cast<std::size_t>(status.MPI_TAG)] = status.MPI_SOURCE;
    }
    MPI_Waitall(remote, sends.data(), MPI_STATUSES_IGNORE);
    // Every send mode and Sendrecv between partners: local rank i of each group with remote rank i.
    if (me < std::min(remote, 3)) {
      int back = -1;
      MPI_Sendrecv(&rank, 1, MPI_INT, me, 100, &back, 1, MPI_INT, me, 100, ic.inter, MPI_STATUS_IGNORE);
      EXPECT_EQ(back, rank % 2 == 0 ? rank + 1 : rank - 1);
      int s = rank, r = -1;
      if (rank % 2 == 0) {
        MPI_Ssend(&s, 1, MPI_INT, me, 101, ic.inter);
        MPI_Recv(&r, 1, MPI_INT, me, 102, ic.inter, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(&r, 1, MPI_INT, me, 101, ic.inter, MPI_STATUS_IGNORE);
        MPI_Send(&s, 1, MPI_INT, me, 102, ic.inter);
      }
      EXPECT_EQ(r, back);
      // Buffered send received after an Iprobe loop; a ready send to a posted receive; Sendrecv_replace.
      std::vector<char> space(64 + MPI_BSEND_OVERHEAD);
      int flag = 0, v = -1;
      MPI_Status status;
      if (rank % 2 == 0) {
        MPI_Buffer_attach(space.data(), static_cast<int>(space.size()));
        MPI_Bsend(&s, 1, MPI_INT, me, 103, ic.inter);
        void* detached = nullptr;
        int detached_size = 0;
        MPI_Buffer_detach(&detached, &detached_size);
        MPI_Recv(nullptr, 0, MPI_INT, me, 105, ic.inter, MPI_STATUS_IGNORE);  // the partner's receive is posted
        MPI_Rsend(&s, 1, MPI_INT, me, 104, ic.inter);
      } else {
        while (!flag) MPI_Iprobe(MPI_ANY_SOURCE, 103, ic.inter, &flag, &status);
        EXPECT_EQ(status.MPI_SOURCE, me);
        MPI_Recv(&v, 1, MPI_INT, status.MPI_SOURCE, 103, ic.inter, MPI_STATUS_IGNORE);
        EXPECT_EQ(v, back);
        MPI_Request ready;
        MPI_Irecv(&v, 1, MPI_INT, me, 104, ic.inter, &ready);
        MPI_Send(nullptr, 0, MPI_INT, me, 105, ic.inter);
        MPI_Wait(&ready, MPI_STATUS_IGNORE);
        EXPECT_EQ(v, back);
      }
      int swapped = rank;
      MPI_Sendrecv_replace(&swapped, 1, MPI_INT, me, 106, MPI_ANY_SOURCE, 106, ic.inter, &status);
      EXPECT_EQ(swapped, back);
      EXPECT_EQ(status.MPI_SOURCE, me);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    const auto i = static_cast<std::size_t>(r);
    std::vector<int> expected_values, expected_sources;
    for (int q = 1 - r % 2; q < n; q += 2) {
      expected_values.push_back(q);
      expected_sources.push_back(q / 2);
    }
    EXPECT_EQ(values[i], expected_values) << "rank " << r;
    EXPECT_EQ(sources[i], expected_sources) << "rank " << r;
  }
}

TEST(Intercomm, MergeOrdersTheGroupThatPassedHighFalseFirst) {
  const int n = 7;
  // high for (even group, odd group), and whether the even group should come first.
  struct Case {
    int even_high, odd_high;
    bool evens_first;
  };
  for (const Case c : {Case{0, 1, true}, Case{1, 0, false}, Case{0, 0, true}, Case{1, 1, true}}) {
    SCOPED_TRACE("high " + std::to_string(c.even_high) + "/" + std::to_string(c.odd_high));
    std::vector<int> merged_rank(n, -1), merged_size(n, -1);
    auto result = simulate(n, [&](int rank, int) {
      Intercomm ic(GroupSplit::even_odd(), rank);
      MPI_Comm merged;
      MPI_Intercomm_merge(ic.inter, rank % 2 == 0 ? c.even_high : c.odd_high, &merged);
      MPI_Comm_rank(merged, &merged_rank[static_cast<std::size_t>(rank)]);
      MPI_Comm_size(merged, &merged_size[static_cast<std::size_t>(rank)]);
      int sum = 0;
      MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, merged);  // an intracommunicator that works
      EXPECT_EQ(sum, n * (n - 1) / 2);
      MPI_Comm_free(&merged);
    });
    ASSERT_EQ(result.exit_code, 0) << result.error;
    const int evens = (n + 1) / 2, odds = n / 2;
    for (int r = 0; r < n; ++r) {
      const int within = r / 2;
      const bool even = r % 2 == 0;
      const int expected = even == c.evens_first ? within : within + (even ? odds : evens);
      EXPECT_EQ(merged_rank[static_cast<std::size_t>(r)], expected) << "rank " << r;
      EXPECT_EQ(merged_size[static_cast<std::size_t>(r)], n);
    }
  }
}

TEST(Intercomm, MergeWithEqualHighPutsTheGroupOfTheLowestWorldRankFirst) {
  // Groups {1, 2} and {0, 3, 4}: the second holds world rank 0, though its leader is not the lower one.
  const GroupSplit split{[](int r) { return r == 1 || r == 2 ? 0 : 1; }};
  std::vector<int> merged_rank(5, -1);
  auto result = simulate(5, [&](int rank, int) {
    Intercomm ic(split, rank);
    MPI_Comm merged;
    MPI_Intercomm_merge(ic.inter, 1, &merged);
    MPI_Comm_rank(merged, &merged_rank[static_cast<std::size_t>(rank)]);
    MPI_Comm_free(&merged);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(merged_rank, (std::vector<int>{0, 3, 4, 1, 2}));
}

TEST(Intercomm, DupIsCongruentAndKeepsItsMessagesApart) {
  std::vector<int> compare_self(5, -1), compare_dup(5, -1), compare_world(5, -1), compare_local(5, -1);
  std::vector<int> dup_flag(5, -1), on_dup(5, -1), on_original(5, -1);
  auto result = simulate(5, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    const auto me = static_cast<std::size_t>(rank);
    MPI_Comm dup;
    MPI_Comm_dup(ic.inter, &dup);
    MPI_Comm_test_inter(dup, &dup_flag[me]);
    MPI_Comm_compare(ic.inter, ic.inter, &compare_self[me]);
    MPI_Comm_compare(ic.inter, dup, &compare_dup[me]);
    MPI_Comm_compare(ic.inter, MPI_COMM_WORLD, &compare_world[me]);
    MPI_Comm_compare(ic.inter, ic.local, &compare_local[me]);
    int local_rank = 0;
    MPI_Comm_rank(ic.inter, &local_rank);
    if (local_rank < 2) {  // partners: local rank i of each group; the original's message is sent first
      const int first = rank, second = rank + 100;
      MPI_Request sends[2];
      MPI_Isend(&first, 1, MPI_INT, local_rank, 0, ic.inter, &sends[0]);
      MPI_Isend(&second, 1, MPI_INT, local_rank, 0, dup, &sends[1]);
      MPI_Recv(&on_dup[me], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, dup, MPI_STATUS_IGNORE);
      MPI_Recv(&on_original[me], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, ic.inter, MPI_STATUS_IGNORE);
      MPI_Waitall(2, sends, MPI_STATUSES_IGNORE);
    }
    MPI_Comm_free(&dup);
    EXPECT_EQ(dup, MPI_COMM_NULL);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(dup_flag, std::vector<int>(5, 1));
  EXPECT_EQ(compare_self, std::vector<int>(5, MPI_IDENT));
  EXPECT_EQ(compare_dup, std::vector<int>(5, MPI_CONGRUENT));
  EXPECT_EQ(compare_world, std::vector<int>(5, MPI_UNEQUAL));
  EXPECT_EQ(compare_local, std::vector<int>(5, MPI_UNEQUAL));
  EXPECT_EQ(on_dup, (std::vector<int>{101, 100, 103, 102, -1}));
  EXPECT_EQ(on_original, (std::vector<int>{1, 0, 3, 2, -1}));
}

TEST(Intercomm, SplitMakesIntercommunicatorsOfColorsBothGroupsChose) {
  // Evens (0 2 4 6) and odds (1 3 5). Evens: local rank 3 alone picks color 5; odds: local rank 0
  // passes MPI_UNDEFINED. Keys reverse the local order.
  const int n = 7;
  std::vector<int> is_null(n, -1), size(n, -1), rank_in(n, -1), remote_size(n, -1), remote_sum(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    int local = 0;
    MPI_Comm_rank(ic.inter, &local);
    int color = local % 2;
    if (rank % 2 == 0 && local == 3) color = 5;
    if (rank % 2 == 1 && local == 0) color = MPI_UNDEFINED;
    MPI_Comm sub;
    MPI_Comm_split(ic.inter, color, -local, &sub);
    const auto me = static_cast<std::size_t>(rank);
    is_null[me] = sub == MPI_COMM_NULL;
    if (sub == MPI_COMM_NULL) return;
    MPI_Comm_size(sub, &size[me]);
    MPI_Comm_rank(sub, &rank_in[me]);
    MPI_Comm_remote_size(sub, &remote_size[me]);
    MPI_Allreduce(&rank, &remote_sum[me], 1, MPI_INT, MPI_SUM, sub);
    MPI_Comm_free(&sub);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  // Color 0: evens {4, 0} (reversed) with odds {5}; color 1: {2} with {3}.
  EXPECT_EQ(is_null, (std::vector<int>{0, 1, 0, 0, 0, 0, 1}));
  EXPECT_EQ(size, (std::vector<int>{2, -1, 1, 1, 2, 1, -1}));
  EXPECT_EQ(rank_in, (std::vector<int>{1, -1, 0, 0, 0, 0, -1}));
  EXPECT_EQ(remote_size, (std::vector<int>{1, -1, 1, 1, 1, 2, -1}));
  EXPECT_EQ(remote_sum, (std::vector<int>{5, -1, 3, 2, 5, 4, -1}));
}

TEST(Intercomm, CreateTakesEachGroupsSubset) {
  const int n = 7;
  std::vector<int> is_null(n, -1), rank_in(n, -1), remote_sum(n, -1), all_null(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    Intercomm ic(GroupSplit::even_odd(), rank);
    MPI_Group local_group, chosen;
    MPI_Comm_group(ic.inter, &local_group);
    const int reversed_pair[] = {1, 0};
    if (rank % 2 == 0) {
      MPI_Group_incl(local_group, 2, reversed_pair, &chosen);  // world ranks 2, 0
    } else {
      chosen = local_group;
    }
    MPI_Comm sub;
    MPI_Comm_create(ic.inter, chosen, &sub);
    const auto me = static_cast<std::size_t>(rank);
    is_null[me] = sub == MPI_COMM_NULL;
    if (sub != MPI_COMM_NULL) {
      MPI_Comm_rank(sub, &rank_in[me]);
      MPI_Allreduce(&rank, &remote_sum[me], 1, MPI_INT, MPI_SUM, sub);
      MPI_Comm_free(&sub);
    }
    // One group passing the empty group leaves everyone without a communicator.
    MPI_Comm none;
    MPI_Comm_create(ic.inter, rank % 2 == 0 ? MPI_GROUP_EMPTY : local_group, &none);
    all_null[me] = none == MPI_COMM_NULL;
    if (rank % 2 == 0) MPI_Group_free(&chosen);
    MPI_Group_free(&local_group);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(is_null, (std::vector<int>{0, 0, 0, 0, 1, 0, 1}));
  EXPECT_EQ(rank_in, (std::vector<int>{1, 0, 0, 1, -1, 2, -1}));
  EXPECT_EQ(remote_sum, (std::vector<int>{9, 2, 9, 2, -1, 2, -1}));
  EXPECT_EQ(all_null, std::vector<int>(n, 1));
}

TEST(GroupDescription, RunsWhenShorterAndTheListOtherwise) {
  using xo::mpi::Group;
  const auto evens = Group::from_world_ranks({0, 2, 4, 6, 8, 10, 12, 14});
  EXPECT_EQ(xo::mpi::describe_group(*evens), (std::vector<int>{1, 0, 8, 2}));
  const auto scattered = Group::from_world_ranks({5, 1, 9, 2});
  EXPECT_EQ(xo::mpi::describe_group(*scattered), (std::vector<int>{0, 5, 1, 9, 2}));
  const auto blocks = Group::from_world_ranks({0, 1, 2, 3, 10, 11, 12, 13, 7});
  for (const auto& group : {evens, scattered, blocks, Group::range(3, 1000)}) {
    const auto description = xo::mpi::describe_group(*group);
    EXPECT_LE(description.size(), static_cast<std::size_t>(group->size()) + 1);
    EXPECT_EQ(xo::mpi::read_group_description(description, group->size()), group->world_ranks());
  }
  EXPECT_EQ(xo::mpi::describe_group(*Group::range(3, 1000)).size(), 4u);
  // What another message with the same tag might hold instead.
  EXPECT_FALSE(xo::mpi::read_group_description(std::vector<int>{1, 0, 8, 2}, 9));
  EXPECT_FALSE(xo::mpi::read_group_description(std::vector<int>{1, 0, -3, 2}, 0));
  EXPECT_FALSE(xo::mpi::read_group_description(std::vector<int>{7, 1, 2}, 2));
  EXPECT_FALSE(xo::mpi::read_group_description(std::vector<int>{1, 2147483000, 5, 1000}, 5));
  EXPECT_FALSE(xo::mpi::read_group_description(std::vector<int>{}, 1));
}

namespace {

// The ways of making an intercommunicator that test harnesses use (the MPICH suite's among them):
// halves, one against the rest, two against the rest, halves then dup, halves then a split of the
// intercommunicator, halves without world rank 0, halves then MPI_Comm_create without each
// group's rank 0. Returns the groups' world ranks (left, right) and this rank's intercommunicator
// (MPI_COMM_NULL outside it); `scratch` collects what to free afterwards.
struct Shape {
  std::vector<int> left, right;
  MPI_Comm inter = MPI_COMM_NULL;
};

Shape make_shape(int shape, int rank, int n, std::vector<MPI_Comm>& scratch) {
  Shape s;
  const int cut = shape == 1 ? 1 : shape == 2 ? 2 : n / 2;
  for (int r = 0; r < n; ++r) {
    if (shape == 5 && r == 0) continue;
    (r < cut ? s.left : s.right).push_back(r);
  }
  const bool left = rank < cut;
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, shape == 5 && rank == 0 ? MPI_UNDEFINED : left, rank, &half);
  if (half == MPI_COMM_NULL) return s;
  scratch.push_back(half);
  const int leader = left ? s.right.front() : s.left.front();
  MPI_Comm inter;
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, leader, 12345 + shape, &inter);
  scratch.push_back(inter);
  if (shape == 3) MPI_Comm_dup(inter, &s.inter);
  if (shape == 4) {
    int local = 0;
    MPI_Comm_rank(inter, &local);
    MPI_Comm_split(inter, 0, local, &s.inter);
  }
  if (shape == 6) {
    MPI_Group all, rest;
    MPI_Comm_group(inter, &all);
    const int first[] = {0};
    MPI_Group_excl(all, 1, first, &rest);
    MPI_Comm_create(inter, rest, &s.inter);
    MPI_Group_free(&all);
    MPI_Group_free(&rest);
    s.left.erase(s.left.begin());
    s.right.erase(s.right.begin());
  }
  if (s.inter == MPI_COMM_NULL && shape != 6) s.inter = inter;
  if (s.inter != inter && s.inter != MPI_COMM_NULL) scratch.push_back(s.inter);
  return s;
}

}  // namespace

TEST(Intercomm, HarnessShapesCarryMessagesAndCollectives) {
  for (int n : {4, 5, 8}) {
    for (int shape = 0; shape < 7; ++shape) {
      SCOPED_TRACE("shape " + std::to_string(shape) + ", " + std::to_string(n) + " ranks");
      auto result = simulate(n, [&](int rank, int) {
        std::vector<MPI_Comm> scratch;
        const Shape s = make_shape(shape, rank, n, scratch);
        const bool left = std::find(s.left.begin(), s.left.end(), rank) != s.left.end();
        const bool right = std::find(s.right.begin(), s.right.end(), rank) != s.right.end();
        EXPECT_EQ(s.inter != MPI_COMM_NULL, left || right) << "rank " << rank;
        if (s.inter != MPI_COMM_NULL) {
          const std::vector<int>& mine = left ? s.left : s.right;
          const std::vector<int>& theirs = left ? s.right : s.left;
          int size = 0, remote = 0, me = 0;
          MPI_Comm_size(s.inter, &size);
          MPI_Comm_remote_size(s.inter, &remote);
          MPI_Comm_rank(s.inter, &me);
          EXPECT_EQ(size, static_cast<int>(mine.size()));
          EXPECT_EQ(remote, static_cast<int>(theirs.size()));
          EXPECT_EQ(mine[static_cast<std::size_t>(me)], rank);
          std::vector<MPI_Request> requests(static_cast<std::size_t>(remote));
          std::vector<int> out(2 * static_cast<std::size_t>(remote));
          for (int j = 0; j < remote; ++j) {
            out[2 * static_cast<std::size_t>(j)] = me;
            out[2 * static_cast<std::size_t>(j) + 1] = j;
            MPI_Isend(&out[2 * static_cast<std::size_t>(j)], 2, MPI_INT, j, 0, s.inter,
                      &requests[static_cast<std::size_t>(j)]);
          }
          for (int j = 0; j < remote; ++j) {
            int in[2] = {-1, -1};
            MPI_Recv(in, 2, MPI_INT, j, 0, s.inter, MPI_STATUS_IGNORE);
            EXPECT_EQ(in[0], j);
            EXPECT_EQ(in[1], me);
          }
          MPI_Waitall(remote, requests.data(), MPI_STATUSES_IGNORE);
          MPI_Barrier(s.inter);
          int sum = 0;
          MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, s.inter);
          EXPECT_EQ(sum, std::accumulate(theirs.begin(), theirs.end(), 0)) << "rank " << rank;
        }
        for (auto it = scratch.rbegin(); it != scratch.rend(); ++it) MPI_Comm_free(&*it);
      });
      ASSERT_EQ(result.exit_code, 0) << result.error;
    }
  }
}
