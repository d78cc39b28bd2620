#include "xo/mpi/state/matching_queues.hpp"

namespace xo::mpi {

Request* MatchingQueues::take_posted(const Message& message) {
  for (Request* r = posted_head_; r != nullptr; r = r->next_posted) {
    if (!envelope_matches(r->context, r->peer, r->tag, message)) continue;
    unpost(r);
    return r;
  }
  return nullptr;
}

void MatchingQueues::post(Request* receive) {
  receive->posted = true;
  receive->next_posted = nullptr;
  receive->prev_posted = posted_tail_;
  if (posted_tail_ != nullptr) {
    posted_tail_->next_posted = receive;
  } else {
    posted_head_ = receive;
  }
  posted_tail_ = receive;
}

bool MatchingQueues::unpost(Request* r) {
  if (!r->posted) return false;
  (r->prev_posted != nullptr ? r->prev_posted->next_posted : posted_head_) = r->next_posted;
  (r->next_posted != nullptr ? r->next_posted->prev_posted : posted_tail_) = r->prev_posted;
  r->next_posted = r->prev_posted = nullptr;
  r->posted = false;
  return true;
}

Message* MatchingQueues::find_unexpected(int context, int source, int tag, bool remove) {
  for (Message* m = unexpected_head_; m != nullptr; m = m->next) {
    if (!envelope_matches(context, source, tag, *m)) continue;
    if (remove) {
      (m->prev != nullptr ? m->prev->next : unexpected_head_) = m->next;
      (m->next != nullptr ? m->next->prev : unexpected_tail_) = m->prev;
      m->next = m->prev = nullptr;
      --unexpected_count_;
    }
    return m;
  }
  return nullptr;
}

void MatchingQueues::add_unexpected(Message* m) {
  m->next = nullptr;
  m->prev = unexpected_tail_;
  (unexpected_tail_ != nullptr ? unexpected_tail_->next : unexpected_head_) = m;
  unexpected_tail_ = m;
  ++unexpected_count_;
}

}  // namespace xo::mpi
