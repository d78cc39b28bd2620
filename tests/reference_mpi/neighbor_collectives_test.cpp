// Neighbourhood collectives on Cartesian, graph and distributed-graph communicators, against
// buffers computed in the test from coordinate arithmetic and the graphs' lists: MPI_PROC_NULL
// neighbours leave their blocks untouched, periodic dimensions of size 1 and 2 deliver what was
// sent in each direction to the block of the opposite one, the transfers cost model time, and the
// calls are traced as collectives.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "simulate.hpp"
#include "xo/reference_mpi/run_observer.hpp"

using xo::test::simulate;

namespace {

constexpr int kUntouched = -1;

// The neighbour of grid position `coords` one step along `dim` in `direction` (-1 or +1), as a
// row-major rank, or MPI_PROC_NULL past a non-periodic edge.
int neighbor(std::vector<int> coords, const std::vector<int>& dims, const std::vector<int>& periods, std::size_t dim,
             int direction) {
  coords[dim] += direction;
  if (coords[dim] < 0 || coords[dim] >= dims[dim]) {
    if (!periods[dim]) return MPI_PROC_NULL;
    coords[dim] = (coords[dim] + dims[dim]) % dims[dim];
  }
  int rank = 0;
  for (std::size_t d = 0; d < dims.size(); ++d) rank = rank * dims[d] + coords[d];
  return rank;
}

std::vector<int> coords_of(int rank, const std::vector<int>& dims) {
  std::vector<int> c(dims.size());
  for (std::size_t d = dims.size(); d-- > 0;) {
    c[d] = rank % dims[d];
    rank /= dims[d];
  }
  return c;
}

// Cartesian neighbour k of `rank`: 2d at -1, 2d+1 at +1 along dimension d.
int cart_neighbor(int rank, std::size_t k, const std::vector<int>& dims, const std::vector<int>& periods) {
  return neighbor(coords_of(rank, dims), dims, periods, k / 2, k % 2 == 0 ? -1 : 1);
}

// Runs Neighbor_alltoall on a grid where each rank sends 100 * rank + k to neighbour k; returns
// every rank's receive buffer.
std::vector<std::vector<int>> cart_alltoall(const std::vector<int>& dims, const std::vector<int>& periods) {
  int ranks = 1;
  for (int d : dims) ranks *= d;
  std::vector<std::vector<int>> got(static_cast<std::size_t>(ranks));
  auto result = simulate(ranks, [&](int rank, int) {
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, static_cast<int>(dims.size()), dims.data(), periods.data(), 0, &cart);
    const std::size_t n = 2 * dims.size();
    std::vector<int> send(n), recv(n, kUntouched);
    for (std::size_t k = 0; k < n; ++k) send[k] = 100 * rank + static_cast<int>(k);
    EXPECT_EQ(MPI_Neighbor_alltoall(send.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, cart), MPI_SUCCESS);
    got[static_cast<std::size_t>(rank)] = recv;
    MPI_Comm_free(&cart);
  });
  EXPECT_EQ(result.exit_code, 0) << result.error;
  return got;
}

// What Neighbor_alltoall delivers on a grid: block j comes from source j, which sent it towards
// this rank, i.e. in the direction opposite to j (its block j ^ 1).
std::vector<int> expected_cart_alltoall(int rank, const std::vector<int>& dims, const std::vector<int>& periods) {
  std::vector<int> out(2 * dims.size(), kUntouched);
  for (std::size_t j = 0; j < out.size(); ++j) {
    const int source = cart_neighbor(rank, j, dims, periods);
    if (source != MPI_PROC_NULL) out[j] = 100 * source + static_cast<int>(j ^ 1);
  }
  return out;
}

}  // namespace

TEST(NeighborCollectives, CartesianAllgatherLeavesEdgeBlocksUntouched) {
  const std::vector<int> dims = {3, 4}, periods = {0, 0};
  std::vector<std::vector<int>> got(12);
  auto result = simulate(12, [&](int rank, int) {
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims.data(), periods.data(), 0, &cart);
    const int mine[2] = {rank, -rank};
    std::vector<int> recv(8, kUntouched);
    MPI_Neighbor_allgather(mine, 2, MPI_INT, recv.data(), 2, MPI_INT, cart);
    got[static_cast<std::size_t>(rank)] = recv;
    MPI_Comm_free(&cart);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int rank = 0; rank < 12; ++rank) {
    std::vector<int> expected(8, kUntouched);
    for (std::size_t j = 0; j < 4; ++j) {
      const int source = cart_neighbor(rank, j, dims, periods);
      if (source == MPI_PROC_NULL) continue;
      expected[2 * j] = source;
      expected[2 * j + 1] = -source;
    }
    EXPECT_EQ(got[static_cast<std::size_t>(rank)], expected) << "rank " << rank;
  }
}

TEST(NeighborCollectives, CartesianAlltoallKeepsDirectionsApartOnSmallPeriodicDimensions) {
  // Size 1 and 2 periodic dimensions: both neighbours are the same process (or the process itself).
  const std::vector<std::pair<std::vector<int>, std::vector<int>>> grids = {
      {{1}, {1}}, {{2}, {1}}, {{2, 3}, {1, 1}}, {{3, 2}, {0, 1}}, {{2, 1, 3}, {1, 1, 0}}, {{4}, {0}}};
  for (const auto& [dims, periods] : grids) {
    const auto got = cart_alltoall(dims, periods);
    for (std::size_t rank = 0; rank < got.size(); ++rank) {
      EXPECT_EQ(got[rank], expected_cart_alltoall(static_cast<int>(rank), dims, periods))
          << "rank " << rank << " of a grid of " << dims.size() << " dimensions";
    }
  }
}

TEST(NeighborCollectives, CartesianAlltoallvWithBlocksOfDifferentSizes) {
  // A 2x3 grid, periodic in dimension 1: block k holds k + 1 ints (rank, k, 0, 1, ...), placed at
  // displacement 10 k on both sides.
  const std::vector<int> dims = {2, 3}, periods = {0, 1};
  std::vector<std::vector<int>> got(6);
  auto result = simulate(6, [&](int rank, int) {
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims.data(), periods.data(), 0, &cart);
    std::vector<int> send(40, 0), recv(40, kUntouched);
    int sendcounts[4], sdispls[4], recvcounts[4], rdispls[4];
    for (int k = 0; k < 4; ++k) {
      sendcounts[k] = k + 1;
      sdispls[k] = 10 * k;
      for (int i = 0; i <= k; ++i) send[static_cast<std::size_t>(10 * k + i)] = 1000 * rank + 10 * k + i;
      recvcounts[k] = (k ^ 1) + 1;  // the source sent its block k ^ 1
      rdispls[k] = 10 * k;
    }
    MPI_Neighbor_alltoallv(send.data(), sendcounts, sdispls, MPI_INT, recv.data(), recvcounts, rdispls, MPI_INT, cart);
    got[static_cast<std::size_t>(rank)] = recv;
    MPI_Comm_free(&cart);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int rank = 0; rank < 6; ++rank) {
    std::vector<int> expected(40, kUntouched);
    for (std::size_t j = 0; j < 4; ++j) {
      const int source = cart_neighbor(rank, j, dims, periods);
      if (source == MPI_PROC_NULL) continue;
      const int k = static_cast<int>(j ^ 1);
      for (int i = 0; i <= k; ++i) expected[10 * j + static_cast<std::size_t>(i)] = 1000 * source + 10 * k + i;
    }
    EXPECT_EQ(got[static_cast<std::size_t>(rank)], expected) << "rank " << rank;
  }
}

TEST(NeighborCollectives, GraphAllgatherAndAlltoall) {
  // The standard's example graph (0-1, 0-3, 2-3) plus a double edge 1-2: neighbour lists in order.
  const std::vector<std::vector<int>> around = {{1, 3}, {0, 2, 2}, {3, 1, 1}, {0, 2}};
  std::vector<int> index, edges;
  for (const auto& list : around) {
    edges.insert(edges.end(), list.begin(), list.end());
    index.push_back(static_cast<int>(edges.size()));
  }
  std::vector<std::vector<int>> gathered(4), exchanged(4);
  auto result = simulate(4, [&](int rank, int) {
    MPI_Comm graph;
    MPI_Graph_create(MPI_COMM_WORLD, 4, index.data(), edges.data(), 0, &graph);
    const std::size_t degree = around[static_cast<std::size_t>(rank)].size();
    std::vector<int> recv(degree, kUntouched), send(degree);
    MPI_Neighbor_allgather(&rank, 1, MPI_INT, recv.data(), 1, MPI_INT, graph);
    gathered[static_cast<std::size_t>(rank)] = recv;
    for (std::size_t k = 0; k < degree; ++k) send[k] = 100 * rank + static_cast<int>(k);
    MPI_Neighbor_alltoall(send.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, graph);
    exchanged[static_cast<std::size_t>(rank)] = recv;
    MPI_Comm_free(&graph);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int rank = 0; rank < 4; ++rank) {
    const auto& mine = around[static_cast<std::size_t>(rank)];
    EXPECT_EQ(gathered[static_cast<std::size_t>(rank)], mine);
    // Block j comes from neighbour s = mine[j]: the block s addressed to this rank, and with a
    // double edge the i-th edge to s pairs with s's i-th edge back (messages keep their order).
    std::vector<int> expected;
    for (std::size_t j = 0; j < mine.size(); ++j) {
      const int s = mine[j];
      const int nth = static_cast<int>(std::count(mine.begin(), mine.begin() + static_cast<long>(j), s));
      const auto& theirs = around[static_cast<std::size_t>(s)];
      int seen = 0;
      for (std::size_t k = 0; k < theirs.size(); ++k) {
        if (theirs[k] == rank && seen++ == nth) expected.push_back(100 * s + static_cast<int>(k));
      }
    }
    EXPECT_EQ(exchanged[static_cast<std::size_t>(rank)], expected) << "rank " << rank;
  }
}

TEST(NeighborCollectives, DistributedGraphAllgathervAndAlltoallw) {
  // Rank r sends to r+1 and r+3 (mod 5) and hears from r-1 and r-3, as it lists them.
  constexpr int n = 5;
  std::vector<std::vector<int>> gathered(n), exchanged(n);
  auto result = simulate(n, [&](int rank, int) {
    const int destinations[] = {(rank + 1) % n, (rank + 3) % n};
    const int sources[] = {(rank + n - 3) % n, (rank + n - 1) % n};
    MPI_Comm dist;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, sources, MPI_UNWEIGHTED, 2, destinations, MPI_UNWEIGHTED,
                                   MPI_INFO_NULL, 0, &dist);
    // Allgatherv: every source's block of rank + 1 ints (value = its rank), placed at 8 j.
    std::vector<int> mine(static_cast<std::size_t>(rank) + 1, rank), recv(16, kUntouched);
    const int recvcounts[] = {sources[0] + 1, sources[1] + 1}, displs[] = {0, 8};
    MPI_Neighbor_allgatherv(mine.data(), rank + 1, MPI_INT, recv.data(), recvcounts, displs, MPI_INT, dist);
    gathered[static_cast<std::size_t>(rank)] = recv;
    // Alltoallw: two ints to the first destination (r+1), one int from byte 8 to the second (r+3).
    // So source r-3 (this rank is its second destination) sends one int, received at byte 40, and
    // source r-1 (its first) two, received every other int from byte 4.
    MPI_Datatype strided;
    MPI_Type_vector(2, 1, 2, MPI_INT, &strided);
    MPI_Type_commit(&strided);
    const int send[] = {10 * rank, 10 * rank + 1, 10 * rank + 2};
    const int sendcounts[] = {2, 1}, wrecvcounts[] = {1, 1};
    const MPI_Aint sdispls[] = {0, 8}, rdispls[] = {40, 4};
    const MPI_Datatype sendtypes[] = {MPI_INT, MPI_INT}, recvtypes[] = {MPI_INT, strided};
    std::vector<int> wrecv(12, kUntouched);
    MPI_Neighbor_alltoallw(send, sendcounts, sdispls, sendtypes, wrecv.data(), wrecvcounts, rdispls, recvtypes, dist);
    exchanged[static_cast<std::size_t>(rank)] = wrecv;
    MPI_Type_free(&strided);
    MPI_Comm_free(&dist);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int rank = 0; rank < n; ++rank) {
    const int far = (rank + n - 3) % n, near = (rank + n - 1) % n;
    std::vector<int> expected(16, kUntouched);
    for (int i = 0; i <= far; ++i) expected[static_cast<std::size_t>(i)] = far;
    for (int i = 0; i <= near; ++i) expected[8 + static_cast<std::size_t>(i)] = near;
    EXPECT_EQ(gathered[static_cast<std::size_t>(rank)], expected) << "rank " << rank;
    std::vector<int> w(12, kUntouched);
    w[10] = 10 * far + 2;  // far's second destination block: its int at byte 8
    w[1] = 10 * near;      // near's first destination block, strided from byte 4
    w[3] = 10 * near + 1;
    EXPECT_EQ(exchanged[static_cast<std::size_t>(rank)], w) << "rank " << rank;
  }
}

TEST(NeighborCollectives, TransfersCostModelTimeAndAreTracedAsCollectives) {
  class Calls : public xo::mpi::RunObserver {
   public:
    std::vector<std::string> collectives;
    int messages = 0;
    void collective_end(int rank, const xo::mpi::CollectiveEvent& c, std::int64_t) override {
      const std::string call = c.call;
      if (rank == 0 && call.rfind("MPI_Neighbor", 0) == 0) collectives.push_back(call + " " + c.algorithm);
    }
    void isend(int, const xo::mpi::MessageEvent&, std::int64_t) override { ++messages; }
    void send(int, const xo::mpi::MessageEvent&, std::int64_t) override { ++messages; }
  } calls;
  std::vector<double> seconds;
  xo::mpi::SimulationOptions options;
  options.ranks = 8;
  options.machine = "xt3";
  options.observer = &calls;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  auto result = xo::test::run_ranks(options, [&](int rank) {
    const int dims[] = {8}, periods[] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    for (int bytes : {8, 1 << 20}) {
      std::vector<char> send(2 * static_cast<std::size_t>(bytes)), recv(send.size());
      MPI_Barrier(ring);
      const double start = MPI_Wtime();
      MPI_Neighbor_alltoall(send.data(), bytes, MPI_BYTE, recv.data(), bytes, MPI_BYTE, ring);
      if (rank == 0) seconds.push_back(MPI_Wtime() - start);
    }
    std::vector<int> counts(2, 1), displs = {0, 1};
    int one = rank, two[2];
    MPI_Neighbor_allgather(&one, 1, MPI_INT, two, 1, MPI_INT, ring);
    MPI_Neighbor_allgatherv(&one, 1, MPI_INT, two, counts.data(), displs.data(), MPI_INT, ring);
    MPI_Neighbor_alltoallv(two, counts.data(), displs.data(), MPI_INT, two, counts.data(), displs.data(), MPI_INT,
                           ring);
    const MPI_Aint bytes[] = {0, 4};
    const MPI_Datatype types[] = {MPI_INT, MPI_INT};
    int out[2] = {rank, rank};
    MPI_Neighbor_alltoallw(out, counts.data(), bytes, types, two, counts.data(), bytes, types, ring);
    MPI_Comm_free(&ring);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  ASSERT_EQ(seconds.size(), 2u);
  EXPECT_GT(seconds[0], 0);
  EXPECT_GT(seconds[1], 10 * seconds[0]);  // a megabyte each way takes far longer than 8 bytes
  EXPECT_EQ(calls.messages, 0);            // the transfers are the collective's, not the program's
  EXPECT_EQ(calls.collectives,
            (std::vector<std::string>{"MPI_Neighbor_alltoall linear", "MPI_Neighbor_alltoall linear",
                                      "MPI_Neighbor_allgather linear", "MPI_Neighbor_allgatherv linear",
                                      "MPI_Neighbor_alltoallv linear", "MPI_Neighbor_alltoallw linear"}));
}

TEST(NeighborCollectives, MisuseGivesTheStandardErrorClasses) {
  std::vector<int> codes;
  auto result = simulate(3, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int in[4] = {0, 0, 0, 0}, out[4] = {0, 0, 0, 0};
    const int no_topology = MPI_Neighbor_allgather(out, 1, MPI_INT, in, 1, MPI_INT, MPI_COMM_WORLD);
    // 0 -> 1 without 1 -> 0: a directed graph is not allowed as a graph topology here.
    const int index[] = {1, 1, 1}, edges[] = {1};
    MPI_Comm graph;
    MPI_Graph_create(MPI_COMM_WORLD, 3, index, edges, 0, &graph);
    const int asymmetric = MPI_Neighbor_alltoall(out, 1, MPI_INT, in, 1, MPI_INT, graph);
    const int dims[] = {3}, periods[] = {1};
    MPI_Comm ring;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    const int in_place = MPI_Neighbor_allgather(MPI_IN_PLACE, 1, MPI_INT, in, 1, MPI_INT, ring);
    const int negative = MPI_Neighbor_alltoall(out, -1, MPI_INT, in, 1, MPI_INT, ring);
    const int bad_type = MPI_Neighbor_alltoall(out, 1, MPI_DATATYPE_NULL, in, 1, MPI_INT, ring);
    if (rank == 0) codes = {no_topology, asymmetric, in_place, negative, bad_type};
    MPI_Comm_free(&ring);
    MPI_Comm_free(&graph);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_TOPOLOGY, MPI_ERR_TOPOLOGY, MPI_ERR_ARG, MPI_ERR_COUNT, MPI_ERR_TYPE}));
}
