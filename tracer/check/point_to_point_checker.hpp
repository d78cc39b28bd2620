#pragma once
// The point-to-point side of the event checks: nonblocking requests pair with their completion
// (MpiIsend with MpiIsendComplete, MpiIrecvRequest with MpiIrecv, or either with
// MpiRequestCancelled) and no request id is reused while pending; every send meets exactly one
// receive (MessageMatcher, receives in posting order by ReceivePostQueue) with the same length,
// and no receive completes before its send started. Requests of every kind share one id space per
// location, so nonblocking collective requests are paired here too.

#include <cstdint>
#include <optional>
#include <string>

#include "communicator_map.hpp"
#include "event_site.hpp"
#include "message_matcher.hpp"
#include "problem_log.hpp"
#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

class PointToPointChecker {
 public:
  PointToPointChecker(const Definitions& defs, const CommunicatorMap& comms, ProblemLog& log);

  void send(const EventSite& at, std::uint32_t receiver, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes);
  void isend(const EventSite& at, std::uint32_t receiver, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
             std::uint64_t request);
  void isend_complete(const EventSite& at, std::uint64_t request);
  void irecv_request(const EventSite& at, std::uint64_t request);
  void recv(const EventSite& at, std::uint32_t sender, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes);
  void irecv(const EventSite& at, std::uint32_t sender, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
             std::uint64_t request);
  void request_test(const EventSite& at, std::uint64_t request);
  void request_cancelled(const EventSite& at, std::uint64_t request);
  void collective_request(const EventSite& at, std::uint64_t request);   // NonBlockingCollectiveRequest
  void collective_complete(const EventSite& at, std::uint64_t request);  // NonBlockingCollectiveComplete

  // After a location's last event: its requests never completed; its receives held back behind them.
  void finish_location(LocationIndex location, LocationState& state);
  // After every location's: the messages never matched.
  void finish();

  std::uint64_t messages_matched() const { return matcher_.matched(); }

 private:
  // The location of rank `rank` of `comm`, or kNoLocation after reporting why there is none.
  LocationIndex peer(const EventSite& at, const char* record, OTF2_CommRef comm, std::uint32_t rank);
  void post_send(const EventSite& at, std::uint32_t receiver, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
                 bool nonblocking, MessageMatcher::Ticket* ticket);
  // The receive as a matchable record, or nothing if its peer cannot be found.
  std::optional<ReceivePostQueue::Receive> receive(const EventSite& at, bool nonblocking, std::uint32_t sender,
                                                   OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes);
  void release_receives(LocationState& state);
  void match_receive(const ReceivePostQueue::Receive& receive);
  void check_pair(const ChannelKey& key, const MessageEnd& send, const MessageEnd& receive);
  void post_request(const EventSite& at, std::uint64_t id, PendingRequest request);
  // Removes and returns the pending request `id` if it is of `kind`; reports it otherwise.
  std::optional<PendingRequest> complete_request(const EventSite& at, const char* record, std::uint64_t id,
                                                 PendingRequest::Kind kind);
  std::string end_text(const MessageEnd& end) const;
  // `MpiSend to location 1 "rank 1" (communicator 0 "MPI_COMM_WORLD", tag 7, 100 bytes)`
  std::string message_text(const ChannelKey& key, const MessageEnd& end, bool is_send) const;

  const Definitions& defs_;
  const CommunicatorMap& comms_;
  ProblemLog& log_;
  MessageMatcher matcher_;
};

}  // namespace xo::tracer
