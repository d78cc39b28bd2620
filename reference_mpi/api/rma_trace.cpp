#include "rma_trace.hpp"

#include "api_layer.hpp"

namespace xo::mpi {

namespace {

std::uint64_t next_id(World& world) { return ++api_self(world).trace_rma; }

}  // namespace

std::uint64_t trace_operation(World& world, const WindowHandle& w, int target, RmaKind kind, std::int64_t sent,
                              std::int64_t received) {
  RunObserver* observer = world.observer();
  if (observer == nullptr) return 0;
  const std::uint64_t id = next_id(world);
  observer->rma_operation(world.self().world_rank, RmaOperation{w.shared->id, target, kind, sent, received, id},
                          world.engine().now());
  return id;
}

void trace_completed(World& world, const WindowHandle& w, const WindowHandle::InFlight& ops) {
  RunObserver* observer = world.observer();
  if (observer == nullptr) return;
  for (std::uint64_t id : ops.traced) {
    observer->rma_operation_complete(world.self().world_rank, w.shared->id, id, world.engine().now());
  }
}

std::uint64_t trace_lock_id(World& world) { return world.observer() != nullptr ? next_id(world) : 0; }

void trace_lock(World& world, const WindowHandle& w, int target, bool exclusive, std::uint64_t lock_id,
                RmaLockStep step) {
  if (RunObserver* observer = world.observer()) {
    observer->rma_lock(world.self().world_rank, RmaLockEvent{w.shared->id, target, exclusive, lock_id, step},
                       world.engine().now());
  }
}

void trace_group_sync(World& world, const WindowHandle& w, const std::vector<int>& window_ranks) {
  RunObserver* observer = world.observer();
  if (observer == nullptr) return;
  std::vector<int> world_ranks;
  world_ranks.reserve(window_ranks.size());
  for (int rank : window_ranks) world_ranks.push_back(w.world_rank(rank));
  observer->rma_group_sync(world.self().world_rank, w.shared->id, world_ranks, world.engine().now());
}

}  // namespace xo::mpi
