#include "rma_completion.hpp"

#include <algorithm>

#include "rma_messages.hpp"
#include "rma_trace.hpp"
#include "xo/mpi/protocol/entry_points.hpp"
#include "xo/mpi/state/window.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// When the origin knows the operations to `target` complete: when they landed, or when the target's
// acknowledgement of the writes among them, sent as they landed, arrives.
sim::Time completion(World& world, const WindowHandle& w, int target, const WindowHandle::InFlight& ops,
                     bool acknowledge) {
  if (!acknowledge || !ops.wrote) return ops.landed;
  return rma_message(world, w.world_rank(target), w.world_rank(w.rank()), 0, ops.landed, "ack");
}

}  // namespace

void note_issued(WindowHandle& w, int target, sim::Time landed, bool wrote, std::uint64_t traced_id) {
  WindowHandle::InFlight& ops = w.in_flight[target];
  ops.landed = std::max(ops.landed, landed);
  ops.wrote |= wrote;
  if (traced_id != 0) ops.traced.push_back(traced_id);
  if (w.fence_epoch) w.issued_since_fence = true;
}

void send_operation_now(World& world, WindowHandle& w, const WindowHandle::Queued& op, sim::Time ready) {
  const int me = w.world_rank(w.rank());
  const int them = w.world_rank(op.target);
  sim::Time landed = rma_message(world, me, them, op.out, ready, op.path_out);
  if (op.back >= 0) landed = rma_message(world, them, me, op.back, landed, op.path_back);
  note_issued(w, op.target, landed, op.writes, op.traced);
}

// The origin's CPU sends the queued operations one after another (MPICH2's CH3 RMA: each is a
// packet through the send path); a put's data leaves with its header.
void send_queued(World& world, WindowHandle& w, int target) {
  if (w.queued.empty()) return;
  sim::Engine& engine = world.engine();
  std::int64_t sent = 0;
  std::erase_if(w.queued, [&](const WindowHandle::Queued& op) {
    if (target >= 0 && op.target != target) return false;
    engine.advance(issue_overhead(world, w.world_rank(w.rank()), w.world_rank(op.target)));
    send_operation_now(world, w, op, engine.now());
    ++sent;
    return true;
  });
  if (sent > 0) release_rma_events(world, world.self(), sent);
}

sim::Time retire_in_flight(World& world, WindowHandle& w, int target) {
  send_queued(world, w, target);
  sim::Time ready = world.engine().now();
  if (const auto ops = w.in_flight.find(target); ops != w.in_flight.end()) {
    ready = std::max(ready, ops->second.landed);
    trace_completed(world, w, ops->second);
    w.in_flight.erase(ops);
  }
  return ready;
}

void complete_in_flight(World& world, WindowHandle& w, int target, bool acknowledge) {
  send_queued(world, w, target);
  const auto ops = w.in_flight.find(target);
  if (ops == w.in_flight.end()) return;
  world.engine().advance_to(completion(world, w, target, ops->second, acknowledge));
  trace_completed(world, w, ops->second);
  w.in_flight.erase(ops);
  world.engine().sync();  // what others did meanwhile happens first
}

void complete_all_in_flight(World& world, WindowHandle& w, bool acknowledge) {
  send_queued(world, w, -1);
  sim::Time done = 0;
  for (const auto& [target, ops] : w.in_flight) done = std::max(done, completion(world, w, target, ops, acknowledge));
  world.engine().advance_to(done);
  for (const auto& [target, ops] : w.in_flight) trace_completed(world, w, ops);
  w.in_flight.clear();
  world.engine().sync();
}

}  // namespace xo::mpi
