#include "message_matcher.hpp"

namespace xo::tracer {

std::optional<MessageEnd> MessageMatcher::add_send(const ChannelKey& key, const MessageEnd& send, Ticket* ticket) {
  return add(key, send, true, ticket);
}

std::optional<MessageEnd> MessageMatcher::add_receive(const ChannelKey& key, const MessageEnd& receive) {
  return add(key, receive, false, nullptr);
}

std::optional<MessageEnd> MessageMatcher::add(const ChannelKey& key, const MessageEnd& end, bool is_send,
                                              Ticket* ticket) {
  auto [it, fresh] = channels_.try_emplace(key, Queue{kNone, kNone, is_send});
  Queue& queue = it->second;
  if (!fresh && queue.sends != is_send) {
    // The other side waits: the oldest one still waiting (not withdrawn) is this end's partner.
    while (queue.head != kNone) {
      const std::uint32_t n = queue.head;
      queue.head = nodes_[n].next;
      const Node taken = nodes_[n];
      release(n);
      if (!taken.withdrawn) {
        if (queue.head == kNone) channels_.erase(it);
        ++matched_;
        return taken.end;
      }
    }
    queue.sends = is_send;  // only withdrawn sends were waiting: now this end waits
    queue.tail = kNone;
  }
  const std::uint32_t n = allocate(end);
  if (queue.tail == kNone) {
    queue.head = n;
  } else {
    nodes_[queue.tail].next = n;
  }
  queue.tail = n;
  if (ticket != nullptr) *ticket = {n, nodes_[n].serial};
  return std::nullopt;
}

bool MessageMatcher::withdraw(Ticket ticket) {
  if (ticket.serial == 0) return false;  // the send never waited
  Node& node = nodes_[ticket.node];
  if (node.serial != ticket.serial) return false;
  node.withdrawn = true;
  return true;
}

std::uint32_t MessageMatcher::allocate(const MessageEnd& end) {
  const Node node{end, next_serial_++, kNone, false};
  if (free_nodes_.empty()) {
    nodes_.push_back(node);
    return static_cast<std::uint32_t>(nodes_.size() - 1);
  }
  const std::uint32_t n = free_nodes_.back();
  free_nodes_.pop_back();
  nodes_[n] = node;
  return n;
}

void MessageMatcher::release(std::uint32_t node) {
  nodes_[node].serial = 0;
  free_nodes_.push_back(node);
}

}  // namespace xo::tracer
