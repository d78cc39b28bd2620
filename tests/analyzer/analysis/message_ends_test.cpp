// What a message costs each of its ranks: the bench's per-size costs (SizeCurve), the pricing of a
// protocol change at both ends, and the trace's record of when a send's buffer became free.

#include "xo/analyzer/analysis/message_ends.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <string>
#include <vector>

#include "../model/traced_run.hpp"
#include "xo/analyzer/analysis/protocol_costs.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace {

using xo::analyzer::MessageEnds;
using xo::analyzer::ProtocolCosts;
using xo::analyzer::SizeCurve;

SizeCurve curve(const std::vector<std::pair<double, double>>& points) {
  SizeCurve c;
  for (const auto& [bytes, seconds] : points) c.add(bytes, seconds);
  c.finish();
  return c;
}

// A protocol whose costs are flat: `end_to_end`, `held` (blocking send), `late` (late receive).
ProtocolCosts flat(const std::string& name, double end_to_end, double held, double late, bool waits = false,
                   double after_post = 0) {
  ProtocolCosts p;
  p.protocol = name;
  p.end_to_end = curve({{1, end_to_end}, {1e6, end_to_end}});
  p.send_blocked = curve({{1, held}, {1e6, held}});
  p.late_receive = curve({{1, late}, {1e6, late}});
  p.free_after_late_post = curve({{1, after_post}, {1e6, after_post}});
  p.sender_waits_for_receive = waits;
  return p;
}

xo::analyzer::TraceModel traced(const std::string& machine, const std::function<void(int)>& body) {
  const auto run = xo::test::traced_run(machine, 2, body);
  EXPECT_EQ(run->exit_code, 0);
  return xo::analyzer::read_trace(run->anchor);
}

}  // namespace

TEST(SizeCurve, MediansPerSizeJoinedByStraightLines) {
  const SizeCurve c = curve({{100, 1.0}, {100, 9.0}, {100, 2.0}, {300, 6.0}});
  EXPECT_DOUBLE_EQ(*c.at(100), 2.0) << "the median of three, not their mean";
  EXPECT_DOUBLE_EQ(*c.at(200), 4.0);
  EXPECT_DOUBLE_EQ(*c.at(300), 6.0);
  EXPECT_FALSE(c.at(99)) << "no value outside the measured sizes";
  EXPECT_FALSE(c.at(301));
}

TEST(PriceChange, AWaitingReceiverGainsTheEndToEndDifference) {
  MessageEnds m;
  m.bytes = 1000;
  m.receiver_waited = true;
  m.receive_call = 1.0;
  const auto change = xo::analyzer::price_change(m, flat("a", 5e-6, 0, 0), flat("b", 3e-6, 0, 0));
  ASSERT_TRUE(change);
  EXPECT_NEAR(change->receiver, -2e-6, 1e-15);
  EXPECT_EQ(change->sender, 0) << "no wait of the sender is known: nothing to price there";
}

TEST(PriceChange, AReceiverSavesAtMostTheTimeItSpentInTheCall) {
  MessageEnds m;
  m.bytes = 1000;
  m.receiver_waited = true;
  m.receive_call = 0.5e-6;
  const auto change = xo::analyzer::price_change(m, flat("a", 5e-6, 0, 0), flat("b", 3e-6, 0, 0));
  EXPECT_NEAR(change->receiver, -0.5e-6, 1e-15);
}

TEST(PriceChange, ALateReceiverPaysOnlyItsReceiveCall) {
  MessageEnds m;
  m.bytes = 1000;
  m.receiver_waited = false;
  m.receive_late_by = 1e-3;
  m.receive_call = 1.0;
  const auto change = xo::analyzer::price_change(m, flat("a", 5e-6, 0, 4e-6), flat("b", 1e-6, 0, 1e-6));
  EXPECT_NEAR(change->receiver, -3e-6, 1e-15);
}

// The rendezvous holds a blocking sender until the late receiver posts; the copy protocol lets it go.
TEST(PriceChange, ACopyProtocolFreesASenderThatARendezvousHoldsForALateReceiver) {
  MessageEnds m;
  m.bytes = 1000;
  m.receive_late_by = 100e-6;
  m.receive_call = 1.0;
  m.sender_waits_from = 0.0;  // a blocking send
  const ProtocolCosts rendezvous = flat("rdv", 5e-6, 6e-6, 4e-6, true, 3e-6);
  const ProtocolCosts copy = flat("copy", 6e-6, 1e-6, 5e-6, false);
  const auto change = xo::analyzer::price_change(m, rendezvous, copy);
  ASSERT_TRUE(change);
  EXPECT_NEAR(change->sender, 1e-6 - (100e-6 + 3e-6), 1e-12);
  const auto back = xo::analyzer::price_change(m, copy, rendezvous);
  EXPECT_NEAR(back->sender, -change->sender, 1e-12) << "the change back costs what this one saves";
}

TEST(PriceChange, ASenderThatWaitsNextAnywayAbsorbsTheChange) {
  MessageEnds m;
  m.bytes = 1000;
  m.receiver_waited = true;
  m.receive_call = 1.0;
  m.sender_waits_from = 0.0;
  m.sender_slack = 10e-6;  // its next call, a receive, waits 10 us
  const auto absorbed = xo::analyzer::price_change(m, flat("a", 5e-6, 1e-6, 0), flat("b", 5e-6, 4e-6, 0));
  EXPECT_EQ(absorbed->sender, 0);
  m.sender_slack = 1e-6;
  const auto partly = xo::analyzer::price_change(m, flat("a", 5e-6, 1e-6, 0), flat("b", 5e-6, 4e-6, 0));
  EXPECT_NEAR(partly->sender, 2e-6, 1e-15);
}

TEST(PriceChange, SizesTheBenchDidNotMeasureAreNotPriced) {
  MessageEnds m;
  m.bytes = 2e6;
  m.receiver_waited = true;
  EXPECT_FALSE(xo::analyzer::price_change(m, flat("a", 1, 1, 1), flat("b", 1, 1, 1)));
}

// The XT3's vshort copies the data and completes the send at once; the MPI_Wait that sees it may
// come much later. The trace says when the buffer became free, so the analyzer knows the sender
// was not held; a long message's buffer is free only after the receiver pulled it.
TEST(MessageEndsFromATrace, AnIsendsBufferIsFreeWhenItsRequestCompletedNotWhenTheWaitSawIt) {
  static std::vector<char> small(256), large(1 << 20), other(1 << 20);
  const auto model = traced("xt3", [](int rank) {
    if (rank == 0) {
      MPI_Request r[2];
      MPI_Isend(small.data(), 256, MPI_BYTE, 1, 0, MPI_COMM_WORLD, &r[0]);
      MPI_Isend(large.data(), 1 << 20, MPI_BYTE, 1, 1, MPI_COMM_WORLD, &r[1]);
      MPI_Send(other.data(), 1 << 20, MPI_BYTE, 1, 2, MPI_COMM_WORLD);  // keeps rank 0 busy a while
      MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(other.data(), 1 << 20, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Recv(small.data(), 256, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Recv(large.data(), 1 << 20, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  const auto& msg = model.messages;
  int checked = 0;
  for (std::size_t i = 0; i < msg.size(); ++i) {
    if ((msg.flags[i] & xo::analyzer::MessageTable::kNonblockingSend) == 0) {
      EXPECT_DOUBLE_EQ(model.send_buffer_free(i), model.calls.leave[msg.send_call[i]]) << "a blocking send's leave";
      continue;
    }
    ASSERT_FALSE(std::isnan(model.send_buffer_free(i)));
    ASSERT_NE(model.send_complete_call(i), xo::analyzer::kNoIndex);
    const double completed = model.calls.leave[model.send_complete_call(i)];  // when the MPI_Waitall saw it
    EXPECT_LE(model.send_buffer_free(i), completed);
    EXPECT_GE(model.send_buffer_free(i), msg.send_time[i]);
    if (msg.bytes[i] == 256) {
      EXPECT_LT(model.send_buffer_free(i), model.receive_posted(i)) << "vshort went before its receive was posted";
      EXPECT_LT(model.send_buffer_free(i) + 100e-6, completed) << "long before the MPI_Waitall saw it";
    } else {
      EXPECT_GE(model.send_buffer_free(i), model.receive_posted(i)) << "the long protocol waits for the receive";
    }
    ++checked;
  }
  EXPECT_EQ(checked, 2);
  const auto ends = xo::analyzer::message_ends(model);
  ASSERT_EQ(ends.size(), 3u);
  for (const MessageEnds& e : ends) {
    ASSERT_TRUE(e.sender_waits_from);
    if (e.bytes == 256) {
      EXPECT_GT(*e.sender_waits_from, 100e-6) << "the sender reached its MPI_Waitall late";
    }
  }
}
