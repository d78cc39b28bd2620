#pragma once
// One location's receives in the order it posted them. MPI matches a message with the earliest
// posted receive that fits (MPI 4.1, section 3.5), but OTF2 records a nonblocking receive's
// envelope only at completion (MpiIrecv), which may come after receives posted later: two Irecvs
// completed by one Waitall in reverse order, say. So completed receives are handed to matching in
// posting order (MpiIrecvRequest's position), each once every receive posted before it has
// completed or been cancelled; a blocking MpiRecv is posted when it completes.

#include <cstdint>
#include <deque>

#include "message_matcher.hpp"

namespace xo::tracer {

class ReceivePostQueue {
 public:
  using Sequence = std::uint64_t;
  struct Receive {
    ChannelKey key;
    MessageEnd end;
  };

  Sequence post();                                 // MpiIrecvRequest
  void complete(Sequence posted, const Receive&);  // its MpiIrecv
  void cancel(Sequence posted);                    // its MpiRequestCancelled, or a receive not to be matched
  void add_completed(const Receive& receive);      // MpiRecv, or an MpiIrecv without a request

  // Hands the receives that are next in posting order and complete to f(receive), in that order.
  template <typename F>
  void release(F&& f) {
    while (!slots_.empty() && slots_.front().state != State::Posted) {
      if (slots_.front().state == State::Completed) f(slots_.front().receive);
      slots_.pop_front();
      ++first_;
    }
  }
  // At the end of the trace: hands every completed receive to f, skipping those never completed.
  template <typename F>
  void release_all(F&& f) {
    for (const Slot& slot : slots_) {
      if (slot.state == State::Completed) f(slot.receive);
    }
    first_ += slots_.size();
    slots_.clear();
  }

 private:
  enum class State : std::uint8_t { Posted, Completed, Cancelled };
  struct Slot {
    State state;
    Receive receive;
  };

  std::deque<Slot> slots_;
  Sequence first_ = 0;  // the sequence number of slots_.front()
};

}  // namespace xo::tracer
