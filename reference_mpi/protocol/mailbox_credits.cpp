// Mailbox credits, as the Gemini SMSG mailboxes of seed 004 (slide 8) implement flow control: a
// connection gives each sender a fixed number of slots in the receiver's mailbox; every message
// (E0 data, or the header of E1 and LMT) takes one, and the receiver's dequeue gives it back.
// Connections are made on first use, so a rank's mailbox memory grows with its peers.
//
// Modelling choice: the receiver dequeues a message as it arrives (its progress engine runs
// whenever traffic comes in) and the credit travels back in one latency. A sender that outruns
// its credits waits; a receiver that never polls is not modelled.

#include <algorithm>

#include "../core/world.hpp"
#include "link_times.hpp"
#include "point_to_point.hpp"

namespace xo::mpi {

std::vector<sim::Time>& wait_for_mailbox_credit(World& world, RankState& sender, Message* m) {
  const auto [connection, made] = sender.mailboxes.try_emplace(m->dest_world);
  if (made) world.rank(m->dest_world).mailboxes.try_emplace(sender.world_rank);  // the receiver's side
  std::vector<sim::Time>& credits = connection->second;
  if (static_cast<std::int64_t>(credits.size()) < world.mailbox_credits()) return credits;
  sim::Engine& engine = world.engine();
  const auto earliest = std::min_element(credits.begin(), credits.end());
  const sim::Time now = engine.now();
  if (*earliest > now) {
    world.record_phase(Phase::CreditWait, *m, m->source_world, m->source_world, now, *earliest);
    engine.advance_to(*earliest);
  }
  return credits;
}

void hold_mailbox_credit(World& world, std::vector<sim::Time>& credits, const Message& m) {
  const LinkTimes t(world.machine(), m.dest_world, m.source_world, 0);
  const sim::Time back = m.arrival + t.recv_overhead + t.latency;
  if (static_cast<std::int64_t>(credits.size()) < world.mailbox_credits()) {
    credits.push_back(back);
  } else {
    *std::min_element(credits.begin(), credits.end()) = back;
  }
}

}  // namespace xo::mpi
