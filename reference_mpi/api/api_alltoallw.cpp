// MPI_Alltoallw (MPI-2): an all-to-all exchange with a datatype and a byte displacement per peer.
// Each block is packed with its own type and the exchange runs as an alltoallv of packed blocks,
// with the algorithm the machine chooses for MPI_Alltoallv; it is traced as MPI_Alltoallw.

#include <string>
#include <vector>

#include "api_call.hpp"
#include "collective_buffers.hpp"
#include "intercomm_call_support.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/collective/inter_collective.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::CollectiveRun;
using xo::mpi::DatatypeRef;
using xo::mpi::World;

namespace {

// One peer's block of a w-collective: `count` instances of `type` at byte displacement `displ`.
struct PeerBlocks {
  const int* counts;
  const int* displs;
  const MPI_Datatype* types;
};

void check_blocks(const PeerBlocks& blocks, int n, const char* side) {
  xo::mpi::require_pointer(blocks.counts, (std::string(side) + "counts").c_str());
  xo::mpi::require_pointer(blocks.displs, (std::string(side) + "displs").c_str());
  xo::mpi::require_pointer(blocks.types, (std::string(side) + "types").c_str());
  xo::mpi::check_counts({blocks.counts, static_cast<std::size_t>(n)}, (std::string(side) + "counts").c_str());
}

// The peers' committed types, laid out back to back as packed blocks: fills offsets and sizes.
std::vector<DatatypeRef> lay_out(const PeerBlocks& blocks, int n, std::vector<std::int64_t>& offsets,
                                 std::vector<std::int64_t>& bytes) {
  std::vector<DatatypeRef> types;
  offsets.resize(static_cast<std::size_t>(n));
  bytes.resize(static_cast<std::size_t>(n));
  std::int64_t total = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
    types.push_back(World::current().self().datatypes.get_committed(blocks.types[i]));
    offsets[i] = total;
    bytes[i] = static_cast<std::int64_t>(blocks.counts[i]) * types.back()->size();
    total += bytes[i];
  }
  return types;
}

}  // namespace

extern "C" {

int MPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                  void* recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                  MPI_Comm comm) {
  return api_call("MPI_Alltoallw", comm, [&] {
    World& world = World::current();
    xo::mpi::CommHandle& handle = world.self().comms.get(comm);
    CollectiveRun run(world, handle, comm, xo::hw::CollectiveOp::Alltoallv, "MPI_Alltoallw");
    // On an intercommunicator the blocks are the remote group's, and MPI_IN_PLACE is not defined.
    const bool inter = handle.is_inter();
    if (inter) xo::mpi::reject_in_place(sendbuf, "sendbuf");
    const int n = handle.peer_size();
    const PeerBlocks in{recvcounts, rdispls, recvtypes};
    check_blocks(in, n, "recv");
    // MPI_IN_PLACE: each block goes out from where its reply will land, as the receive describes it.
    const bool in_place = sendbuf == MPI_IN_PLACE;
    const PeerBlocks out = in_place ? in : PeerBlocks{sendcounts, sdispls, sendtypes};
    const void* source = in_place ? recvbuf : sendbuf;
    if (!in_place) check_blocks(out, n, "send");
    const std::vector<DatatypeRef> rtypes = lay_out(in, n, run.block_offset, run.block_bytes);
    const std::vector<DatatypeRef> stypes = lay_out(out, n, run.send_offset, run.send_bytes);
    run.send.resize(static_cast<std::size_t>(n > 0 ? run.send_offset.back() + run.send_bytes.back() : 0));
    run.recv.resize(static_cast<std::size_t>(n > 0 ? run.block_offset.back() + run.block_bytes.back() : 0));
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
      if (run.send_bytes[i] == 0) continue;
      xo::mpi::pack(static_cast<const char*>(source) + out.displs[i], out.counts[i], *stypes[i],
                    run.send.data() + run.send_offset[i]);
    }
    if (inter) {
      const auto bytes = [](const std::vector<std::byte>& v) { return static_cast<std::int64_t>(v.size()); };
      xo::mpi::run_inter_collective(run, {-1, -1, bytes(run.send), bytes(run.recv)});
    } else {
      xo::mpi::run_collective(run);
    }
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
      if (run.block_bytes[i] == 0) continue;
      xo::mpi::unpack(run.recv.data() + run.block_offset[i], run.block_bytes[i], *rtypes[i],
                      static_cast<char*>(recvbuf) + rdispls[i]);
    }
  });
}

}  // extern "C"
