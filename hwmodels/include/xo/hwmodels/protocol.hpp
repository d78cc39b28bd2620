#pragma once
// Point-to-point protocols, the send modes that select among them, and the costs they run on.
// The reference MPI implements each protocol once; a machine only chooses and parameterises.

#include <cstdint>
#include <string>
#include <string_view>

namespace xo::hw {

enum class SendMode : std::uint8_t { Standard, Synchronous, Buffered, Ready };

enum class Protocol : std::uint8_t {
  Eager,         // envelope and payload together; into an unexpected buffer if no receive is posted
  Rendezvous,    // request-to-send; clear-to-send from the matched receiver; the sender pushes the data
  ReceiverPull,  // header only; the matched receiver GETs the data from the sender's buffer
  EagerPull,     // the data goes at once: a posted receive takes it and the sender gets an ACK; otherwise
                 // only the header is kept and the receiver GETs the data once a receive matches
};

std::string_view protocol_name(Protocol protocol);

// What a machine decides for one message.
struct ProtocolChoice {
  Protocol protocol = Protocol::Eager;
  std::string_view name;  // the machine's own name for the path, e.g. "vshort" on the XT3
  // The sender copies into a system buffer: eager and pulled paths then complete without waiting
  // for the NIC; a pushed rendezvous copies after the clear-to-send (AP1000 handshake then l_asend).
  bool sender_copy = false;
  // Eager: the data lands in a system buffer at the receiver (a CellOS buffer, a T3D queue slot, an
  // X1 packet) and is copied into the receive buffer even when the receive was posted first.
  bool receiver_copy = false;
  // ReceiverPull: once the data is in, the receiver tells the sender (X1 completion flag, T3E RTA
  // acknowledge); the send completes when that message arrives, not when the NIC has read the data.
  bool ack_after_pull = false;
  // Seconds between the event that completes the send and the send's return (the XT3's CAM overflow
  // protection on the eager-long path).
  double completion_delay = 0;
  // RDMA from and into the application's buffers: each end registers its buffer with the NIC first
  // (Machine::memory_registration).
  bool registers_memory = false;
  // Rendezvous: the sender puts the data in chunks of this many bytes, each after its own
  // clear-to-send (0: all at once).
  std::int64_t chunk_bytes = 0;
};

// What registering memory with an RDMA NIC costs, in seconds; a negative per_registration means the
// machine registers nothing. A registration cache remembers registered buffers, so a buffer used
// again costs only the lookup.
struct MemoryRegistration {
  double per_registration = -1;
  double per_page = 0;
  std::int64_t page_bytes = 4096;
  double cache_hit = 0;
};

// LogGP costs between two ranks, in seconds (G in seconds per byte).
struct LinkCost {
  double latency = 0;        // L: wire time of a small message
  double send_overhead = 0;  // o_s: sender CPU time per message
  double recv_overhead = 0;  // o_r: receiver CPU time per message
  double gap = 0;            // g: minimum interval between message injections at one NIC
  double gap_per_byte = 0;   // G: inverse bandwidth
};

// Limits on what a receiver can hold for messages that arrive before their receive, and on its
// event queues. A negative limit means unlimited. Exceeding one ends the run with `*_exhausted`,
// the message the machine's MPI printed.
struct ReceiveResources {
  std::int64_t unexpected_buffer_bytes = -1;
  std::string unexpected_buffer_variable;  // the setting that sizes it, "MPICH_UNEX_BUFFER_SIZE"
  std::int64_t unexpected_events = -1;
  std::int64_t events_per_unexpected = 1;
  std::int64_t other_events = -1;  // held by each posted receive and each pending send
  std::string unexpected_buffer_exhausted;
  std::string unexpected_events_exhausted;
  std::string other_events_exhausted;
  bool traceback = false;  // add the rank's MPI call to the message (XT3 MPICH_DBMASK=0x200)
};

}  // namespace xo::hw
