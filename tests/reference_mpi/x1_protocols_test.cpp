// The X1 model: data inline in the send packet below 64 words, otherwise a pointer the receiver
// pulls from and a completion flag it sets; buffered mode; MSP and SSP modes.

#include <gtest/gtest.h>

#include "phase_run.hpp"

namespace {

using xo::test::Env;
using xo::test::Phases;

Phases phases_of(int bytes, const Env& env = {}, bool synchronous = false) {
  return xo::test::phases_of("x1", bytes, env, synchronous);
}

TEST(X1Protocols, InlineBelowSixtyFourWordsThenPull) {
  EXPECT_EQ(phases_of(511), (Phases{"inline:eager", "inline:receiver-copy"}));
  EXPECT_EQ(phases_of(512), (Phases{"pull:header", "pull:get", "pull:data", "pull:ack"}));
  EXPECT_EQ(phases_of(8, {}, true), (Phases{"pull:header", "pull:get", "pull:data", "pull:ack"}));
}

TEST(X1Protocols, BufferingPacksTheDataAndReturns) {
  const Env buffering = {{"MPI_BUFFER_MAX", "65536"}};
  EXPECT_EQ(phases_of(4096, buffering),
            (Phases{"buffered:sender-copy", "buffered:header", "buffered:get", "buffered:data", "buffered:ack"}));
  EXPECT_EQ(phases_of(65537, buffering), (Phases{"pull:header", "pull:get", "pull:data", "pull:ack"}));
}

TEST(X1Protocols, PullSendCompletesWhenTheFlagIsSet) {
  // The sender of a pulled message waits for the receiver: a late receive delays the send.
  auto send_time = [](bool late_receiver) {
    double elapsed = 0;
    const auto r = xo::test::run_on("x1", 2, {}, [&](int rank) {
      std::vector<char> buffer(4096);
      if (rank == 0) {
        const double start = MPI_Wtime();
        MPI_Send(buffer.data(), 4096, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        elapsed = MPI_Wtime() - start;
      } else {
        if (late_receiver) {
          for (int i = 0; i < 1000; ++i) {
            int flag = 0;
            MPI_Iprobe(0, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);  // busy elsewhere
          }
        }
        MPI_Recv(buffer.data(), 4096, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    });
    EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
    return elapsed;
  };
  EXPECT_GT(send_time(true), send_time(false));
}

TEST(X1Modes, MspModeStreamsLargeTransfersFaster) {
  auto transfer_time = [](const Env& env, int bytes) { return xo::test::arrival_time("x1", env, bytes); };
  const Env ssp = {{"XO_X1_SSP", "1"}};
  EXPECT_LT(transfer_time({}, 4 << 20), transfer_time(ssp, 4 << 20));
  EXPECT_EQ(transfer_time({}, 65536), transfer_time(ssp, 65536));  // below the multistream size
}

}  // namespace
