#pragma once
// The protocol engine for point-to-point messages. A send is started on the sender's fiber; the
// machine chooses its protocol and the protocol's phases become timed events (envelope arrival,
// clear-to-send or GET, data, ACK). Every cost comes from the machine's LinkCost, so one
// implementation of each protocol serves every machine. The entry points the api calls are public
// (xo/mpi/protocol/entry_points.hpp); these are the steps between them, private to the layer.

#include <vector>

#include "xo/hwmodels/protocol.hpp"
#include "xo/mpi/protocol/entry_points.hpp"
#include "xo/mpi/state/request.hpp"

namespace xo::mpi {

class World;
struct RankState;
struct Message;

// The sending side of each protocol, one per file.
void send_eager(World& world, RankState& sender, Request* send, Message* message, const hw::ProtocolChoice& choice);
void send_header(World& world, RankState& sender, Request* send, Message* message,
                 const hw::ProtocolChoice& choice);  // Rendezvous, ReceiverPull
void send_eager_pull(World& world, RankState& sender, Request* send, Message* message);

// The receiver asks the sender for the data (clear-to-send or GET); the data follows.
void request_data(World& world, Request* receive, Message* message, sim::Time when);
// An eager-pull message landed in a posted receive: data is there, the sender gets an ACK.
void eager_pull_landed(World& world, Request* receive, Message* message, sim::Time when);

// Derived datatypes (seed 002, "MPI derived datatypes": the MPI packs on the sender side and
// unpacks from a temporary buffer on the receive side): a non-contiguous receive buffer costs a
// copy after the data is in, unless the path copies out of a system buffer (`copied`) and that copy
// unpacks (hw::Machine::system_buffer_copies_pack).
// Returns when the receive is complete.
sim::Time unpacked(World& world, const Request& receive, const Message& message, sim::Time landed, bool copied);

// The envelope reached the receiver.
void envelope_arrived(World& world, Message* message);

// Mailbox credits (machines with Machine::mailbox_credits() >= 0): the sender waits for a free
// slot in its mailbox at the receiver (the connection is made on first contact), then the message
// holds it until the receiver dequeues it. `credits` is the connection wait_for_mailbox_credit returns.
std::vector<sim::Time>& wait_for_mailbox_credit(World& world, RankState& sender, Message* message);
void hold_mailbox_credit(World& world, std::vector<sim::Time>& credits, Message& message);
// At the message's arrival: a receiver computing outside MPI dequeues it only when it next enters a
// call, and the credit comes back that much later.
void settle_mailbox_credit(World& world, const Message& message);
// The receiver enters an MPI call: the credits of the messages that arrived while it was outside
// MPI come back from now, and their waiting senders go on.
void return_owed_credits(World& world, RankState& receiver);

// Receive resources (unexpected buffer, event queues): taken and given back by the protocols;
// exhausting one ends the run with the machine's message.
void hold_unexpected(World& world, const RankState& receiver, Message* message);
void hold_other_event(World& world, const RankState& rank);
// A pending send holds one "other" event of its sender until it completes (seed 002, "What does this
// mean? (4)": many nonblocking sends exhaust the queue); complete_send gives it back.
void hold_send_event(World& world, const RankState& sender, Request* send);
// Completes a send at `at` (World::complete), first giving back the event it holds, at `at`.
void complete_send(World& world, Request* send, sim::Time at);

}  // namespace xo::mpi
