// Graph process topologies: MPI_Graph_create (MPI-1) and its queries, and the distributed graphs
// of MPI-2.2 (MPI_Dist_graph_create_adjacent, MPI_Dist_graph_create) with theirs. Ranks keep their
// order (reorder is allowed to be ignored); info arguments carry only hints and are not read.

#include <algorithm>
#include <string>
#include <vector>

#include "api_call.hpp"
#include "comm_install.hpp"
#include "xo/mpi/state/topology.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::CommHandle;
using xo::mpi::DistGraphInput;
using xo::mpi::GraphTopology;
using xo::mpi::MeetingKind;
using xo::mpi::MpiError;
using xo::mpi::World;

namespace {

CommHandle& comm_of(MPI_Comm comm) { return World::current().self().comms.get(comm); }

std::string at(const char* what, int i) { return std::string(what) + "[" + std::to_string(i) + "]"; }

// Checks a graph as MPI_Graph_create and MPI_Graph_map take it.
GraphTopology graph(int nnodes, const int index[], const int edges[], const CommHandle& comm) {
  if (nnodes < 0 || nnodes > comm.size()) {
    throw MpiError(MPI_ERR_ARG, "nnodes " + std::to_string(nnodes) + " is not from 0 to the " +
                                    std::to_string(comm.size()) + " processes of " + comm.shared->name);
  }
  GraphTopology g;
  if (nnodes == 0) return g;
  xo::mpi::require_pointer(index, "index");
  for (int i = 0; i < nnodes; ++i) {
    const int previous = i == 0 ? 0 : index[i - 1];
    if (index[i] < previous) {
      throw MpiError(MPI_ERR_ARG, at("index", i) + " is " + std::to_string(index[i]) + ", below " +
                                      std::to_string(previous) + "; index holds running totals of neighbour counts");
    }
  }
  const int nedges = index[nnodes - 1];
  if (nedges > 0) xo::mpi::require_pointer(edges, "edges");
  for (int e = 0; e < nedges; ++e) {
    if (edges[e] < 0 || edges[e] >= nnodes) {
      throw MpiError(MPI_ERR_ARG, at("edges", e) + " is " + std::to_string(edges[e]) + ", not a node of the " +
                                      std::to_string(nnodes) + "-node graph");
    }
  }
  g.index.assign(index, index + nnodes);
  g.edges.assign(edges, edges + nedges);
  xo::mpi::find_symmetry(g);
  return g;
}

void check_rank(int rank, int nodes, const char* what) {
  if (rank < 0 || rank >= nodes) {
    throw MpiError(MPI_ERR_RANK, std::string(what) + " " + std::to_string(rank) + " is not a node of the " +
                                     std::to_string(nodes) + "-node graph");
  }
}

void copy_out(const std::vector<int>& from, int max, int* to, const char* what) {
  if (max < 0) throw MpiError(MPI_ERR_ARG, std::string("the length of ") + what + " is negative");
  const auto n = std::min(from.size(), static_cast<std::size_t>(max));
  if (n > 0) xo::mpi::require_pointer(to, what);
  std::copy_n(from.begin(), n, to);
}

// One side of a rank's adjacency for MPI_Dist_graph_create_adjacent: checked ranks, and weights
// (1 each when unweighted).
void adjacency_side(int degree, const int ranks[], const int* weights, int comm_size, const char* what,
                    std::vector<int>& out_ranks, std::vector<int>& out_weights) {
  if (degree < 0) throw MpiError(MPI_ERR_ARG, std::string(what) + " degree " + std::to_string(degree) + " is negative");
  if (degree > 0) xo::mpi::require_pointer(ranks, what);
  const bool weighted = weights != MPI_UNWEIGHTED && weights != MPI_WEIGHTS_EMPTY;
  if (degree > 0 && weights == MPI_WEIGHTS_EMPTY) {
    throw MpiError(MPI_ERR_ARG, std::string("the weights of ") + what + " are MPI_WEIGHTS_EMPTY but the degree is " +
                                    std::to_string(degree) + "; MPI_WEIGHTS_EMPTY is for a degree of 0");
  }
  if (degree > 0 && weighted) xo::mpi::require_pointer(weights, "weights");
  for (int i = 0; i < degree; ++i) {
    if (ranks[i] < 0 || ranks[i] >= comm_size) {
      throw MpiError(MPI_ERR_RANK, at(what, i) + " is " + std::to_string(ranks[i]) + ", not a rank of the " +
                                       std::to_string(comm_size) + " processes");
    }
    const int weight = weighted ? weights[i] : 1;
    if (weight < 0) throw MpiError(MPI_ERR_ARG, at("weights", i) + " is negative; weights must be 0 or more");
    out_ranks.push_back(ranks[i]);
    out_weights.push_back(weight);
  }
}

MPI_Comm make_dist_graph(const char* call, MPI_Comm comm_old, std::shared_ptr<const DistGraphInput> input) {
  World& world = World::current();
  CommHandle& parent = comm_of(comm_old);
  xo::mpi::MeetingInput meeting;
  meeting.dist_graph = std::move(input);
  return xo::mpi::install_communicator(
      world.meetings().meet(world, parent, MeetingKind::DistGraph, call, std::move(meeting)), parent);
}

}  // namespace

extern "C" {

int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int /*reorder*/,
                     MPI_Comm* comm_graph) {
  return api_call("MPI_Graph_create", comm_old, [&] {
    xo::mpi::require_pointer(comm_graph, "comm_graph");
    World& world = World::current();
    CommHandle& parent = comm_of(comm_old);
    xo::mpi::MeetingInput input;
    input.topology = std::make_shared<const xo::mpi::Topology>(xo::mpi::Topology{graph(nnodes, index, edges, parent)});
    // The first nnodes processes are the graph's nodes; the others get MPI_COMM_NULL.
    std::vector<int> members;
    for (int r = 0; r < nnodes; ++r) members.push_back(parent.world_rank(r));
    input.group = xo::mpi::Group::from_world_ranks(std::move(members));
    *comm_graph = xo::mpi::install_communicator(
        world.meetings().meet(world, parent, MeetingKind::Create, "MPI_Graph_create", std::move(input)), parent);
  });
}

int MPI_Graphdims_get(MPI_Comm comm, int* nnodes, int* nedges) {
  return api_call("MPI_Graphdims_get", comm, [&] {
    xo::mpi::require_pointer(nnodes, "nnodes");
    xo::mpi::require_pointer(nedges, "nedges");
    const GraphTopology& g = xo::mpi::graph_of(comm_of(comm), "MPI_Graphdims_get");
    *nnodes = static_cast<int>(g.index.size());
    *nedges = static_cast<int>(g.edges.size());
  });
}

int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]) {
  return api_call("MPI_Graph_get", comm, [&] {
    const GraphTopology& g = xo::mpi::graph_of(comm_of(comm), "MPI_Graph_get");
    copy_out(g.index, maxindex, index, "index");
    copy_out(g.edges, maxedges, edges, "edges");
  });
}

int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int* nneighbors) {
  return api_call("MPI_Graph_neighbors_count", comm, [&] {
    xo::mpi::require_pointer(nneighbors, "nneighbors");
    const GraphTopology& g = xo::mpi::graph_of(comm_of(comm), "MPI_Graph_neighbors_count");
    check_rank(rank, static_cast<int>(g.index.size()), "rank");
    *nneighbors = static_cast<int>(xo::mpi::graph_neighbors(g, rank).size());
  });
}

int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]) {
  return api_call("MPI_Graph_neighbors", comm, [&] {
    const GraphTopology& g = xo::mpi::graph_of(comm_of(comm), "MPI_Graph_neighbors");
    check_rank(rank, static_cast<int>(g.index.size()), "rank");
    const std::span<const int> around = xo::mpi::graph_neighbors(g, rank);
    copy_out({around.begin(), around.end()}, maxneighbors, neighbors, "neighbors");
  });
}

int MPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int* newrank) {
  return api_call("MPI_Graph_map", comm, [&] {
    xo::mpi::require_pointer(newrank, "newrank");
    const CommHandle& handle = comm_of(comm);
    graph(nnodes, index, edges, handle);
    *newrank = handle.my_rank < nnodes ? handle.my_rank : MPI_UNDEFINED;
  });
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int* sourceweights,
                                   int outdegree, const int destinations[], const int* destweights, MPI_Info /*info*/,
                                   int /*reorder*/, MPI_Comm* comm_dist_graph) {
  return api_call("MPI_Dist_graph_create_adjacent", comm_old, [&] {
    xo::mpi::require_pointer(comm_dist_graph, "comm_dist_graph");
    const int size = comm_of(comm_old).size();
    auto input = std::make_shared<DistGraphInput>();
    input->adjacent = true;
    input->weighted = sourceweights != MPI_UNWEIGHTED || destweights != MPI_UNWEIGHTED;
    adjacency_side(indegree, sources, sourceweights, size, "sources", input->own.sources, input->own.source_weights);
    adjacency_side(outdegree, destinations, destweights, size, "destinations", input->own.destinations,
                   input->own.destination_weights);
    *comm_dist_graph = make_dist_graph("MPI_Dist_graph_create_adjacent", comm_old, std::move(input));
  });
}

int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[], const int destinations[],
                          const int* weights, MPI_Info /*info*/, int /*reorder*/, MPI_Comm* comm_dist_graph) {
  return api_call("MPI_Dist_graph_create", comm_old, [&] {
    xo::mpi::require_pointer(comm_dist_graph, "comm_dist_graph");
    const int size = comm_of(comm_old).size();
    if (n < 0) throw MpiError(MPI_ERR_ARG, "n " + std::to_string(n) + " is negative");
    if (n > 0) {
      xo::mpi::require_pointer(sources, "sources");
      xo::mpi::require_pointer(degrees, "degrees");
    }
    auto input = std::make_shared<DistGraphInput>();
    input->adjacent = false;
    input->weighted = weights != MPI_UNWEIGHTED;
    int edge = 0;
    for (int i = 0; i < n; ++i) {
      if (sources[i] < 0 || sources[i] >= size) {
        throw MpiError(MPI_ERR_RANK, at("sources", i) + " is " + std::to_string(sources[i]) + ", not a rank of the " +
                                         std::to_string(size) + " processes");
      }
      if (degrees[i] < 0) throw MpiError(MPI_ERR_ARG, at("degrees", i) + " is negative");
      std::vector<int> targets, target_weights;
      const int* edge_weights = !input->weighted               ? MPI_UNWEIGHTED
                                : weights == MPI_WEIGHTS_EMPTY ? MPI_WEIGHTS_EMPTY
                                                               : weights + edge;
      adjacency_side(degrees[i], destinations + edge, edge_weights, size, "destinations", targets, target_weights);
      for (std::size_t k = 0; k < targets.size(); ++k) {
        input->edges.insert(input->edges.end(), {sources[i], targets[k], target_weights[k]});
      }
      edge += degrees[i];
    }
    *comm_dist_graph = make_dist_graph("MPI_Dist_graph_create", comm_old, std::move(input));
  });
}

int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int* indegree, int* outdegree, int* weighted) {
  return api_call("MPI_Dist_graph_neighbors_count", comm, [&] {
    for (const int* p : {indegree, outdegree, weighted}) xo::mpi::require_pointer(p, "an output argument");
    const CommHandle& handle = comm_of(comm);
    const xo::mpi::DistGraphTopology& g = xo::mpi::dist_graph_of(handle, "MPI_Dist_graph_neighbors_count");
    const xo::mpi::DistGraphAdjacency& own = g.by_rank[static_cast<std::size_t>(handle.my_rank)];
    *indegree = static_cast<int>(own.sources.size());
    *outdegree = static_cast<int>(own.destinations.size());
    *weighted = g.weighted ? 1 : 0;
  });
}

int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int* sourceweights, int maxoutdegree,
                             int destinations[], int* destweights) {
  return api_call("MPI_Dist_graph_neighbors", comm, [&] {
    const CommHandle& handle = comm_of(comm);
    const xo::mpi::DistGraphTopology& g = xo::mpi::dist_graph_of(handle, "MPI_Dist_graph_neighbors");
    const xo::mpi::DistGraphAdjacency& own = g.by_rank[static_cast<std::size_t>(handle.my_rank)];
    copy_out(own.sources, maxindegree, sources, "sources");
    copy_out(own.destinations, maxoutdegree, destinations, "destinations");
    if (!g.weighted) return;
    if (sourceweights != MPI_UNWEIGHTED) copy_out(own.source_weights, maxindegree, sourceweights, "sourceweights");
    if (destweights != MPI_UNWEIGHTED) copy_out(own.destination_weights, maxoutdegree, destweights, "destweights");
  });
}

}  // extern "C"
