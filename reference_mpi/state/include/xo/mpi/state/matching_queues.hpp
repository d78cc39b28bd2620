#pragma once
// A rank's two MPI matching queues: receives posted before their message arrived (in posting
// order) and messages that arrived before their receive (in arrival order). Matching takes the
// first entry of the other queue that fits, which gives MPI's non-overtaking rule and makes a
// wildcard receive take the message that arrived first in virtual time.

#include "xo/mpi/state/message.hpp"
#include "xo/mpi/state/request.hpp"

namespace xo::mpi {

inline bool envelope_matches(int want_context, int want_source, int want_tag, const Message& m) {
  return m.context == want_context && (want_source == MPI_ANY_SOURCE || want_source == m.source) &&
         (want_tag == MPI_ANY_TAG || want_tag == m.tag);
}

class MatchingQueues {
 public:
  // First posted receive that `message` satisfies, removed from the queue; nullptr if none.
  Request* take_posted(const Message& message);
  void post(Request* receive);
  // Removes a posted receive (MPI_Cancel). Returns false if it was not posted.
  bool unpost(Request* receive);

  // First unexpected message matching (context, source, tag); `remove` takes it off the queue.
  Message* find_unexpected(int context, int source, int tag, bool remove);
  void add_unexpected(Message* message);

  bool posted_empty() const { return posted_head_ == nullptr; }
  std::size_t unexpected_count() const { return unexpected_count_; }

 private:
  Request* posted_head_ = nullptr;
  Request* posted_tail_ = nullptr;
  Message* unexpected_head_ = nullptr;
  Message* unexpected_tail_ = nullptr;
  std::size_t unexpected_count_ = 0;
};

}  // namespace xo::mpi
