// Mailbox credits, as the Gemini SMSG mailboxes of seed 004 (slide 8) implement flow control: a
// connection gives each sender a fixed number of slots in the receiver's mailbox; every message
// (E0 data, or the header of E1 and LMT) takes one, and the receiver's dequeue gives it back.
// Connections are made on first use, so a rank's mailbox memory grows with its peers.
//
// The receiver dequeues a message when its progress engine runs: at the arrival if it is inside an
// MPI call then, else when it enters its next one (progress happens only inside MPI calls), so a
// receiver that computes stops the credits coming back and its senders stall, as slide 8 says.
// The credit travels back in one latency. A receiver outside MPI at the arrival (computing, or not
// started yet) has no next entry time yet: the credit is owed (kOwed) until it enters a call, and
// a sender that needs it blocks until then.

#include <algorithm>
#include <limits>

#include "link_times.hpp"
#include "point_to_point.hpp"
#include "protocol_layer.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

constexpr sim::Time kOwed = std::numeric_limits<sim::Time>::max();

}  // namespace

std::vector<sim::Time>& wait_for_mailbox_credit(World& world, RankState& sender, Message* m) {
  ProtocolLayer& layer = ProtocolLayer::of(world);
  const auto [connection, made] = layer.traffic(sender.world_rank).mailboxes.try_emplace(m->dest_world);
  if (made) layer.traffic(m->dest_world).mailboxes.try_emplace(sender.world_rank);  // the receiver's side
  std::vector<sim::Time>& credits = connection->second;
  if (static_cast<std::int64_t>(credits.size()) < layer.mailbox_credits()) return credits;
  sim::Engine& engine = world.engine();
  const sim::Time asked = engine.now();
  // A credit may come back later than it first promised (settle_mailbox_credit), so look again.
  for (auto earliest = std::min_element(credits.begin(), credits.end()); *earliest > engine.now();
       earliest = std::min_element(credits.begin(), credits.end())) {
    if (*earliest != kOwed) {
      engine.advance_to(*earliest);
      engine.sync();  // the arrivals before it may move its credits later (settle_mailbox_credit)
      continue;
    }
    layer.traffic(m->dest_world).credit_waiters.push_back(engine.current_fiber());  // every credit owed
    engine.block();
  }
  if (engine.now() > asked) {
    world.record_phase(Phase::CreditWait, *m, m->source_world, m->source_world, asked, engine.now());
  }
  return credits;
}

void hold_mailbox_credit(World& world, std::vector<sim::Time>& credits, Message& m) {
  const LinkTimes t(world.machine(), m.dest_world, m.source_world, 0);
  const sim::Time back = m.arrival + t.recv_overhead + t.latency;  // if the receiver is in MPI at the arrival
  if (static_cast<std::int64_t>(credits.size()) < ProtocolLayer::of(world).mailbox_credits()) {
    credits.push_back(back);
    m.credit_slot = static_cast<int>(credits.size()) - 1;
  } else {
    const auto slot = std::min_element(credits.begin(), credits.end());
    *slot = back;
    m.credit_slot = static_cast<int>(slot - credits.begin());
  }
}

void settle_mailbox_credit(World& world, const Message& m) {
  ProtocolLayer& layer = ProtocolLayer::of(world);
  const RankState& receiver = world.rank(m.dest_world);
  std::vector<sim::Time>& credits = layer.traffic(m.source_world).mailboxes[m.dest_world];
  if (receiver.call == nullptr && !receiver.finalized) {  // outside MPI: owed until its next call
    credits[static_cast<std::size_t>(m.credit_slot)] = kOwed;
    layer.traffic(m.dest_world).credits_owed.emplace_back(m.source_world, m.credit_slot);
    return;
  }
  if (receiver.call == nullptr || receiver.entered_at <= m.arrival) return;  // dequeued at the arrival
  const LinkTimes t(world.machine(), m.dest_world, m.source_world, 0);
  credits[static_cast<std::size_t>(m.credit_slot)] = receiver.entered_at + t.recv_overhead + t.latency;
}

void return_owed_credits(World& world, RankState& receiver) {  // simcall
  sim::Simcall simcall(world.engine());
  ProtocolLayer& layer = ProtocolLayer::of(world);
  RankTraffic& owing = layer.traffic(receiver.world_rank);
  for (const auto& [sender, slot] : owing.credits_owed) {
    const LinkTimes t(world.machine(), receiver.world_rank, sender, 0);
    layer.traffic(sender).mailboxes[receiver.world_rank][static_cast<std::size_t>(slot)] =
        receiver.entered_at + t.recv_overhead + t.latency;
  }
  owing.credits_owed.clear();
  for (int fiber : owing.credit_waiters) world.engine().wake(fiber, receiver.entered_at);
  owing.credit_waiters.clear();
}

void entering_mpi(World& world, RankState& rank) {
  const RankTraffic& traffic = ProtocolLayer::of(world).traffic(rank.world_rank);
  if (!traffic.credits_owed.empty() || !traffic.credit_waiters.empty()) return_owed_credits(world, rank);
}

}  // namespace xo::mpi
