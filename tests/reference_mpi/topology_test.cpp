// Process topologies: MPI_Dims_create against a brute-force search, Cartesian grids (ranks,
// coordinates, shifts and sub-grids) against coordinate arithmetic, graphs and distributed graphs
// against the lists the program gave, and the error classes of misuse.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

// Every ordered factorization of `value` into `count` factors, each at least 1.
void factorizations(int value, int count, std::vector<int>& current, std::vector<std::vector<int>>& out) {
  if (count == 0) {
    if (value == 1) out.push_back(current);
    return;
  }
  for (int f = 1; f <= value; ++f) {
    if (value % f != 0) continue;
    current.push_back(f);
    factorizations(value / f, count - 1, current, out);
    current.pop_back();
  }
}

// The balanced choice as the header states it: among non-increasing factorizations, the least
// spread between largest and smallest, then the largest smallest factor, next-smallest, ...
std::vector<int> reference_dims(int nnodes, std::vector<int> dims, bool& possible) {
  int fixed = 1, free = 0;
  for (int d : dims) {
    if (d == 0) {
      ++free;
    } else {
      fixed *= d;
    }
  }
  possible = nnodes % fixed == 0 && (free > 0 || fixed == nnodes);
  if (!possible) return {};
  std::vector<std::vector<int>> all;
  std::vector<int> current;
  factorizations(nnodes / fixed, free, current, all);
  std::vector<int> best;
  for (const auto& f : all) {
    if (!std::is_sorted(f.begin(), f.end(), std::greater<int>())) continue;
    if (best.empty()) {
      best = f;
      continue;
    }
    const int spread = f.empty() ? 0 : f.front() - f.back();
    const int best_spread = best.empty() ? 0 : best.front() - best.back();
    const bool larger_small_end = std::lexicographical_compare(best.rbegin(), best.rend(), f.rbegin(), f.rend());
    if (spread < best_spread || (spread == best_spread && larger_small_end)) best = f;
  }
  std::size_t next = 0;
  for (int& d : dims) {
    if (d == 0) d = best[next++];
  }
  return dims;
}

}  // namespace

TEST(Topology, DimsCreateMatchesABruteForceSearch) {
  // Patterns of fixed entries (0: chosen by MPI_Dims_create).
  const std::vector<std::vector<int>> patterns = {{0},          {0, 0},       {0, 0, 0},    {0, 0, 0, 0},
                                                  {2, 0},       {0, 3, 0},    {0, 0, 2, 0}, {4, 0, 0},
                                                  {0, 0, 0, 1}, {2, 0, 0, 3}, {5, 0},       {0, 0, 0, 0, 0}};
  int checked = 0, errors_checked = 0;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (int nnodes = 1; nnodes <= 144; ++nnodes) {
      for (const auto& pattern : patterns) {
        bool possible = false;
        const std::vector<int> expected = reference_dims(nnodes, pattern, possible);
        std::vector<int> dims = pattern;
        const int code = MPI_Dims_create(nnodes, static_cast<int>(dims.size()), dims.data());
        if (!possible) {
          EXPECT_EQ(code, MPI_ERR_DIMS) << nnodes;
          ++errors_checked;
          continue;
        }
        ASSERT_EQ(code, MPI_SUCCESS) << nnodes;
        EXPECT_EQ(dims, expected) << "nnodes " << nnodes << ", ndims " << dims.size();
        ++checked;
      }
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_GT(checked, 1000);
  EXPECT_GT(errors_checked, 50);
}

TEST(Topology, DimsCreateExamplesOfTheStandard) {
  std::vector<std::vector<int>> got;
  int impossible = MPI_SUCCESS, negative = MPI_SUCCESS;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    std::vector<int> a = {0, 0}, b = {0, 0}, c = {0, 3, 0}, d = {0, 3, 0}, e = {0, -1};
    MPI_Dims_create(6, 2, a.data());
    MPI_Dims_create(7, 2, b.data());
    MPI_Dims_create(6, 3, c.data());
    impossible = MPI_Dims_create(7, 3, d.data());
    negative = MPI_Dims_create(4, 2, e.data());
    std::vector<int> big(3, 0), tie(3, 0);
    MPI_Dims_create(1 << 20, 3, big.data());
    MPI_Dims_create(5040, 3, tie.data());
    got = {a, b, c, big, tie};
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got[0], (std::vector<int>{3, 2}));
  EXPECT_EQ(got[1], (std::vector<int>{7, 1}));
  EXPECT_EQ(got[2], (std::vector<int>{2, 3, 1}));
  EXPECT_EQ(got[3], (std::vector<int>{128, 128, 64}));
  EXPECT_EQ(got[4], (std::vector<int>{21, 16, 15}));  // spread 6 as 20x18x14, whose smallest is smaller
  EXPECT_EQ(impossible, MPI_ERR_DIMS);
  EXPECT_EQ(negative, MPI_ERR_DIMS);
}

TEST(Topology, CartesianRanksCoordinatesAndShiftsFollowCoordinateArithmetic) {
  const int dims[] = {3, 4};
  for (int periodic : {0, 1}) {
    const int periods[] = {periodic, 1 - periodic};
    auto result = simulate(12, [&](int rank, int) {
      MPI_Comm cart;
      MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
      int status = -1, ndims = -1, cart_rank = -1;
      MPI_Topo_test(cart, &status);
      EXPECT_EQ(status, MPI_CART);
      MPI_Cartdim_get(cart, &ndims);
      EXPECT_EQ(ndims, 2);
      MPI_Comm_rank(cart, &cart_rank);
      EXPECT_EQ(cart_rank, rank);  // reorder is not used: grid position i is old rank i
      int got_dims[2], got_periods[2], coords[2];
      MPI_Cart_get(cart, 2, got_dims, got_periods, coords);
      EXPECT_EQ(got_dims[0], 3);
      EXPECT_EQ(got_dims[1], 4);
      EXPECT_EQ(got_periods[0], periods[0]);
      EXPECT_EQ(got_periods[1], periods[1]);
      EXPECT_EQ(coords[0], rank / 4);  // row-major
      EXPECT_EQ(coords[1], rank % 4);
      for (int r = 0; r < 12; ++r) {
        int c[2], back = -1;
        MPI_Cart_coords(cart, r, 2, c);
        EXPECT_EQ(c[0] * 4 + c[1], r);
        MPI_Cart_rank(cart, c, &back);
        EXPECT_EQ(back, r);
      }
      for (int direction = 0; direction < 2; ++direction) {
        for (int disp = -5; disp <= 5; ++disp) {
          int source = -99, dest = -99;
          MPI_Cart_shift(cart, direction, disp, &source, &dest);
          auto moved = [&](int by) {
            int c[2] = {rank / 4, rank % 4};
            c[direction] += by;
            const int size = dims[direction];
            if (periods[direction]) {
              c[direction] = ((c[direction] % size) + size) % size;
            } else if (c[direction] < 0 || c[direction] >= size) {
              return MPI_PROC_NULL;
            }
            return c[0] * 4 + c[1];
          };
          EXPECT_EQ(dest, moved(disp)) << "direction " << direction << " disp " << disp;
          EXPECT_EQ(source, moved(-disp)) << "direction " << direction << " disp " << disp;
        }
      }
      MPI_Comm dup;
      MPI_Comm_dup(cart, &dup);
      MPI_Topo_test(dup, &status);
      EXPECT_EQ(status, MPI_CART);  // a duplicate keeps the topology
      MPI_Comm_free(&dup);
      MPI_Comm_free(&cart);
    });
    ASSERT_EQ(result.exit_code, 0) << result.error;
  }
}

TEST(Topology, ExtraProcessesGetCommNullAndPeriodicCoordinatesWrap) {
  std::vector<int> is_null(12, -1);
  std::vector<int> wrapped(12, -1);
  auto result = simulate(12, [&](int rank, int) {
    const int dims[] = {2, 5}, periods[] = {1, 0};
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
    is_null[static_cast<std::size_t>(rank)] = cart == MPI_COMM_NULL;
    int mapped = -1;
    MPI_Cart_map(MPI_COMM_WORLD, 2, dims, periods, &mapped);
    EXPECT_EQ(mapped, rank < 10 ? rank : MPI_UNDEFINED);
    if (cart == MPI_COMM_NULL) return;
    const int outside[] = {-3, 2};  // row -3 wraps to 1
    MPI_Cart_rank(cart, outside, &wrapped[static_cast<std::size_t>(rank)]);
    int size = 0;
    MPI_Comm_size(cart, &size);
    EXPECT_EQ(size, 10);
    MPI_Comm_free(&cart);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < 12; ++r) {
    EXPECT_EQ(is_null[static_cast<std::size_t>(r)], r >= 10 ? 1 : 0);
    if (r < 10) {
      EXPECT_EQ(wrapped[static_cast<std::size_t>(r)], 7);
    }
  }
}

TEST(Topology, CartSubKeepsTheRemainingDimensions) {
  // A 2x3x2 grid; keeping dimensions 0 and 2 gives three 2x2 grids, one per coordinate of dim 1.
  struct Seen {
    int size = 0, rank = -1, ndims = -1, sum = 0, dims0 = 0, dims1 = 0, periods0 = -1, coords0 = -1, coords1 = -1;
  };
  std::vector<Seen> seen(12);
  std::vector<int> single(12, -1);
  auto result = simulate(12, [&](int rank, int) {
    const int dims[] = {2, 3, 2}, periods[] = {1, 0, 0};
    MPI_Comm cart, sub, point;
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
    const int remain[] = {1, 0, 1};
    MPI_Cart_sub(cart, remain, &sub);
    Seen& s = seen[static_cast<std::size_t>(rank)];
    MPI_Comm_size(sub, &s.size);
    MPI_Comm_rank(sub, &s.rank);
    MPI_Cartdim_get(sub, &s.ndims);
    int d[2], p[2], c[2];
    MPI_Cart_get(sub, 2, d, p, c);
    s.dims0 = d[0];
    s.dims1 = d[1];
    s.periods0 = p[0];
    s.coords0 = c[0];
    s.coords1 = c[1];
    MPI_Allreduce(&rank, &s.sum, 1, MPI_INT, MPI_SUM, sub);
    const int none[] = {0, 0, 0};
    MPI_Cart_sub(cart, none, &point);
    MPI_Comm_size(point, &single[static_cast<std::size_t>(rank)]);
    int zero_dims = -1;
    MPI_Cartdim_get(point, &zero_dims);
    EXPECT_EQ(zero_dims, 0);
    MPI_Comm_free(&point);
    MPI_Comm_free(&sub);
    MPI_Comm_free(&cart);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int rank = 0; rank < 12; ++rank) {
    const int c0 = rank / 6, c1 = rank / 2 % 3, c2 = rank % 2;  // row-major in the 2x3x2 grid
    const Seen& s = seen[static_cast<std::size_t>(rank)];
    EXPECT_EQ(s.size, 4);
    EXPECT_EQ(s.rank, c0 * 2 + c2);
    EXPECT_EQ(s.ndims, 2);
    EXPECT_EQ(s.dims0, 2);
    EXPECT_EQ(s.dims1, 2);
    EXPECT_EQ(s.periods0, 1);
    EXPECT_EQ(s.coords0, c0);
    EXPECT_EQ(s.coords1, c2);
    int sum = 0;  // the world ranks sharing this rank's coordinate in dimension 1
    for (int a = 0; a < 2; ++a) {
      for (int b = 0; b < 2; ++b) sum += a * 6 + c1 * 2 + b;
    }
    EXPECT_EQ(s.sum, sum);
    EXPECT_EQ(single[static_cast<std::size_t>(rank)], 1);
  }
}

TEST(Topology, GraphKeepsItsIndexAndEdges) {
  // The example graph of the MPI standard: 0-1, 0-3, 2-3.
  const int index[] = {2, 3, 4, 6};
  const int edges[] = {1, 3, 0, 3, 0, 2};
  std::vector<std::vector<int>> neighbors(5);
  std::vector<int> status(5, -2);
  auto result = simulate(5, [&](int rank, int) {
    MPI_Comm graph;
    MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &graph);
    int mapped = -1;
    MPI_Graph_map(MPI_COMM_WORLD, 4, index, edges, &mapped);
    EXPECT_EQ(mapped, rank < 4 ? rank : MPI_UNDEFINED);
    if (graph == MPI_COMM_NULL) {
      status[static_cast<std::size_t>(rank)] = -1;
      return;
    }
    MPI_Topo_test(graph, &status[static_cast<std::size_t>(rank)]);
    int nnodes = 0, nedges = 0;
    MPI_Graphdims_get(graph, &nnodes, &nedges);
    EXPECT_EQ(nnodes, 4);
    EXPECT_EQ(nedges, 6);
    int got_index[4], got_edges[6];
    MPI_Graph_get(graph, 4, 6, got_index, got_edges);
    EXPECT_TRUE(std::equal(index, index + 4, got_index));
    EXPECT_TRUE(std::equal(edges, edges + 6, got_edges));
    int count = -1;
    MPI_Graph_neighbors_count(graph, rank, &count);
    std::vector<int> around(static_cast<std::size_t>(count));
    MPI_Graph_neighbors(graph, rank, count, around.data());
    neighbors[static_cast<std::size_t>(rank)] = around;
    MPI_Comm_free(&graph);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(status, (std::vector<int>{MPI_GRAPH, MPI_GRAPH, MPI_GRAPH, MPI_GRAPH, -1}));
  EXPECT_EQ(neighbors[0], (std::vector<int>{1, 3}));
  EXPECT_EQ(neighbors[1], (std::vector<int>{0}));
  EXPECT_EQ(neighbors[2], (std::vector<int>{3}));
  EXPECT_EQ(neighbors[3], (std::vector<int>{0, 2}));
}

TEST(Topology, DistributedGraphFromAdjacentListsAndFromEdges) {
  constexpr int n = 5;
  struct Lists {
    std::vector<int> sources, source_weights, destinations, destination_weights;
    int weighted = -1, status = -1;
  };
  std::vector<Lists> adjacent(n), general(n);
  auto read = [](MPI_Comm comm, Lists& l) {
    int in = 0, out = 0;
    MPI_Dist_graph_neighbors_count(comm, &in, &out, &l.weighted);
    l.sources.resize(static_cast<std::size_t>(in));
    l.source_weights.resize(static_cast<std::size_t>(in));
    l.destinations.resize(static_cast<std::size_t>(out));
    l.destination_weights.resize(static_cast<std::size_t>(out));
    MPI_Dist_graph_neighbors(comm, in, l.sources.data(), l.source_weights.data(), out, l.destinations.data(),
                             l.destination_weights.data());
    MPI_Topo_test(comm, &l.status);
  };
  auto result = simulate(n, [&](int rank, int) {
    // Adjacent: rank r sends to r+1 and r+2 (weights 10 r + 1, 10 r + 2), and says whom it hears from.
    const int destinations[] = {(rank + 1) % n, (rank + 2) % n};
    const int destination_weights[] = {10 * rank + 1, 10 * rank + 2};
    const int sources[] = {(rank + n - 1) % n, (rank + n - 2) % n};
    const int source_weights[] = {10 * ((rank + n - 1) % n) + 1, 10 * ((rank + n - 2) % n) + 2};
    MPI_Comm dist;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, sources, source_weights, 2, destinations, destination_weights,
                                   MPI_INFO_NULL, 0, &dist);
    read(dist, adjacent[static_cast<std::size_t>(rank)]);
    MPI_Comm_free(&dist);
    // General: rank 0 names every edge r -> 2r mod n (unweighted); the others name none.
    std::vector<int> all_sources, degrees, targets;
    if (rank == 0) {
      for (int r = 0; r < n; ++r) {
        all_sources.push_back(r);
        degrees.push_back(1);
        targets.push_back(2 * r % n);
      }
    }
    MPI_Dist_graph_create(MPI_COMM_WORLD, static_cast<int>(all_sources.size()), all_sources.data(), degrees.data(),
                          targets.data(), MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dist);
    read(dist, general[static_cast<std::size_t>(rank)]);
    MPI_Comm_free(&dist);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    const Lists& a = adjacent[static_cast<std::size_t>(r)];
    EXPECT_EQ(a.status, MPI_DIST_GRAPH);
    EXPECT_EQ(a.weighted, 1);
    EXPECT_EQ(a.destinations, (std::vector<int>{(r + 1) % n, (r + 2) % n}));
    EXPECT_EQ(a.destination_weights, (std::vector<int>{10 * r + 1, 10 * r + 2}));
    EXPECT_EQ(a.sources, (std::vector<int>{(r + n - 1) % n, (r + n - 2) % n}));
    const Lists& g = general[static_cast<std::size_t>(r)];
    EXPECT_EQ(g.weighted, 0);
    EXPECT_EQ(g.destinations, (std::vector<int>{2 * r % n}));
    // r's sources: every s with 2s = r (mod 5), exactly one.
    EXPECT_EQ(g.sources, (std::vector<int>{r * 3 % n}));
  }
}

TEST(Topology, MisuseGivesTheStandardErrorClasses) {
  std::vector<int> codes;
  auto result = simulate(4, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2] = {0, 0}, value = 0;
    MPI_Comm cart, graph, dist;
    // Without a topology.
    const int world_get = MPI_Cart_get(MPI_COMM_WORLD, 2, dims, periods, coords);
    const int world_graph = MPI_Graphdims_get(MPI_COMM_WORLD, &value, &value);
    int status = 0;
    MPI_Topo_test(MPI_COMM_WORLD, &status);
    // Bad grids.
    const int big[] = {3, 2}, negative[] = {2, -2}, good[] = {2, 2};
    const int too_big = MPI_Cart_create(MPI_COMM_WORLD, 2, big, periods, 0, &cart);
    const int negative_dims = MPI_Cart_create(MPI_COMM_WORLD, 2, negative, periods, 0, &cart);
    MPI_Cart_create(MPI_COMM_WORLD, 2, good, periods, 0, &cart);
    const int wrong_kind = MPI_Graph_neighbors_count(cart, 0, &value);
    const int not_dist = MPI_Dist_graph_neighbors_count(cart, &value, &value, &value);
    const int bad_direction = MPI_Cart_shift(cart, 2, 1, &value, &value);
    const int bad_rank = MPI_Cart_coords(cart, 4, 2, coords);
    const int outside[] = {0, 2};
    const int not_periodic = MPI_Cart_rank(cart, outside, &value);
    const int index[] = {1, 2}, bad_edges[] = {1, 5};
    const int bad_edge = MPI_Graph_create(MPI_COMM_WORLD, 2, index, bad_edges, 0, &graph);
    const int sources[] = {7};
    const int bad_source = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, sources, MPI_UNWEIGHTED, 0, nullptr,
                                                          MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dist);
    if (rank == 0) {
      codes = {world_get, world_graph,   status,   too_big,      negative_dims, wrong_kind,
               not_dist,  bad_direction, bad_rank, not_periodic, bad_edge,      bad_source};
    }
    MPI_Comm_free(&cart);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_TOPOLOGY, MPI_ERR_TOPOLOGY, MPI_UNDEFINED, MPI_ERR_DIMS, MPI_ERR_DIMS,
                                     MPI_ERR_TOPOLOGY, MPI_ERR_TOPOLOGY, MPI_ERR_ARG, MPI_ERR_RANK, MPI_ERR_ARG,
                                     MPI_ERR_ARG, MPI_ERR_RANK}));
}
