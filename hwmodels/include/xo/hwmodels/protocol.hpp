#pragma once
// Point-to-point protocols and the send modes that select among them.

#include <cstdint>
#include <string_view>

namespace xo::hw {

enum class SendMode : std::uint8_t { Standard, Synchronous, Buffered, Ready };

enum class Protocol : std::uint8_t {
  Eager,       // envelope and payload travel together; land in an unexpected buffer if no receive is posted
  Rendezvous,  // request-to-send, clear-to-send from the matched receiver, then the payload
};

std::string_view protocol_name(Protocol protocol);

// LogGP costs between two ranks, in seconds (G in seconds per byte).
struct LinkCost {
  double latency = 0;        // L: wire time of a small message
  double send_overhead = 0;  // o_s: sender CPU time per message
  double recv_overhead = 0;  // o_r: receiver CPU time per message
  double gap = 0;            // g: minimum interval between message injections at one NIC
  double gap_per_byte = 0;   // G: inverse bandwidth
};

}  // namespace xo::hw
