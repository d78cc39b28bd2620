#include "receive_post_queue.hpp"

namespace xo::tracer {

ReceivePostQueue::Sequence ReceivePostQueue::post() {
  slots_.push_back({State::Posted, {}});
  return first_ + slots_.size() - 1;
}

void ReceivePostQueue::complete(Sequence posted, const Receive& receive) {
  Slot& slot = slots_[posted - first_];
  slot.state = State::Completed;
  slot.receive = receive;
}

void ReceivePostQueue::cancel(Sequence posted) { slots_[posted - first_].state = State::Cancelled; }

void ReceivePostQueue::add_completed(const Receive& receive) { slots_.push_back({State::Completed, receive}); }

}  // namespace xo::tracer
