#include "xo/mpi/state/topology.hpp"

#include <mpi.h>

#include <algorithm>
#include <string>
#include <utility>

#include "xo/mpi/state/communicator.hpp"
#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

namespace {

const char* kind_text(const Topology* topology) {
  switch (topology_kind(topology)) {
    case MPI_CART: return "a Cartesian topology";
    case MPI_GRAPH: return "a graph topology";
    case MPI_DIST_GRAPH: return "a distributed graph topology";
    default: return "no topology";
  }
}

template <class Shape>
const Shape& shape_of(const CommHandle& comm, const char* call, const char* wanted, const char* maker) {
  const Topology* topology = comm.shared->topology.get();
  if (topology != nullptr) {
    if (const auto* shape = std::get_if<Shape>(&topology->shape)) return *shape;
  }
  throw MpiError(MPI_ERR_TOPOLOGY, std::string(call) + " needs a communicator with " + wanted + ", but " +
                                       comm.shared->name + " has " + kind_text(topology) + "; make one with " + maker);
}

}  // namespace

const CartTopology& cart_of(const CommHandle& comm, const char* call) {
  return shape_of<CartTopology>(comm, call, "a Cartesian topology", "MPI_Cart_create");
}

const GraphTopology& graph_of(const CommHandle& comm, const char* call) {
  return shape_of<GraphTopology>(comm, call, "a graph topology", "MPI_Graph_create");
}

const DistGraphTopology& dist_graph_of(const CommHandle& comm, const char* call) {
  return shape_of<DistGraphTopology>(comm, call, "a distributed graph topology",
                                     "MPI_Dist_graph_create or MPI_Dist_graph_create_adjacent");
}

const Topology& topology_of(const CommHandle& comm, const char* call) {
  if (comm.shared->topology) return *comm.shared->topology;
  throw MpiError(MPI_ERR_TOPOLOGY, std::string(call) + " needs a communicator with a process topology, but " +
                                       comm.shared->name +
                                       " has none; make one with MPI_Cart_create, "
                                       "MPI_Graph_create or MPI_Dist_graph_create(_adjacent)");
}

int topology_kind(const Topology* topology) {
  if (topology == nullptr) return MPI_UNDEFINED;
  if (std::holds_alternative<CartTopology>(topology->shape)) return MPI_CART;
  if (std::holds_alternative<GraphTopology>(topology->shape)) return MPI_GRAPH;
  return MPI_DIST_GRAPH;
}

int cart_size(const CartTopology& cart) {
  int size = 1;
  for (int d : cart.dims) size *= d;
  return size;
}

std::vector<int> cart_coords(const CartTopology& cart, int rank) {
  std::vector<int> coords(cart.dims.size());
  for (std::size_t d = cart.dims.size(); d-- > 0;) {
    coords[d] = rank % cart.dims[d];
    rank /= cart.dims[d];
  }
  return coords;
}

int cart_rank(const CartTopology& cart, std::span<const int> coords) {
  int rank = 0;
  for (std::size_t d = 0; d < cart.dims.size(); ++d) {
    const int size = cart.dims[d];
    int c = coords[d];
    if (cart.periods[d]) {
      c = ((c % size) + size) % size;
    } else if (c < 0 || c >= size) {
      throw MpiError(MPI_ERR_ARG, "coordinate " + std::to_string(c) + " of dimension " + std::to_string(d) +
                                      " is outside 0 to " + std::to_string(size - 1) +
                                      " and the dimension is not periodic");
    }
    rank = rank * size + c;
  }
  return rank;
}

int cart_shifted(const CartTopology& cart, int rank, int direction, int disp) {
  std::vector<int> coords = cart_coords(cart, rank);
  const auto d = static_cast<std::size_t>(direction);
  const long long moved = static_cast<long long>(coords[d]) + disp;
  const int size = cart.dims[d];
  if (!cart.periods[d] && (moved < 0 || moved >= size)) return MPI_PROC_NULL;
  coords[d] = static_cast<int>(((moved % size) + size) % size);
  return cart_rank(cart, coords);
}

std::span<const int> graph_neighbors(const GraphTopology& graph, int rank) {
  const auto r = static_cast<std::size_t>(rank);
  const int begin = r == 0 ? 0 : graph.index[r - 1];
  return std::span<const int>(graph.edges)
      .subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(graph.index[r] - begin));
}

namespace {

// Whether the multiset of (a, b) pairs equals that of (b, a) pairs.
bool mirrored(std::vector<std::pair<int, int>> forward, std::vector<std::pair<int, int>> backward) {
  for (auto& [a, b] : backward) std::swap(a, b);
  std::sort(forward.begin(), forward.end());
  std::sort(backward.begin(), backward.end());
  return forward == backward;
}

}  // namespace

void find_symmetry(GraphTopology& graph) {
  std::vector<std::pair<int, int>> edges;
  for (int node = 0; node < static_cast<int>(graph.index.size()); ++node) {
    for (int neighbor : graph_neighbors(graph, node)) edges.emplace_back(node, neighbor);
  }
  graph.symmetric = mirrored(edges, edges);
}

Neighbors neighbors_of(const Topology& topology, int rank) {
  Neighbors n;
  if (const auto* cart = std::get_if<CartTopology>(&topology.shape)) {
    for (std::size_t d = 0; d < cart->dims.size(); ++d) {
      n.sources.push_back(cart_shifted(*cart, rank, static_cast<int>(d), -1));
      n.sources.push_back(cart_shifted(*cart, rank, static_cast<int>(d), 1));
    }
    n.destinations = n.sources;
  } else if (const auto* graph = std::get_if<GraphTopology>(&topology.shape)) {
    const std::span<const int> around = graph_neighbors(*graph, rank);
    n.sources.assign(around.begin(), around.end());
    n.destinations = n.sources;
  } else {
    const DistGraphAdjacency& own = std::get<DistGraphTopology>(topology.shape).by_rank[static_cast<std::size_t>(rank)];
    n.sources = own.sources;
    n.destinations = own.destinations;
  }
  return n;
}

std::shared_ptr<const Topology> assemble_dist_graph(std::span<const std::shared_ptr<const DistGraphInput>> inputs) {
  DistGraphTopology graph;
  graph.by_rank.resize(inputs.size());
  for (const auto& input : inputs) graph.weighted = graph.weighted || (input && input->weighted);
  for (std::size_t r = 0; r < inputs.size(); ++r) {
    if (!inputs[r]) continue;  // a member that called another constructor (erroneous): no edges of its own
    const DistGraphInput& in = *inputs[r];
    if (in.adjacent) {
      graph.by_rank[r] = in.own;
      continue;
    }
    // An edge any rank names goes to its source's out-list and its destination's in-list, in the
    // order of the ranks that name them and then of their arguments.
    for (std::size_t e = 0; e + 2 < in.edges.size(); e += 3) {
      const int source = in.edges[e], destination = in.edges[e + 1], weight = in.edges[e + 2];
      DistGraphAdjacency& from = graph.by_rank[static_cast<std::size_t>(source)];
      DistGraphAdjacency& to = graph.by_rank[static_cast<std::size_t>(destination)];
      from.destinations.push_back(destination);
      from.destination_weights.push_back(weight);
      to.sources.push_back(source);
      to.source_weights.push_back(weight);
    }
  }
  std::vector<std::pair<int, int>> out_edges, in_edges;
  for (std::size_t r = 0; r < graph.by_rank.size(); ++r) {
    const int rank = static_cast<int>(r);
    for (int d : graph.by_rank[r].destinations) out_edges.emplace_back(rank, d);
    for (int s : graph.by_rank[r].sources) in_edges.emplace_back(rank, s);
  }
  graph.consistent = mirrored(out_edges, in_edges);
  return std::make_shared<const Topology>(Topology{std::move(graph)});
}

}  // namespace xo::mpi
