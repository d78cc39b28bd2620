#include "point_to_point_checker.hpp"

#include <algorithm>
#include <tuple>
#include <vector>

namespace xo::tracer {

namespace {

const char* send_record(bool nonblocking) { return nonblocking ? "MpiIsend" : "MpiSend"; }
const char* receive_record(bool nonblocking) { return nonblocking ? "MpiIrecv" : "MpiRecv"; }

const char* posting_record(PendingRequest::Kind kind) {
  switch (kind) {
    case PendingRequest::Kind::Isend: return "MpiIsend";
    case PendingRequest::Kind::Irecv: return "MpiIrecvRequest";
    case PendingRequest::Kind::Collective: break;
  }
  return "NonBlockingCollectiveRequest";
}

const char* completing_record(PendingRequest::Kind kind) {
  switch (kind) {
    case PendingRequest::Kind::Isend: return "MpiIsendComplete";
    case PendingRequest::Kind::Irecv: return "MpiIrecv";
    case PendingRequest::Kind::Collective: break;
  }
  return "NonBlockingCollectiveComplete";
}

}  // namespace

PointToPointChecker::PointToPointChecker(const Definitions& defs, const CommunicatorMap& comms, ProblemLog& log)
    : defs_(defs), comms_(comms), log_(log) {}

LocationIndex PointToPointChecker::peer(const EventSite& at, const char* record, OTF2_CommRef comm,
                                        std::uint32_t rank) {
  const CommunicatorMap::Peer p = comms_.peer(comm, rank, at.location);
  switch (p.status) {
    case CommunicatorMap::PeerStatus::Found:
    case CommunicatorMap::PeerStatus::BrokenComm: return p.location;
    case CommunicatorMap::PeerStatus::UndefinedComm:
      log_.add([&] {
        return site_text(defs_, at) + ": " + record + " on communicator " + std::to_string(comm) +
               ", which is not defined";
      });
      break;
    case CommunicatorMap::PeerStatus::RankOutOfRange:
      log_.add([&] {
        return site_text(defs_, at) + ": " + record + " names rank " + std::to_string(rank) + " of " +
               defs_.comm_label(comm) + ", which has no such rank";
      });
      break;
    case CommunicatorMap::PeerStatus::NotMember:
      log_.add([&] {
        return site_text(defs_, at) + ": " + record + " on " + defs_.comm_label(comm) +
               ", an inter-communicator this location is in neither group of";
      });
      break;
  }
  return kNoLocation;
}

void PointToPointChecker::post_send(const EventSite& at, std::uint32_t receiver, OTF2_CommRef comm, std::uint32_t tag,
                                    std::uint64_t bytes, bool nonblocking, MessageMatcher::Ticket* ticket) {
  const LocationIndex to = peer(at, send_record(nonblocking), comm, receiver);
  if (to == kNoLocation) return;
  const ChannelKey key{at.location, to, comm, tag};
  const MessageEnd end{at.position.event, at.position.time, bytes, at.location, nonblocking};
  if (auto receive = matcher_.add_send(key, end, ticket)) check_pair(key, end, *receive);
}

std::optional<ReceivePostQueue::Receive> PointToPointChecker::receive(const EventSite& at, bool nonblocking,
                                                                      std::uint32_t sender, OTF2_CommRef comm,
                                                                      std::uint32_t tag, std::uint64_t bytes) {
  const LocationIndex from = peer(at, receive_record(nonblocking), comm, sender);
  if (from == kNoLocation) return std::nullopt;
  return ReceivePostQueue::Receive{{from, at.location, comm, tag},
                                   {at.position.event, at.position.time, bytes, at.location, nonblocking}};
}

void PointToPointChecker::release_receives(LocationState& state) {
  state.receives.release([this](const ReceivePostQueue::Receive& ready) { match_receive(ready); });
}

void PointToPointChecker::match_receive(const ReceivePostQueue::Receive& receive) {
  if (auto send = matcher_.add_receive(receive.key, receive.end)) check_pair(receive.key, *send, receive.end);
}

void PointToPointChecker::check_pair(const ChannelKey& key, const MessageEnd& send, const MessageEnd& receive) {
  if (send.bytes != receive.bytes) {
    log_.add([&] {
      return end_text(receive) + ": " + message_text(key, receive, false) + " matches the " +
             send_record(send.nonblocking) + " of " + std::to_string(send.bytes) + " bytes at " + end_text(send) +
             ": the lengths differ";
    });
  }
  if (receive.time < send.time) {
    log_.add([&] {
      return end_text(receive) + ": " + message_text(key, receive, false) + " completes before its " +
             send_record(send.nonblocking) + " at " + end_text(send) + " started";
    });
  }
}

void PointToPointChecker::post_request(const EventSite& at, std::uint64_t id, PendingRequest request) {
  auto [it, fresh] = at.state.requests.try_emplace(id, request);
  if (fresh) return;
  log_.add([&] {
    return site_text(defs_, at) + ": " + posting_record(request.kind) + " reuses request " + std::to_string(id) +
           ", still pending from the " + posting_record(it->second.kind) + " at event " +
           std::to_string(it->second.posted.event);
  });
  // The earlier receive can no longer complete: later receives must not wait for it.
  if (it->second.kind == PendingRequest::Kind::Irecv) at.state.receives.cancel(it->second.receive);
  it->second = request;
  release_receives(at.state);
}

std::optional<PendingRequest> PointToPointChecker::complete_request(const EventSite& at, const char* record,
                                                                    std::uint64_t id, PendingRequest::Kind kind) {
  auto it = at.state.requests.find(id);
  if (it == at.state.requests.end()) {
    log_.add([&] {
      return site_text(defs_, at) + ": " + record + " of request " + std::to_string(id) +
             ", which is not pending (no " + posting_record(kind) + " before it)";
    });
    return std::nullopt;
  }
  if (it->second.kind != kind) {
    log_.add([&] {
      return site_text(defs_, at) + ": " + record + " of request " + std::to_string(id) +
             ", which is pending from the " + posting_record(it->second.kind) + " at event " +
             std::to_string(it->second.posted.event);
    });
    return std::nullopt;
  }
  const PendingRequest request = it->second;
  at.state.requests.erase(it);
  return request;
}

void PointToPointChecker::send(const EventSite& at, std::uint32_t receiver, OTF2_CommRef comm, std::uint32_t tag,
                               std::uint64_t bytes) {
  post_send(at, receiver, comm, tag, bytes, false, nullptr);
}

void PointToPointChecker::isend(const EventSite& at, std::uint32_t receiver, OTF2_CommRef comm, std::uint32_t tag,
                                std::uint64_t bytes, std::uint64_t request) {
  PendingRequest pending{PendingRequest::Kind::Isend, at.position};
  post_send(at, receiver, comm, tag, bytes, true, &pending.send);
  post_request(at, request, pending);
}

void PointToPointChecker::isend_complete(const EventSite& at, std::uint64_t request) {
  complete_request(at, "MpiIsendComplete", request, PendingRequest::Kind::Isend);
}

void PointToPointChecker::irecv_request(const EventSite& at, std::uint64_t request) {
  PendingRequest pending{PendingRequest::Kind::Irecv, at.position};
  pending.receive = at.state.receives.post();
  post_request(at, request, pending);
}

void PointToPointChecker::recv(const EventSite& at, std::uint32_t sender, OTF2_CommRef comm, std::uint32_t tag,
                               std::uint64_t bytes) {
  if (auto r = receive(at, false, sender, comm, tag, bytes)) {
    at.state.receives.add_completed(*r);
    release_receives(at.state);
  }
}

void PointToPointChecker::irecv(const EventSite& at, std::uint32_t sender, OTF2_CommRef comm, std::uint32_t tag,
                                std::uint64_t bytes, std::uint64_t request) {
  const auto r = receive(at, true, sender, comm, tag, bytes);
  const auto posted = complete_request(at, receive_record(true), request, PendingRequest::Kind::Irecv);
  if (posted && r) {
    at.state.receives.complete(posted->receive, *r);
  } else if (posted) {
    at.state.receives.cancel(posted->receive);
  } else if (r) {
    at.state.receives.add_completed(*r);  // posted now, for want of its MpiIrecvRequest
  }
  release_receives(at.state);
}

void PointToPointChecker::request_test(const EventSite& at, std::uint64_t request) {
  if (at.state.requests.count(request) != 0) return;
  log_.add([&] {
    return site_text(defs_, at) + ": MpiRequestTest of request " + std::to_string(request) + ", which is not pending";
  });
}

void PointToPointChecker::request_cancelled(const EventSite& at, std::uint64_t request) {
  auto it = at.state.requests.find(request);
  if (it == at.state.requests.end()) {
    log_.add([&] {
      return site_text(defs_, at) + ": MpiRequestCancelled of request " + std::to_string(request) +
             ", which is not pending";
    });
    return;
  }
  const PendingRequest cancelled = it->second;
  at.state.requests.erase(it);
  switch (cancelled.kind) {
    case PendingRequest::Kind::Irecv:
      at.state.receives.cancel(cancelled.receive);
      release_receives(at.state);
      break;
    case PendingRequest::Kind::Isend:
      if (!matcher_.withdraw(cancelled.send)) {
        log_.add([&] {
          return site_text(defs_, at) + ": MpiRequestCancelled of request " + std::to_string(request) +
                 ", but a receive has already matched its MpiIsend (event " + std::to_string(cancelled.posted.event) +
                 ")";
        });
      }
      break;
    case PendingRequest::Kind::Collective:
      log_.add([&] {
        return site_text(defs_, at) + ": MpiRequestCancelled of request " + std::to_string(request) +
               ", a nonblocking collective, which MPI does not allow to be cancelled";
      });
      break;
  }
}

void PointToPointChecker::collective_request(const EventSite& at, std::uint64_t request) {
  post_request(at, request, {PendingRequest::Kind::Collective, at.position});
}

void PointToPointChecker::collective_complete(const EventSite& at, std::uint64_t request) {
  complete_request(at, "NonBlockingCollectiveComplete", request, PendingRequest::Kind::Collective);
}

void PointToPointChecker::finish_location(LocationIndex location, LocationState& state) {
  std::vector<std::pair<std::uint64_t, PendingRequest>> pending;
  if (!defs_.events_filtered) pending.assign(state.requests.begin(), state.requests.end());
  std::sort(pending.begin(), pending.end(),
            [](const auto& a, const auto& b) { return a.second.posted.event < b.second.posted.event; });
  for (const auto& [id, request] : pending) {
    log_.add([&] {
      return site_text(defs_, location, request.posted) + ": " + posting_record(request.kind) + " of request " +
             std::to_string(id) + " is never completed (no " + completing_record(request.kind) +
             " or MpiRequestCancelled follows)";
    });
  }
  state.receives.release_all([this](const ReceivePostQueue::Receive& ready) { match_receive(ready); });
}

void PointToPointChecker::finish() {
  struct Waiting {
    ChannelKey key;
    MessageEnd end;
    bool is_send;
  };
  std::vector<Waiting> waiting;
  matcher_.for_each_waiting([&](const ChannelKey& key, const MessageEnd& end, bool is_send) {
    waiting.push_back({key, end, is_send});
  });
  std::sort(waiting.begin(), waiting.end(), [](const Waiting& a, const Waiting& b) {
    return std::tie(a.end.location, a.end.event) < std::tie(b.end.location, b.end.event);
  });
  for (const Waiting& w : waiting) {
    // The other end may be outside the trace: a rank, a call or a time its filter left out.
    const LocationIndex peer = w.is_send ? w.key.receiver : w.key.sender;
    if (defs_.events_filtered || defs_.locations[peer].untraced) continue;
    log_.add([&] {
      return end_text(w.end) + ": " + message_text(w.key, w.end, w.is_send) + " has no matching " +
             (w.is_send ? "receive" : "send");
    });
  }
}

std::string PointToPointChecker::end_text(const MessageEnd& end) const {
  return site_text(defs_, end.location, {end.event, end.time});
}

std::string PointToPointChecker::message_text(const ChannelKey& key, const MessageEnd& end, bool is_send) const {
  const LocationIndex peer = is_send ? key.receiver : key.sender;
  return std::string(is_send ? send_record(end.nonblocking) : receive_record(end.nonblocking)) +
         (is_send ? " to " : " from ") + defs_.location_label(peer) + " (" + defs_.comm_label(key.comm) + ", tag " +
         std::to_string(key.tag) + ", " + std::to_string(end.bytes) + " bytes)";
}

}  // namespace xo::tracer
