#pragma once
// What the layers above ask of the protocol engine: start a send or a receive, deliver a message a
// receive took from the unexpected queue (MPI_Mrecv), give back what a cancelled or matched request
// held, and settle a rank's mailbox credits as it enters a call. Also the protocol layer's state
// for a run (install_protocol_layer) and what it tells of the run afterwards.

#include <cstdint>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

class World;
struct Message;
struct RankState;
struct Request;

// `send` holds envelope, buffer, type, bytes and mode; `dest_world` is the receiver's world rank.
void start_send(World& world, RankState& sender, Request* send, int dest_world);
// Matches the first fitting unexpected message now, or posts the receive.
void start_recv(World& world, RankState& receiver, Request* receive);
// A receive met its message at `when` (at the arrival, or later from the unexpected queue).
void deliver(World& world, Request* receive, Message* message, sim::Time when, bool was_unexpected);

// Receive resources: an unexpected message a receive took, an "other" event a cancelled receive held.
void release_unexpected(World& world, const RankState& receiver, const Message& message);
void release_other_event(World& world, const RankState& rank);
// A one-sided operation queued until its epoch ends holds one of the machine's "other" events
// (hw::Machine::rma_deferred_to_epoch_end); too many end the run with the machine's message.
void hold_rma_event(World& world, const RankState& origin);
void release_rma_events(World& world, const RankState& origin, std::int64_t events);
// At the start of every MPI call of `rank`: gives back the credits it owes, if it owes any.
void entering_mpi(World& world, RankState& rank);

// Gives `world` the protocol layer's state, before World::run.
void install_protocol_layer(World& world);
// After the run: the most mailbox connections one rank made (machines with mailbox credits).
std::int64_t max_mailbox_peers(World& world);

}  // namespace xo::mpi
