#include "xo/mpi/collective/collective_run.hpp"

#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/reduction_op.hpp"
#include "xo/mpi/state/request_wait.hpp"
#include "xo/mpi/state/transport.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// Collective traffic has its own context per communicator: the negated point-to-point context.
int collective_context(const CommHandle& comm) { return -comm.shared->context; }

DatatypeRef bytes_type() { return DatatypeRef{predefined_datatype(MPI_BYTE), {}}; }

}  // namespace

bool rooted(hw::CollectiveOp op) {
  using Op = hw::CollectiveOp;
  return op == Op::Bcast || op == Op::Gather || op == Op::Gatherv || op == Op::Scatter || op == Op::Scatterv ||
         op == Op::Reduce;
}

CollectiveRun::CollectiveRun(World& w, CommHandle& c, MPI_Comm h, hw::CollectiveOp o, const char* name)
    : world(w),
      self(w.self()),
      comm(c),
      handle(h),
      op(o),
      call(name),
      rank(c.my_rank),
      size(c.size()),
      sequence(++c.collective_sequence) {}

Request* CollectiveRun::envelope(bool sending, std::int64_t bytes, int peer, int tag) {
  Request* r = world.new_request();
  r->kind = sending ? Request::Kind::Send : Request::Kind::Recv;
  r->internal = true;
  r->call = call;
  r->owner = self.world_rank;
  r->context = collective_context(comm);
  r->peer = peer;
  r->tag = tag;
  r->comm = handle;
  r->self_rank = rank;
  r->count = bytes;
  r->bytes = bytes;
  r->type = bytes_type();
  return r;
}

void CollectiveRun::record_hardware_phase(Phase phase, sim::Time start, sim::Time end, std::int64_t bytes,
                                          int to_world_rank) const {
  world.record_phase(
      PhaseRecord{phase, hw::algorithm_name(choice.algorithm), self.world_rank, to_world_rank, bytes, start, end});
}

Request* CollectiveRun::isend(const std::byte* data, std::int64_t bytes, int dest) {
  return isend(data, bytes, dest, static_cast<int>(op));
}

Request* CollectiveRun::irecv(std::byte* data, std::int64_t bytes, int source) {
  return irecv(data, bytes, source, static_cast<int>(op));
}

Request* CollectiveRun::isend(const std::byte* data, std::int64_t bytes, int dest, int tag) {
  Request* r = envelope(true, bytes, dest, tag);
  r->send_buffer = data;
  Transport::of(world).start_send(world, self, r,
                                  comm.peer_world_rank(dest));  // on an intercommunicator, a remote rank
  return r;
}

Request* CollectiveRun::irecv(std::byte* data, std::int64_t bytes, int source, int tag) {
  Request* r = envelope(false, bytes, source, tag);
  r->recv_buffer = data;
  Transport::of(world).start_recv(world, self, r);
  return r;
}

void CollectiveRun::wait(Request* request) {
  wait_for(request);
  retire(request, MPI_STATUS_IGNORE, nullptr);
}

void CollectiveRun::wait_all(std::span<Request* const> requests) {
  for (Request* r : requests) wait(r);
}

void CollectiveRun::send_to(const std::byte* data, std::int64_t bytes, int dest) { wait(isend(data, bytes, dest)); }

void CollectiveRun::recv_from(std::byte* data, std::int64_t bytes, int source) { wait(irecv(data, bytes, source)); }

void CollectiveRun::exchange(const std::byte* out, std::int64_t out_bytes, int dest, std::byte* in,
                             std::int64_t in_bytes, int source) {
  Request* r = irecv(in, in_bytes, source);
  Request* s = isend(out, out_bytes, dest);
  wait(s);
  wait(r);
}

void CollectiveRun::combine(const std::byte* in, std::byte* inout, std::int64_t elements) {
  reduction->apply(in, inout, elements, *type, type_handle);
  charge_copy(elements * element_bytes());
}

void CollectiveRun::charge_copy(std::int64_t bytes) { world.engine().advance(world.copy_time(bytes)); }

}  // namespace xo::mpi
