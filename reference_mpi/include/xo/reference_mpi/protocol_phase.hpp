#pragma once
// One phase of a point-to-point protocol or of a collective's hardware, as the simulation performs
// it: what the tracer records on a rank's network location and what tests check sequences with.

#include <cstdint>
#include <string_view>

namespace xo::mpi {

enum class Phase : std::uint8_t {
  Eager,           // envelope and data, sender to receiver
  Header,          // request-to-send or pull header, sender to receiver
  ClearToSend,     // receiver to sender, once a receive matched
  Get,             // receiver's GET request to the sender's NIC
  Data,            // payload of a rendezvous, pull or eager-pull transfer
  Ack,             // receiver to sender: an eager-pull message landed, or a pulled one is complete
  SenderCopy,      // data copied into a sender-side system buffer (XT3 vshort)
  UnexpectedCopy,  // data copied out of the unexpected buffer into the receive buffer
  ReceiverCopy,    // data copied out of a receive-side system buffer into a posted receive's buffer
  CreditWait,      // the sender waits for a mailbox credit (Gemini SMSG flow control)
  Registration,    // a buffer registered with the NIC for RDMA (Gemini LMT), or found in the cache
  Pack,            // a non-contiguous send packed into a contiguous buffer before it goes
  Unpack,          // a received message unpacked into a non-contiguous receive buffer
  // Collective hardware and remote memory (path: the collective algorithm's name).
  NetworkWait,        // a broadcast waits for the machine-wide broadcast network to be free
  BroadcastNetwork,   // the whole message on the broadcast network (AP1000 B-net)
  SyncNetwork,        // in a hardware barrier, from arrival to release (AP1000 S-net, T3E)
  HardwareReduction,  // in a hardware reduction, from arrival to result (AP1000 xy routines)
  FetchAdd,           // in a fetch-and-add barrier, from arrival to resume (X1, SMP nodes)
  RemoteAccess,       // one-sided loads, stores and flag polls of the X1 gps algorithms
};

const char* phase_name(Phase phase);

struct PhaseRecord {
  Phase phase;
  std::string_view path;  // the machine's name for the protocol path ("vshort") or the collective algorithm
  int from_world_rank;
  int to_world_rank;  // -1: no single peer (a hardware broadcast or synchronisation)
  std::int64_t bytes;
  std::int64_t start_ps;  // virtual time
  std::int64_t end_ps;
};

}  // namespace xo::mpi
