#pragma once
// The protocol engine for point-to-point messages. A send is started on the sender's fiber; the
// machine chooses its protocol and the protocol's phases become timed events (envelope arrival,
// clear-to-send, data). Every cost comes from the machine's LinkCost, so one implementation serves
// every machine.

#include "../core/request.hpp"

namespace xo::mpi {

class World;
struct RankState;
struct Message;

// `send` holds envelope, buffer, type, bytes and mode; `dest_world` is the receiver's world rank.
void start_send(World& world, RankState& sender, Request* send, int dest_world);
// Matches the first fitting unexpected message now, or posts the receive.
void start_recv(World& world, RankState& receiver, Request* receive);

// Protocols, one per file.
void send_eager(World& world, RankState& sender, Request* send, Message* message);
void send_rendezvous(World& world, RankState& sender, Request* send, Message* message);
// A receive met its message at `when`: eager data is copied, a rendezvous answers clear-to-send.
void deliver(World& world, Request* receive, Message* message, sim::Time when);
void rendezvous_matched(World& world, Request* receive, Message* message, sim::Time when);

// Shared by the protocols: the envelope reached the receiver.
void envelope_arrived(World& world, Message* message);

}  // namespace xo::mpi
