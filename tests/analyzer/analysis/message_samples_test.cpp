// Every message counts: nonblocking, persistent, wildcard and MPI_Sendrecv messages give end-to-end
// samples, a nonblocking one ending when its own message arrived, not when the MPI_Waitall that
// reported several of them returned.

#include "xo/analyzer/analysis/message_samples.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <functional>
#include <map>
#include <vector>

#include "../model/traced_run.hpp"
#include "xo/analyzer/analysis/run_fits.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace {

xo::analyzer::TraceModel traced(int ranks, const std::function<void(int)>& body) {
  const auto run = xo::test::traced_run("xt3", ranks, body);
  EXPECT_EQ(run->exit_code, 0);
  return xo::analyzer::read_trace(run->anchor);
}

constexpr int kBytes = 4096;

}  // namespace

TEST(MessageSamples, NonblockingMessagesEndWhenTheirOwnDataArrived) {
  // Rank 0 posts receives from ranks 1 and 2 and waits for both; rank 1 sends at once, rank 2 only
  // after a 1 MiB exchange with rank 1, so rank 0's MPI_Waitall returns long after rank 1's data came.
  const auto trace = traced(3, [](int rank) {
    static std::vector<char> big(1 << 20), a(kBytes), b(kBytes);
    if (rank == 0) {
      MPI_Request r[2];
      MPI_Irecv(a.data(), kBytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, &r[0]);
      MPI_Irecv(b.data(), kBytes, MPI_BYTE, 2, 0, MPI_COMM_WORLD, &r[1]);
      MPI_Barrier(MPI_COMM_WORLD);
      MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    } else {
      MPI_Barrier(MPI_COMM_WORLD);
      MPI_Request s;
      if (rank == 1) {
        MPI_Isend(a.data(), kBytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &s);
        MPI_Recv(big.data(), 1 << 20, MPI_BYTE, 2, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Send(big.data(), 1 << 20, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
        MPI_Isend(b.data(), kBytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &s);
      }
      MPI_Wait(&s, MPI_STATUS_IGNORE);
    }
  });
  std::vector<xo::analyzer::ProtocolSamples> samples;
  xo::analyzer::add_message_samples(trace, samples);
  std::vector<double> small;
  for (const auto& p : samples) {
    for (const auto& s : p.samples) {
      if (s.bytes == kBytes && s.end_to_end_seconds) small.push_back(*s.end_to_end_seconds);
    }
  }
  ASSERT_EQ(small.size(), 2u) << "both nonblocking messages give an end-to-end time";
  EXPECT_GT(small[0], 0);
  EXPECT_GT(small[1], 0);
  EXPECT_LT(small[0], 100e-6) << "a 4 KiB message on the XT3 takes microseconds, not the 1 MiB exchange's millisecond";
  EXPECT_LT(small[1], 100e-6);
  const auto& msg = trace.messages;
  for (std::size_t i = 0; i < msg.size(); ++i) {
    if (msg.bytes[i] != kBytes) continue;
    EXPECT_LE(trace.receive_complete(i), trace.receive_time(i)) << "arrived before the MPI_Waitall reported it";
  }
}

// Persistent requests, wildcard receives and MPI_Sendrecv count as well: each message whose
// receive was posted first gives an end-to-end sample of its protocol, by its own bytes. Of the
// two MPI_Sendrecv messages, one is sent inside it and one received inside it.
TEST(MessageSamples, PersistentWildcardAndSendrecvMessagesGiveSamples) {
  constexpr int kPersistent = 1000, kWildcard = 2000, kSentInSendrecv = 3000, kReceivedInSendrecv = 3500;
  const auto trace = traced(2, [](int rank) {
    static std::vector<char> a(4096), b(4096), c(4096), token(8);
    if (rank == 1) {
      MPI_Request persistent, wildcard, early;
      MPI_Recv_init(a.data(), kPersistent, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &persistent);
      MPI_Start(&persistent);
      MPI_Irecv(b.data(), kWildcard, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &wildcard);
      MPI_Irecv(c.data(), kSentInSendrecv, MPI_BYTE, 0, 4, MPI_COMM_WORLD, &early);
      MPI_Barrier(MPI_COMM_WORLD);
      MPI_Wait(&persistent, MPI_STATUS_IGNORE);
      MPI_Request_free(&persistent);
      MPI_Wait(&wildcard, MPI_STATUS_IGNORE);
      // Its receive is posted before its send goes: rank 0 sends only once the token arrived.
      MPI_Sendrecv(token.data(), 8, MPI_BYTE, 0, 3, a.data(), kReceivedInSendrecv, MPI_BYTE, 0, 5, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      MPI_Wait(&early, MPI_STATUS_IGNORE);
    } else {
      MPI_Barrier(MPI_COMM_WORLD);
      MPI_Request persistent;
      MPI_Send_init(a.data(), kPersistent, MPI_BYTE, 1, 1, MPI_COMM_WORLD, &persistent);
      MPI_Start(&persistent);
      MPI_Wait(&persistent, MPI_STATUS_IGNORE);
      MPI_Request_free(&persistent);
      MPI_Send(b.data(), kWildcard, MPI_BYTE, 1, 2, MPI_COMM_WORLD);
      MPI_Sendrecv(c.data(), kSentInSendrecv, MPI_BYTE, 1, 4, token.data(), 8, MPI_BYTE, 1, 3, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      MPI_Send(a.data(), kReceivedInSendrecv, MPI_BYTE, 1, 5, MPI_COMM_WORLD);
    }
  });
  std::vector<xo::analyzer::ProtocolSamples> samples;
  xo::analyzer::add_message_samples(trace, samples);
  std::map<double, int> end_to_end_by_bytes;
  for (const auto& p : samples) {
    for (const auto& s : p.samples) {
      if (s.end_to_end_seconds && *s.end_to_end_seconds > 0) ++end_to_end_by_bytes[s.bytes];
    }
  }
  EXPECT_EQ(end_to_end_by_bytes[kPersistent], 1) << "persistent";
  EXPECT_EQ(end_to_end_by_bytes[kWildcard], 1) << "wildcard";
  EXPECT_EQ(end_to_end_by_bytes[kSentInSendrecv], 1) << "sent in MPI_Sendrecv";
  EXPECT_EQ(end_to_end_by_bytes[kReceivedInSendrecv], 1) << "received in MPI_Sendrecv";
}

// The GUI's chart reads the end-to-end times straight from the trace (8 bytes a message) rather
// than from the samples (64): the same times by protocol and size, in the same order, and so the
// same segmented fit as the report's.
TEST(MessageSamples, EndToEndTimesFromTheTraceAreThoseOfTheSamples) {
  const auto trace = traced(2, [](int rank) {
    static std::vector<char> buffer(1 << 18);
    for (int bytes = 8; bytes <= (1 << 18); bytes *= 4) {
      for (int i = 0; i < 5; ++i) {
        if (rank == 0) {
          MPI_Send(buffer.data(), bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
          MPI_Recv(buffer.data(), bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(buffer.data(), bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(buffer.data(), bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
        }
      }
    }
  });
  std::vector<xo::analyzer::ProtocolSamples> samples;
  xo::analyzer::add_message_samples(trace, samples);
  const auto from_samples = xo::analyzer::end_to_end_times(samples);
  const auto from_trace = xo::analyzer::end_to_end_times(trace);
  ASSERT_GE(from_trace.size(), 2u) << "several protocols over these sizes";
  ASSERT_EQ(from_trace.size(), from_samples.size());
  std::size_t times = 0;
  for (std::size_t p = 0; p < from_trace.size(); ++p) {
    EXPECT_EQ(from_trace[p].protocol, from_samples[p].protocol);
    EXPECT_EQ(from_trace[p].by_size, from_samples[p].by_size);
    for (const auto& [bytes, seconds] : from_trace[p].by_size) times += seconds.size();
  }
  EXPECT_GT(times, 20u);
  std::string missing_trace, missing_samples;
  const auto fit_trace = xo::analyzer::fit_boundaries(from_trace, &missing_trace);
  const auto fit_samples = xo::analyzer::fit_boundaries(samples, &missing_samples);
  ASSERT_EQ(fit_trace.has_value(), fit_samples.has_value());
  EXPECT_EQ(missing_trace, missing_samples);
  if (fit_trace) {
    ASSERT_EQ(fit_trace->breakpoints.size(), fit_samples->breakpoints.size());
    for (const double bytes : {100.0, 5000.0, 100000.0})
      EXPECT_EQ(fit_trace->predict(bytes), fit_samples->predict(bytes));
  }
}
