#include "rma_completion.hpp"

#include <algorithm>

#include "rma_messages.hpp"
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

void note_issued(WindowHandle& w, int target, sim::Time landed, bool wrote) {
  WindowHandle::InFlight& ops = w.in_flight[target];
  ops.landed = std::max(ops.landed, landed);
  ops.wrote |= wrote;
  if (w.fence_epoch) w.issued_since_fence = true;
}

void complete_in_flight(World& world, WindowHandle& w, int target, bool acknowledge) {
  const auto ops = w.in_flight.find(target);
  if (ops == w.in_flight.end()) return;
  world.engine().advance_to(completion(world, w, target, ops->second, acknowledge));
  w.in_flight.erase(ops);
  world.engine().sync();  // what others did meanwhile happens first
}

void complete_all_in_flight(World& world, WindowHandle& w, bool acknowledge) {
  sim::Time done = 0;
  for (const auto& [target, ops] : w.in_flight) done = std::max(done, completion(world, w, target, ops, acknowledge));
  world.engine().advance_to(done);
  w.in_flight.clear();
  world.engine().sync();
}

}  // namespace xo::mpi
