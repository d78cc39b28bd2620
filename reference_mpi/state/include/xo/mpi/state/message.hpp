#pragma once
// A message in flight or waiting in a receiver's unexpected queue. Pooled; the payload vector
// keeps its capacity across reuse, so eager messages allocate nothing in steady state.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "xo/hwmodels/protocol.hpp"
#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

struct Request;

struct Message {
  int source_world = 0;
  int dest_world = 0;
  int context = 0;
  int source = 0;  // sender's rank in the communicator
  int tag = 0;
  std::int64_t bytes = 0;
  hw::Protocol protocol = hw::Protocol::Eager;
  std::string_view path;                 // the machine's name for the protocol path, for phase records
  sim::Time arrival = 0;                 // when the envelope reached the receiver
  bool holds_unexpected_buffer = false;  // its payload occupies the receiver's unexpected buffer
  int credit_slot = -1;                  // the mailbox credit it holds (mailbox_credits.cpp), or -1
  bool sender_copy = false;              // ProtocolChoice::sender_copy
  bool receiver_copy = false;            // ProtocolChoice::receiver_copy
  bool ack_after_pull = false;           // ProtocolChoice::ack_after_pull
  sim::Time completion_delay = 0;        // ProtocolChoice::completion_delay
  bool registers_memory = false;         // ProtocolChoice::registers_memory
  std::int64_t chunk_bytes = 0;          // ProtocolChoice::chunk_bytes

  std::vector<std::byte> payload;   // eager: packed data; rendezvous: empty (data stays with the sender)
  Request* send_request = nullptr;  // rendezvous: the sender's request, completed by the data transfer
  Request* recv_request = nullptr;  // rendezvous: the matched receive

  Message* next = nullptr;  // unexpected queue or pool link
  Message* prev = nullptr;
};

}  // namespace xo::mpi
