#include "xo/mpi/state/nonblocking_book.hpp"

#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

using Instance = NonblockingCollectives::Instance;

int NonblockingCollectives::instance_context(int context, InstanceNumber instance, int members) {  // simcall
  sim::Simcall simcall(World::running().engine());
  const auto key = std::make_tuple(context, instance.call, instance.start);
  auto found = contexts_.find(key);
  if (found == contexts_.end()) {
    found = contexts_.emplace(key, Shared{World::current().new_context(), members}).first;
  }
  const int shared = found->second.context;
  if (--found->second.users_left == 0) contexts_.erase(found);
  return shared;
}

void NonblockingCollectives::add(int fiber, std::shared_ptr<Instance> instance) {  // simcall
  sim::Simcall simcall(World::running().engine());
  by_fiber_[fiber] = std::move(instance);
}

void NonblockingCollectives::remove(int fiber) {  // simcall
  sim::Simcall simcall(World::running().engine());
  by_fiber_.erase(fiber);
}

void NonblockingCollectives::keep_event(const Request* request, CollectiveEvent event) {  // simcall
  sim::Simcall simcall(World::running().engine());
  events_[request] = std::move(event);
}

NonblockingCollectives::Instance* NonblockingCollectives::running(int fiber) {
  const auto found = by_fiber_.find(fiber);
  return found != by_fiber_.end() ? found->second.get() : nullptr;
}

bool NonblockingCollectives::take_event(const Request* request, CollectiveEvent& event) {  // simcall
  sim::Simcall simcall(World::running().engine());
  const auto found = events_.find(request);
  if (found == events_.end()) return false;
  event = std::move(found->second);
  events_.erase(found);
  return true;
}

bool keep_background_event(CollectiveEvent event) {
  World& world = World::current();
  Instance* in = world.nonblocking().running(world.engine().current_fiber());
  if (in == nullptr) return false;
  event.call = in->call;
  event.comm_id = in->comm_id;
  in->event = std::move(event);
  in->has_event = true;
  return true;
}

const char* note_background_error(const char* reason) {
  World& world = World::current();
  Instance* in = world.nonblocking().running(world.engine().current_fiber());
  if (in == nullptr) return nullptr;
  in->reason = reason;
  return in->call;
}

}  // namespace xo::mpi
