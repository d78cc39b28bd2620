#pragma once
// Process topologies (MPI-1 chapter 6, MPI-2.2 distributed graphs): the virtual shape a
// communicator's ranks are arranged in. A topology belongs to the communicator (CommShared), so
// MPI_Comm_dup keeps it and every member sees the same one; a distributed graph holds each rank's
// own adjacency lists, indexed by communicator rank.

#include <memory>
#include <span>
#include <variant>
#include <vector>

namespace xo::mpi {

struct CommHandle;

struct CartTopology {
  std::vector<int> dims;
  std::vector<bool> periods;
};

// As MPI_Graph_create takes it: node i's neighbours are edges[index[i-1] .. index[i]).
struct GraphTopology {
  std::vector<int> index;
  std::vector<int> edges;
  // Whether every pair of nodes has as many edges one way as the other, which neighbourhood
  // collectives on a graph topology require (MPI-3.1 section 7.6).
  bool symmetric = true;
};

struct DistGraphAdjacency {
  std::vector<int> sources, source_weights;            // in-edges, in the order the program gave
  std::vector<int> destinations, destination_weights;  // out-edges
};

struct DistGraphTopology {
  std::vector<DistGraphAdjacency> by_rank;
  bool weighted = false;
  // Whether each rank's destinations list it among their sources as often (always true for
  // MPI_Dist_graph_create; MPI_Dist_graph_create_adjacent leaves it to the program).
  bool consistent = true;
};

struct Topology {
  std::variant<CartTopology, GraphTopology, DistGraphTopology> shape;
};

// MPI_CART, MPI_GRAPH or MPI_DIST_GRAPH; MPI_UNDEFINED for no topology (nullptr).
int topology_kind(const Topology* topology);

// The communicator's topology of one kind; MpiError(MPI_ERR_TOPOLOGY) naming `call` if it has
// another kind or none.
const CartTopology& cart_of(const CommHandle& comm, const char* call);
const GraphTopology& graph_of(const CommHandle& comm, const char* call);
const DistGraphTopology& dist_graph_of(const CommHandle& comm, const char* call);
// Any topology; MpiError(MPI_ERR_TOPOLOGY) if it has none (neighbourhood collectives).
const Topology& topology_of(const CommHandle& comm, const char* call);

// Ranks in a Cartesian grid are numbered row-major: the last dimension varies fastest.
int cart_size(const CartTopology& cart);
std::vector<int> cart_coords(const CartTopology& cart, int rank);
// The rank at `coords`; a coordinate outside a periodic dimension wraps around, one outside a
// non-periodic dimension throws MpiError(MPI_ERR_ARG).
int cart_rank(const CartTopology& cart, std::span<const int> coords);
// The rank `disp` steps from `rank` along `direction`, or MPI_PROC_NULL past a non-periodic edge.
int cart_shifted(const CartTopology& cart, int rank, int direction, int disp);

// Node `rank`'s neighbours in a graph topology.
std::span<const int> graph_neighbors(const GraphTopology& graph, int rank);
// Sets graph.symmetric from the edges.
void find_symmetry(GraphTopology& graph);

// Whom a rank receives from and sends to in a neighbourhood collective, in the standard's order:
// Cartesian: for each dimension the neighbour at -1, then at +1 (MPI_PROC_NULL past an edge);
// graph: the node's neighbours both ways; distributed graph: its sources and its destinations.
struct Neighbors {
  std::vector<int> sources;
  std::vector<int> destinations;
};
Neighbors neighbors_of(const Topology& topology, int rank);

// One rank's arguments to MPI_Dist_graph_create_adjacent (its own lists) or MPI_Dist_graph_create
// (edges anywhere in the graph, as source, destination, weight triples).
struct DistGraphInput {
  bool adjacent = true;
  DistGraphAdjacency own;
  std::vector<int> edges;  // triples
  bool weighted = false;
};
// The distributed graph the members' inputs (by communicator rank) describe together.
std::shared_ptr<const Topology> assemble_dist_graph(std::span<const std::shared_ptr<const DistGraphInput>> inputs);

}  // namespace xo::mpi
