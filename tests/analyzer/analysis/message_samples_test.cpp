// Every message counts: nonblocking sends and receives give end-to-end samples, each ending when
// its own message arrived, not when the MPI_Waitall that reported several of them returned.

#include <gtest/gtest.h>
#include <mpi.h>

#include <functional>
#include <vector>

#include "../model/traced_run.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
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
    EXPECT_LE(msg.receive_complete[i], msg.receive_time[i]) << "arrived before the MPI_Waitall reported it";
  }
}
