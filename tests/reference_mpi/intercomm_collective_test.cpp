// Collectives on intercommunicators (MPI-3.1 section 5.2.2): each against results computed here
// from world ranks, for 3, 4 and 7 ranks, groups of equal and unequal sizes and a group of one,
// with roots in either group (MPI_ROOT at the root, MPI_PROC_NULL beside it, the root's rank in
// the other group).

#include <gtest/gtest.h>

#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "intercomm_testing.hpp"

using xo::test::GroupSplit;
using xo::test::Intercomm;
using xo::test::simulate;

namespace {

// Who is where, worked out from the split alone.
struct Layout {
  int n = 0;
  GroupSplit split;
  std::vector<int> members[2];  // world ranks of each group, in local rank order

  Layout(int ranks, GroupSplit s) : n(ranks), split(std::move(s)) {
    for (int r = 0; r < n; ++r) members[split.color(r)].push_back(r);
  }
  int group(int r) const { return split.color(r); }
  int local(int r) const {
    const auto& m = members[group(r)];
    return static_cast<int>(std::find(m.begin(), m.end(), r) - m.begin());
  }
  const std::vector<int>& remote(int r) const { return members[1 - group(r)]; }
  int remote_size(int r) const { return static_cast<int>(remote(r).size()); }
};

std::vector<Layout> layouts() {
  return {Layout(3, GroupSplit::even_odd()), Layout(4, GroupSplit::even_odd()), Layout(7, GroupSplit::even_odd()),
          Layout(4, GroupSplit::first_alone()), Layout(7, GroupSplit::first_alone())};
}

std::string describe(const Layout& l) {
  return std::to_string(l.n) + " ranks, groups of " + std::to_string(l.members[0].size()) + " and " +
         std::to_string(l.members[1].size());
}

// Runs `body` on every layout; each rank gets its intercommunicator.
void on_every_layout(const std::function<void(const Layout&, int rank, MPI_Comm inter)>& body) {
  for (const Layout& layout : layouts()) {
    SCOPED_TRACE(describe(layout));
    auto result = simulate(layout.n, [&](int rank, int) {
      Intercomm ic(layout.split, rank);
      body(layout, rank, ic.inter);
    });
    ASSERT_EQ(result.exit_code, 0) << result.error;
  }
}

// The root argument for a root at local rank `root_local` of group `root_group`.
int root_argument(const Layout& l, int rank, int root_group, int root_local) {
  if (l.group(rank) != root_group) return root_local;
  return l.local(rank) == root_local ? MPI_ROOT : MPI_PROC_NULL;
}

}  // namespace

TEST(IntercommCollectives, BarrierWaitsForEveryProcessOfTheOtherGroup) {
  for (const Layout& layout : layouts()) {
    SCOPED_TRACE(describe(layout));
    std::vector<double> entered(static_cast<std::size_t>(layout.n)), left(entered.size());
    auto result = simulate(layout.n, [&](int rank, int) {
      Intercomm ic(layout.split, rank);
      if (rank == 0 || rank == layout.n - 1) {  // late arrivals: a large copy to itself first
        std::vector<char> out(1 << 20), in(1 << 20);
        MPI_Sendrecv(out.data(), 1 << 20, MPI_CHAR, 0, 0, in.data(), 1 << 20, MPI_CHAR, 0, 0, MPI_COMM_SELF,
                     MPI_STATUS_IGNORE);
      }
      entered[static_cast<std::size_t>(rank)] = MPI_Wtime();
      MPI_Barrier(ic.inter);
      left[static_cast<std::size_t>(rank)] = MPI_Wtime();
    });
    ASSERT_EQ(result.exit_code, 0) << result.error;
    for (int r = 0; r < layout.n; ++r) {
      for (int q : layout.remote(r)) {
        EXPECT_GE(left[static_cast<std::size_t>(r)], entered[static_cast<std::size_t>(q)]) << r << " left before " << q;
      }
    }
  }
}

TEST(IntercommCollectives, BcastFromEitherGroup) {
  on_every_layout([](const Layout& l, int rank, MPI_Comm inter) {
    for (int root_group : {0, 1}) {
      const int root_local = static_cast<int>(l.members[root_group].size()) - 1;
      const int root_world = l.members[root_group][static_cast<std::size_t>(root_local)];
      const int root = root_argument(l, rank, root_group, root_local);
      std::vector<int> buffer(3, -1);
      if (root == MPI_ROOT) buffer = {root_world * 10, root_world * 10 + 1, root_world * 10 + 2};
      MPI_Bcast(buffer.data(), 3, MPI_INT, root, inter);
      const std::vector<int> sent{root_world * 10, root_world * 10 + 1, root_world * 10 + 2};
      if (l.group(rank) != root_group) {
        EXPECT_EQ(buffer, sent) << "rank " << rank;
      } else if (root == MPI_PROC_NULL) {
        EXPECT_EQ(buffer, std::vector<int>(3, -1)) << "rank " << rank;
      }
    }
  });
}

TEST(IntercommCollectives, GatherAndGathervCollectTheOtherGroupAtTheRoot) {
  on_every_layout([](const Layout& l, int rank, MPI_Comm inter) {
    const int root = root_argument(l, rank, 0, 0);
    const int remote = l.remote_size(rank);
    const int mine[2] = {rank * 100, rank * 100 + 1};
    std::vector<int> got(static_cast<std::size_t>(2 * remote), -1);
    MPI_Gather(mine, 2, MPI_INT, got.data(), 2, MPI_INT, root, inter);
    if (root == MPI_ROOT) {
      std::vector<int> expected;
      for (int q : l.members[1]) expected.insert(expected.end(), {q * 100, q * 100 + 1});
      EXPECT_EQ(got, expected);
    }
    // Gatherv: remote rank i sends i + 1 copies of its world rank; the root leaves a gap of one.
    std::vector<int> counts, displs;
    for (int i = 0, at = 0; i < remote; ++i) {
      counts.push_back(i + 1);
      displs.push_back(at);
      at += i + 2;
    }
    std::vector<int> gathered(static_cast<std::size_t>(remote * (remote + 3) / 2), -1);
    const std::vector<int> out(static_cast<std::size_t>(l.local(rank) + 1), rank);
    MPI_Gatherv(out.data(), l.local(rank) + 1, MPI_INT, gathered.data(), counts.data(), displs.data(), MPI_INT, root,
                inter);
    if (root == MPI_ROOT) {
      std::vector<int> expected;
      for (int i = 0; i < remote; ++i) {
        expected.insert(expected.end(), static_cast<std::size_t>(i + 1), l.members[1][static_cast<std::size_t>(i)]);
        expected.push_back(-1);
      }
      EXPECT_EQ(gathered, expected);
    }
  });
}

TEST(IntercommCollectives, ScatterAndScattervDealBlocksToTheOtherGroup) {
  on_every_layout([](const Layout& l, int rank, MPI_Comm inter) {
    const int root = root_argument(l, rank, 1, 0);  // the root is in group 1
    const int remote = l.remote_size(rank);
    std::vector<int> blocks;
    for (int i = 0; i < remote; ++i) blocks.insert(blocks.end(), {i * 7, i * 7 + 1});
    int got[2] = {-1, -1};
    MPI_Scatter(blocks.data(), 2, MPI_INT, got, 2, MPI_INT, root, inter);
    if (l.group(rank) == 0) {
      EXPECT_EQ(got[0], l.local(rank) * 7);
      EXPECT_EQ(got[1], l.local(rank) * 7 + 1);
    }
    // Scatterv: remote rank i gets i + 1 copies of 1000 + i, read from every other slot.
    std::vector<int> counts, displs, source;
    for (int i = 0; i < remote; ++i) {
      counts.push_back(i + 1);
      displs.push_back(static_cast<int>(source.size()));
      source.insert(source.end(), static_cast<std::size_t>(i + 1), 1000 + i);
      source.push_back(-5);
    }
    std::vector<int> part(static_cast<std::size_t>(l.local(rank) + 1), -1);
    MPI_Scatterv(source.data(), counts.data(), displs.data(), MPI_INT, part.data(), l.local(rank) + 1, MPI_INT, root,
                 inter);
    if (l.group(rank) == 0) {
      EXPECT_EQ(part, std::vector<int>(part.size(), 1000 + l.local(rank)));
    }
  });
}

TEST(IntercommCollectives, AllgatherAndAllgathervGiveEachGroupTheOthersBlocks) {
  on_every_layout([](const Layout& l, int rank, MPI_Comm inter) {
    const auto& remote = l.remote(rank);
    const int mine[2] = {rank, -rank};
    std::vector<int> got(2 * remote.size(), 99);
    MPI_Allgather(mine, 2, MPI_INT, got.data(), 2, MPI_INT, inter);
    std::vector<int> expected;
    for (int q : remote) expected.insert(expected.end(), {q, -q});
    EXPECT_EQ(got, expected) << "rank " << rank;

    std::vector<int> counts, displs;
    expected.clear();
    for (std::size_t i = 0; i < remote.size(); ++i) {
      counts.push_back(static_cast<int>(i) + 1);
      displs.push_back(static_cast<int>(expected.size()));
      expected.insert(expected.end(), i + 1, remote[i]);
      expected.push_back(99);
    }
    std::vector<int> varying(expected.size(), 99);
    const std::vector<int> out(static_cast<std::size_t>(l.local(rank) + 1), rank);
    MPI_Allgatherv(out.data(), l.local(rank) + 1, MPI_INT, varying.data(), counts.data(), displs.data(), MPI_INT,
                   inter);
    EXPECT_EQ(varying, expected) << "rank " << rank;
  });
}

TEST(IntercommCollectives, AlltoallAndAlltoallvPairEveryProcessWithEveryRemoteOne) {
  on_every_layout([](const Layout& l, int rank, MPI_Comm inter) {
    const auto& remote = l.remote(rank);
    const int n = static_cast<int>(remote.size());
    const int me = l.local(rank);
    std::vector<int> out, in(static_cast<std::size_t>(n), -1), expected;
    for (int j = 0; j < n; ++j) out.push_back(rank * 1000 + j);
    for (int q : remote) expected.push_back(q * 1000 + me);
    MPI_Alltoall(out.data(), 1, MPI_INT, in.data(), 1, MPI_INT, inter);
    EXPECT_EQ(in, expected) << "rank " << rank;

    // Alltoallv: to remote rank j, j + 1 copies of rank * 1000 + j; so from each, me + 1 copies.
    std::vector<int> scounts, sdispls, rcounts, rdispls, vout;
    expected.clear();
    for (int j = 0; j < n; ++j) {
      scounts.push_back(j + 1);
      sdispls.push_back(static_cast<int>(vout.size()));
      vout.insert(vout.end(), static_cast<std::size_t>(j + 1), rank * 1000 + j);
      rcounts.push_back(me + 1);
      rdispls.push_back(static_cast<int>(expected.size()));
      expected.insert(expected.end(), static_cast<std::size_t>(me + 1),
                      remote[static_cast<std::size_t>(j)] * 1000 + me);
    }
    std::vector<int> vin(expected.size(), -1);
    MPI_Alltoallv(vout.data(), scounts.data(), sdispls.data(), MPI_INT, vin.data(), rcounts.data(), rdispls.data(),
                  MPI_INT, inter);
    EXPECT_EQ(vin, expected) << "rank " << rank;
  });
}

TEST(IntercommCollectives, ReduceAndAllreduceCombineTheOtherGroup) {
  on_every_layout([](const Layout& l, int rank, MPI_Comm inter) {
    for (int root_group : {0, 1}) {
      const int root = root_argument(l, rank, root_group, 0);
      const int mine[2] = {rank, 1};
      int got[2] = {-1, -1};
      MPI_Reduce(mine, got, 2, MPI_INT, MPI_SUM, root, inter);
      const auto& senders = l.members[1 - root_group];
      if (root == MPI_ROOT) {
        EXPECT_EQ(got[0], std::accumulate(senders.begin(), senders.end(), 0));
        EXPECT_EQ(got[1], static_cast<int>(senders.size()));
      } else {
        EXPECT_EQ(got[0], -1);
      }
    }
    const auto& remote = l.remote(rank);
    const double mine[2] = {static_cast<double>(rank), 1.0};
    double sums[2] = {0, 0};
    MPI_Allreduce(mine, sums, 2, MPI_DOUBLE, MPI_SUM, inter);
    EXPECT_EQ(sums[0], std::accumulate(remote.begin(), remote.end(), 0));
    EXPECT_EQ(sums[1], static_cast<double>(remote.size()));
    int highest = -1;
    MPI_Allreduce(&rank, &highest, 1, MPI_INT, MPI_MAX, inter);
    EXPECT_EQ(highest, remote.back());
  });
}

TEST(IntercommCollectives, ReduceScatterScattersTheOtherGroupsReduction) {
  on_every_layout([](const Layout& l, int rank, MPI_Comm inter) {
    // Both groups reduce vectors of 7 elements; each group splits them among its ranks.
    const int total = 7;
    const auto size = static_cast<int>(l.members[l.group(rank)].size());
    std::vector<int> counts;
    for (int i = 0; i < size; ++i) counts.push_back(total / size + (i < total % size ? 1 : 0));
    std::vector<int> vector;
    for (int k = 0; k < total; ++k) vector.push_back(rank * 100 + k);
    const int me = l.local(rank);
    std::vector<int> part(static_cast<std::size_t>(counts[static_cast<std::size_t>(me)]), -1);
    MPI_Reduce_scatter(vector.data(), part.data(), counts.data(), MPI_INT, MPI_SUM, inter);
    const auto& remote = l.remote(rank);
    const int remote_sum = std::accumulate(remote.begin(), remote.end(), 0);
    const int first = std::accumulate(counts.begin(), counts.begin() + me, 0);
    std::vector<int> expected;
    for (int k = first; k < first + counts[static_cast<std::size_t>(me)]; ++k) {
      expected.push_back(remote_sum * 100 + k * static_cast<int>(remote.size()));
    }
    EXPECT_EQ(part, expected) << "rank " << rank;
  });
}
