#pragma once
// Pairs point-to-point sends with receives. MPI does not let messages between one pair of
// processes on one communicator with one tag overtake each other (MPI 4.1, section 3.5), so on
// each such channel the i-th send is the i-th receive's: a FIFO per channel, whichever side comes
// first in the merged event stream. Memory is proportional to the messages waiting for their other
// side, and queue nodes are recycled, so matching allocates nothing per message once warm.

#include <cstddef>
#include <cstdint>
#include <memory_resource>
#include <optional>
#include <unordered_map>
#include <vector>

#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

struct ChannelKey {
  LocationIndex sender;
  LocationIndex receiver;
  OTF2_CommRef comm;
  std::uint32_t tag;

  bool operator==(const ChannelKey&) const = default;
};

// One side of a message: the event that recorded it.
struct MessageEnd {
  std::uint64_t event;  // position in its location's stream, from 1
  OTF2_TimeStamp time;
  std::uint64_t bytes;
  LocationIndex location;
  bool nonblocking;  // MpiIsend or MpiIrecv
};
static_assert(sizeof(MessageEnd) == 32);

class MessageMatcher {
 public:
  // Names a send that waits for its receive, so a cancelled Isend can be withdrawn; serial 0
  // names none (the send found its receive at once).
  struct Ticket {
    std::uint32_t node;
    std::uint64_t serial;
  };

  // Each returns the other side if one was waiting on the channel (the message is matched);
  // otherwise the end waits, and a send's ticket is stored in `ticket` if given.
  std::optional<MessageEnd> add_send(const ChannelKey& key, const MessageEnd& send, Ticket* ticket);
  std::optional<MessageEnd> add_receive(const ChannelKey& key, const MessageEnd& receive);

  // A send that was cancelled: true if it was still waiting (and no longer is), false if a receive
  // has already matched it.
  bool withdraw(Ticket ticket);

  std::uint64_t matched() const { return matched_; }

  // Every end still waiting: f(key, end, is_send), channels in no particular order.
  template <typename F>
  void for_each_waiting(F&& f) const {
    for (const auto& [key, queue] : channels_) {
      for (std::uint32_t n = queue.head; n != kNone; n = nodes_[n].next) {
        if (!nodes_[n].withdrawn) f(key, nodes_[n].end, queue.sends);
      }
    }
  }

 private:
  static constexpr std::uint32_t kNone = UINT32_MAX;
  struct Node {
    MessageEnd end;
    std::uint64_t serial;  // 0 when free; tickets check it, so a recycled node is not withdrawn
    std::uint32_t next;
    bool withdrawn;
  };
  struct Queue {
    std::uint32_t head;
    std::uint32_t tail;
    bool sends;  // which side waits; the other side's arrivals take from the head
  };
  struct KeyHash {
    std::size_t operator()(const ChannelKey& k) const {
      std::uint64_t h = (std::uint64_t{k.sender} << 32 | k.receiver) * 0x9E3779B97F4A7C15ull;
      h ^= (std::uint64_t{k.comm} << 32 | k.tag) + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };

  std::optional<MessageEnd> add(const ChannelKey& key, const MessageEnd& end, bool is_send, Ticket* ticket);
  std::uint32_t allocate(const MessageEnd& end);
  void release(std::uint32_t node);

  // Channels come and go with every message; the pool recycles their map nodes.
  std::pmr::unsynchronized_pool_resource pool_;
  std::pmr::unordered_map<ChannelKey, Queue, KeyHash> channels_{&pool_};
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> free_nodes_;
  std::uint64_t next_serial_ = 1;
  std::uint64_t matched_ = 0;
};

}  // namespace xo::tracer
