// Neighbourhood collectives (MPI-3): MPI_Neighbor_allgather(v) and MPI_Neighbor_alltoall(v,w) on
// Cartesian, graph and distributed-graph communicators. Send block k goes to the k-th destination
// and receive block j comes from the j-th source, in the order neighbors_of() gives; a neighbour
// that is MPI_PROC_NULL (past the edge of a non-periodic grid) takes nothing and leaves its receive
// block untouched. On a Cartesian grid each message carries its direction in its tag, so what a
// rank sends towards -1 lands in its neighbour's block for +1 even where both neighbours are the
// same process (a periodic dimension of size 1 or 2).

#include <string>
#include <vector>

#include "api_call.hpp"
#include "collective_buffers.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/collective/neighbor_exchange.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/topology.hpp"
#include "xo/mpi/state/world.hpp"

using xo::hw::CollectiveOp;
using xo::mpi::api_call;
using xo::mpi::CollectiveRun;
using xo::mpi::Datatype;
using xo::mpi::MpiError;
using xo::mpi::NeighborTransfer;
using xo::mpi::World;

namespace {

// A block in the program's buffers.
struct Block {
  const void* at = nullptr;
  std::int64_t count = 0;
  const Datatype* type = nullptr;
  std::int64_t bytes() const { return count * type->size(); }
};

const Datatype& committed(MPI_Datatype handle) { return *World::current().self().datatypes.get_committed(handle); }

// The communicator's neighbours, once its topology is known to allow neighbourhood collectives.
xo::mpi::Neighbors usable_neighbors(const xo::mpi::CommHandle& comm, const char* call, bool& cartesian) {
  const xo::mpi::Topology& topology = xo::mpi::topology_of(comm, call);
  cartesian = std::holds_alternative<xo::mpi::CartTopology>(topology.shape);
  if (const auto* graph = std::get_if<xo::mpi::GraphTopology>(&topology.shape); graph && !graph->symmetric) {
    throw MpiError(MPI_ERR_TOPOLOGY, std::string(call) +
                                         " on a graph topology needs each pair of nodes to have as "
                                         "many edges one way as the other; " +
                                         comm.shared->name +
                                         "'s graph is not symmetric (use a distributed graph "
                                         "for directed neighbourhoods)");
  }
  if (const auto* dist = std::get_if<xo::mpi::DistGraphTopology>(&topology.shape); dist && !dist->consistent) {
    throw MpiError(MPI_ERR_TOPOLOGY, std::string(call) + ": in " + comm.shared->name +
                                         " some rank lists a destination that does not list it among its sources "
                                         "as often; MPI_Dist_graph_create_adjacent needs matching lists");
  }
  return xo::mpi::neighbors_of(topology, comm.my_rank);
}

void check_send_buffer(const void* sendbuf, const char* call) {
  if (sendbuf == MPI_IN_PLACE) {
    throw MpiError(MPI_ERR_ARG, std::string(call) + " does not take MPI_IN_PLACE; pass a send buffer");
  }
}

// Runs a neighbourhood collective: send_block(k) goes to destination k (one block for all if
// `one_send_block`), recv_block(j) is filled from source j.
template <class SendBlock, class RecvBlock>
void neighbor_collective(const char* call, CollectiveOp op, MPI_Comm comm, bool one_send_block, SendBlock send_block,
                         RecvBlock recv_block) {
  World& world = World::current();
  xo::mpi::CommHandle& handle = world.self().comms.get(comm);
  bool cartesian = false;
  const xo::mpi::Neighbors n = usable_neighbors(handle, call, cartesian);
  CollectiveRun run(world, handle, comm, op, call);
  // Cartesian: a message sent to neighbour k (2d: towards -1, 2d+1: towards +1) has tag k, and
  // the neighbour receives it in its block for the opposite direction, k ^ 1.
  auto send_tag = [&](std::size_t k) { return xo::mpi::kNeighborTag + (cartesian ? static_cast<int>(k) : 0); };
  auto recv_tag = [&](std::size_t j) { return xo::mpi::kNeighborTag + (cartesian ? static_cast<int>(j ^ 1) : 0); };

  std::vector<NeighborTransfer> sends(n.destinations.size());
  for (std::size_t k = 0; k < sends.size(); ++k) {
    const Block b = send_block(k);
    const bool packed_already = one_send_block && k > 0;
    sends[k] = {n.destinations[k], send_tag(k), packed_already ? 0 : static_cast<std::int64_t>(run.send.size()),
                b.bytes()};
    if (packed_already || (n.destinations[k] == MPI_PROC_NULL && !one_send_block) || b.bytes() == 0) continue;
    const std::size_t at = run.send.size();
    run.send.resize(at + static_cast<std::size_t>(b.bytes()));
    xo::mpi::pack(b.at, b.count, *b.type, run.send.data() + at);
  }
  std::vector<NeighborTransfer> receives(n.sources.size());
  std::vector<Block> into(n.sources.size());
  for (std::size_t j = 0; j < receives.size(); ++j) {
    into[j] = recv_block(j);
    receives[j] = {n.sources[j], recv_tag(j), static_cast<std::int64_t>(run.recv.size()), into[j].bytes()};
    if (n.sources[j] != MPI_PROC_NULL) run.recv.resize(run.recv.size() + static_cast<std::size_t>(into[j].bytes()));
  }
  xo::mpi::run_neighbor_collective(run, receives, sends);
  for (std::size_t j = 0; j < receives.size(); ++j) {
    if (n.sources[j] == MPI_PROC_NULL || into[j].bytes() == 0) continue;
    xo::mpi::unpack(run.recv.data() + receives[j].offset, receives[j].bytes, *into[j].type,
                    const_cast<void*>(into[j].at));
  }
}

const char* at_displacement(const void* buffer, std::int64_t bytes) { return static_cast<const char*>(buffer) + bytes; }

// The in- and out-degree of `comm`'s topology, for checking per-neighbour arrays before the call.
std::pair<std::size_t, std::size_t> degrees(MPI_Comm comm, const char* call) {
  const xo::mpi::CommHandle& handle = World::current().self().comms.get(comm);
  const xo::mpi::Neighbors n = xo::mpi::neighbors_of(xo::mpi::topology_of(handle, call), handle.my_rank);
  return {n.sources.size(), n.destinations.size()};
}

void check_per_neighbor(const int* counts, const void* displs, std::size_t degree, const char* counts_name,
                        const char* displs_name) {
  if (degree == 0) return;
  xo::mpi::require_pointer(counts, counts_name);
  xo::mpi::require_pointer(displs, displs_name);
  xo::mpi::check_counts({counts, degree}, counts_name);
}

}  // namespace

extern "C" {

int MPI_Neighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm) {
  const char* call = "MPI_Neighbor_allgather";
  return api_call(call, comm, [&] {
    check_send_buffer(sendbuf, call);
    xo::mpi::require_count(sendcount);
    xo::mpi::require_count(recvcount);
    const Datatype& stype = committed(sendtype);
    const Datatype& rtype = committed(recvtype);
    neighbor_collective(
        call, CollectiveOp::Allgather, comm, true,
        [&](std::size_t) {
          return Block{sendbuf, sendcount, &stype};
        },
        [&](std::size_t j) {
          return Block{xo::mpi::element_at(recvbuf, static_cast<std::int64_t>(j) * recvcount, rtype), recvcount,
                       &rtype};
        });
  });
}

int MPI_Neighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  const char* call = "MPI_Neighbor_allgatherv";
  return api_call(call, comm, [&] {
    check_send_buffer(sendbuf, call);
    xo::mpi::require_count(sendcount);
    check_per_neighbor(recvcounts, displs, degrees(comm, call).first, "recvcounts", "displs");
    const Datatype& stype = committed(sendtype);
    const Datatype& rtype = committed(recvtype);
    neighbor_collective(
        call, CollectiveOp::Allgatherv, comm, true,
        [&](std::size_t) {
          return Block{sendbuf, sendcount, &stype};
        },
        [&](std::size_t j) {
          return Block{xo::mpi::element_at(recvbuf, displs[j], rtype), recvcounts[j], &rtype};
        });
  });
}

int MPI_Neighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm) {
  const char* call = "MPI_Neighbor_alltoall";
  return api_call(call, comm, [&] {
    check_send_buffer(sendbuf, call);
    xo::mpi::require_count(sendcount);
    xo::mpi::require_count(recvcount);
    const Datatype& stype = committed(sendtype);
    const Datatype& rtype = committed(recvtype);
    neighbor_collective(
        call, CollectiveOp::Alltoall, comm, false,
        [&](std::size_t k) {
          return Block{xo::mpi::element_at(sendbuf, static_cast<std::int64_t>(k) * sendcount, stype), sendcount,
                       &stype};
        },
        [&](std::size_t j) {
          return Block{xo::mpi::element_at(recvbuf, static_cast<std::int64_t>(j) * recvcount, rtype), recvcount,
                       &rtype};
        });
  });
}

int MPI_Neighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm) {
  const char* call = "MPI_Neighbor_alltoallv";
  return api_call(call, comm, [&] {
    check_send_buffer(sendbuf, call);
    const auto [indegree, outdegree] = degrees(comm, call);
    check_per_neighbor(sendcounts, sdispls, outdegree, "sendcounts", "sdispls");
    check_per_neighbor(recvcounts, rdispls, indegree, "recvcounts", "rdispls");
    const Datatype& stype = committed(sendtype);
    const Datatype& rtype = committed(recvtype);
    neighbor_collective(
        call, CollectiveOp::Alltoallv, comm, false,
        [&](std::size_t k) {
          return Block{xo::mpi::element_at(sendbuf, sdispls[k], stype), sendcounts[k], &stype};
        },
        [&](std::size_t j) {
          return Block{xo::mpi::element_at(recvbuf, rdispls[j], rtype), recvcounts[j], &rtype};
        });
  });
}

int MPI_Neighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                           const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  const char* call = "MPI_Neighbor_alltoallw";
  return api_call(call, comm, [&] {
    check_send_buffer(sendbuf, call);
    const auto [indegree, outdegree] = degrees(comm, call);
    check_per_neighbor(sendcounts, sdispls, outdegree, "sendcounts", "sdispls");
    check_per_neighbor(recvcounts, rdispls, indegree, "recvcounts", "rdispls");
    if (outdegree > 0) xo::mpi::require_pointer(sendtypes, "sendtypes");
    if (indegree > 0) xo::mpi::require_pointer(recvtypes, "recvtypes");
    std::vector<const Datatype*> stypes, rtypes;
    for (std::size_t k = 0; k < outdegree; ++k) stypes.push_back(&committed(sendtypes[k]));
    for (std::size_t j = 0; j < indegree; ++j) rtypes.push_back(&committed(recvtypes[j]));
    neighbor_collective(
        call, CollectiveOp::Alltoallv, comm, false,
        [&](std::size_t k) {
          return Block{at_displacement(sendbuf, sdispls[k]), sendcounts[k], stypes[k]};
        },
        [&](std::size_t j) {
          return Block{at_displacement(recvbuf, rdispls[j]), recvcounts[j], rtypes[j]};
        });
  });
}

}  // extern "C"
