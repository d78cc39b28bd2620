// MPI point-to-point entry points: blocking and nonblocking sends in every mode, receives,
// combined send-receive and probes. Blocking calls are the nonblocking ones plus a wait.

#include <cstring>
#include <vector>

#include "api_call.hpp"
#include "buffer_check.hpp"
#include "p2p_calls.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/world.hpp"

using xo::hw::SendMode;
using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::Request;
using xo::mpi::World;

namespace {

int blocking_send(const char* call, const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                  SendMode mode) {
  return api_call(call, comm, [&] {
    Request* r = xo::mpi::post_send(call, buf, count, type, dest, tag, comm, mode, Request::Traced::Blocking);
    xo::mpi::wait_for(r);
    xo::mpi::retire(r, MPI_STATUS_IGNORE, nullptr);
  });
}

int nonblocking_send(const char* call, const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                     SendMode mode, MPI_Request* request) {
  return api_call(call, comm, [&] {
    if (request == nullptr) throw MpiError(MPI_ERR_ARG, "request is a null pointer");
    *request = xo::mpi::add_request(
        xo::mpi::post_send(call, buf, count, type, dest, tag, comm, mode, Request::Traced::Nonblocking));
  });
}

void fill_probe_status(const xo::mpi::Message& m, MPI_Status* status) {
  if (status == MPI_STATUS_IGNORE) return;
  status->MPI_SOURCE = m.source;
  status->MPI_TAG = m.tag;
  status->xo_bytes = m.bytes;
  status->xo_cancelled = 0;
}

void fill_null_status(MPI_Status* status) {
  if (status == MPI_STATUS_IGNORE) return;
  status->MPI_SOURCE = MPI_PROC_NULL;
  status->MPI_TAG = MPI_ANY_TAG;
  status->xo_bytes = 0;
  status->xo_cancelled = 0;
}

// Validates a probe's arguments and returns the communicator's context.
int probe_context(int source, int tag, MPI_Comm comm) {
  xo::mpi::CommHandle& handle = World::current().self().comms.get(comm);
  if (source != MPI_ANY_SOURCE && source != MPI_PROC_NULL && (source < 0 || source >= handle.peer_size())) {
    throw MpiError(MPI_ERR_RANK, "source rank " + std::to_string(source) +
                                     " does not exist: " + (handle.is_inter() ? "the remote group of " : "") +
                                     handle.shared->name + " has " + std::to_string(handle.peer_size()) + " ranks");
  }
  if (tag != MPI_ANY_TAG && (tag < 0 || tag > MPI_TAG_UB_VALUE)) {
    throw MpiError(MPI_ERR_TAG, "tag " + std::to_string(tag) + " is invalid: use 0 to " +
                                    std::to_string(MPI_TAG_UB_VALUE) + " or MPI_ANY_TAG");
  }
  return handle.shared->context;
}

}  // namespace

extern "C" {

int MPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return blocking_send("MPI_Send", buf, count, datatype, dest, tag, comm, SendMode::Standard);
}

int MPI_Ssend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return blocking_send("MPI_Ssend", buf, count, datatype, dest, tag, comm, SendMode::Synchronous);
}

int MPI_Rsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return blocking_send("MPI_Rsend", buf, count, datatype, dest, tag, comm, SendMode::Ready);
}

int MPI_Isend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request* request) {
  return nonblocking_send("MPI_Isend", buf, count, datatype, dest, tag, comm, SendMode::Standard, request);
}

int MPI_Issend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request* request) {
  return nonblocking_send("MPI_Issend", buf, count, datatype, dest, tag, comm, SendMode::Synchronous, request);
}

int MPI_Irsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request* request) {
  return nonblocking_send("MPI_Irsend", buf, count, datatype, dest, tag, comm, SendMode::Ready, request);
}

int MPI_Recv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status* status) {
  return api_call("MPI_Recv", comm, [&] {
    Request* r = xo::mpi::post_recv("MPI_Recv", buf, count, datatype, source, tag, comm, Request::Traced::Blocking);
    xo::mpi::wait_for(r);
    xo::mpi::retire(r, status, nullptr);
  });
}

int MPI_Irecv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request* request) {
  return api_call("MPI_Irecv", comm, [&] {
    if (request == nullptr) throw MpiError(MPI_ERR_ARG, "request is a null pointer");
    *request = xo::mpi::add_request(
        xo::mpi::post_recv("MPI_Irecv", buf, count, datatype, source, tag, comm, Request::Traced::Nonblocking));
  });
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status* status) {
  return api_call("MPI_Sendrecv", comm, [&] {
    Request* recv = xo::mpi::post_recv("MPI_Sendrecv", recvbuf, recvcount, recvtype, source, recvtag, comm,
                                       Request::Traced::Blocking);
    Request* send = xo::mpi::post_send("MPI_Sendrecv", sendbuf, sendcount, sendtype, dest, sendtag, comm,
                                       SendMode::Standard, Request::Traced::Blocking);
    xo::mpi::wait_for(send);
    xo::mpi::wait_for(recv);
    xo::mpi::retire(send, MPI_STATUS_IGNORE, nullptr);
    xo::mpi::retire(recv, status, nullptr);
  });
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status* status) {
  return api_call("MPI_Sendrecv_replace", comm, [&] {
    // The outgoing data is packed aside first, so the incoming message can land in `buf`.
    const auto type = World::current().self().datatypes.get_committed(datatype);
    xo::mpi::require_count(count);
    if (dest != MPI_PROC_NULL || source != MPI_PROC_NULL) xo::mpi::require_buffer(buf, count, *type, "buf");
    std::vector<std::byte> outgoing(static_cast<std::size_t>(count * type->size()));
    if (!outgoing.empty()) xo::mpi::pack(buf, count, *type, outgoing.data());
    Request* recv = xo::mpi::post_recv("MPI_Sendrecv_replace", buf, count, datatype, source, recvtag, comm,
                                       Request::Traced::Blocking);
    Request* send = xo::mpi::post_send("MPI_Sendrecv_replace", outgoing.data(), static_cast<int>(outgoing.size()),
                                       MPI_BYTE, dest, sendtag, comm, SendMode::Standard, Request::Traced::Blocking);
    xo::mpi::wait_for(send);
    xo::mpi::wait_for(recv);
    xo::mpi::retire(send, MPI_STATUS_IGNORE, nullptr);
    xo::mpi::retire(recv, status, nullptr);
  });
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  return api_call("MPI_Probe", comm, [&] {
    const int context = probe_context(source, tag, comm);
    if (source == MPI_PROC_NULL) return fill_null_status(status);
    World& world = World::current();
    xo::mpi::RankState& self = world.self();
    for (;;) {
      if (const xo::mpi::Message* m = self.queues.find_unexpected(context, source, tag, false)) {
        self.blocked_in_probe = false;
        return fill_probe_status(*m, status);
      }
      self.blocked_in_probe = true;
      self.probe_source = source;
      self.probe_tag = tag;
      self.probe_comm = comm;
      world.engine().block();
    }
  });
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
  return api_call("MPI_Iprobe", comm, [&] {
    if (flag == nullptr) throw MpiError(MPI_ERR_ARG, "flag is a null pointer");
    const int context = probe_context(source, tag, comm);
    if (source == MPI_PROC_NULL) {
      *flag = 1;
      return fill_null_status(status);
    }
    World& world = World::current();
    const xo::mpi::Message* m = world.self().queues.find_unexpected(context, source, tag, false);
    *flag = m != nullptr ? 1 : 0;
    if (m != nullptr) return fill_probe_status(*m, status);
    world.poll_without_progress();
  });
}

}  // extern "C"
