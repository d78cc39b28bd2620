// The AP1000 model: l_asend through system buffers or linesending, Ssend by put, and the
// host+cells COMM_WORLD. Phases, not times, except where two settings are compared.

#include <gtest/gtest.h>

#include "phase_run.hpp"
#include "xo/hwmodels/machine_error.hpp"

namespace {

using xo::test::Env;
using xo::test::message_options;
using xo::test::one_message;
using xo::test::Phases;

const Env kLinesending = {{"XO_AP1000_LINESENDING", "1"}};

TEST(Ap1000Protocols, LAsendCopiesAtBothEnds) {
  const auto r = one_message("ap1000", 800);
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.phases, (Phases{"l_asend:sender-copy", "l_asend:eager", "l_asend:receiver-copy"}));
}

TEST(Ap1000Protocols, UnexpectedMessageIsCopiedOutOnce) {
  const auto r = one_message("ap1000", 800, message_options({}, true));
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.of_size(800), (Phases{"l_asend:sender-copy", "l_asend:eager", "l_asend:unexpected-copy"}));
}

TEST(Ap1000Protocols, LinesendingSkipsTheSendCopy) {
  const auto r = one_message("ap1000", 800, message_options(kLinesending));
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.phases, (Phases{"linesending:eager", "linesending:receiver-copy"}));
}

TEST(Ap1000Protocols, SsendIsAHandshakeThenLAsendUnlessThePutKnobIsSet) {
  // Seed 001 section 10: the put-based Ssend is future work; the library answered the request and
  // sent the data through CellOS system buffers.
  const auto released = one_message("ap1000", 800, message_options({}, false, true));
  ASSERT_EQ(released.result.exit_code, 0) << released.result.error;
  EXPECT_EQ(released.phases,
            (Phases{"ssend:header", "ssend:clear-to-send", "ssend:sender-copy", "ssend:data", "ssend:receiver-copy"}));
  const auto put = one_message("ap1000", 800, message_options({{"XO_AP1000_SSEND_PUT", "1"}}, false, true));
  ASSERT_EQ(put.result.exit_code, 0) << put.result.error;
  EXPECT_EQ(put.phases, (Phases{"ssend-put:header", "ssend-put:clear-to-send", "ssend-put:data"}));
}

// Seconds until rank 1 has a message of `bytes` that rank 0 sends with `call`, the receive posted first.
double arrival(const Env& env, int bytes, bool synchronous) {
  double t = 0;
  const auto r = xo::test::run_on("ap1000", 2, env, [&](int rank) {
    std::vector<char> buffer(static_cast<std::size_t>(bytes));
    if (rank == 0) (synchronous ? MPI_Ssend : MPI_Send)(buffer.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) {
      MPI_Recv(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      t = MPI_Wtime();
    }
  });
  EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
  return t;
}

TEST(Ap1000Protocols, SsendCostsASendPlusItsHandshake) {
  // Without the put, Ssend moves the data as Send does and adds the round trip of the handshake:
  // never faster than Send (it was 8 times faster when the put was the default).
  for (int bytes : {8, 8000, 80000}) {
    EXPECT_GT(arrival({}, bytes, true), arrival({}, bytes, false)) << bytes;
  }
  EXPECT_LT(arrival({{"XO_AP1000_SSEND_PUT", "1"}}, 80000, true), arrival({}, 80000, false));
}

// Seconds rank 0 spends in MPI_Send of `bytes` to rank 1.
double send_time(const Env& env, int bytes) {
  double elapsed = 0;
  const auto r = xo::test::run_on("ap1000", 2, env, [&](int rank) {
    std::vector<char> buffer(static_cast<std::size_t>(bytes));
    if (rank == 0) {
      const double start = MPI_Wtime();
      MPI_Send(buffer.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      elapsed = MPI_Wtime() - start;
    } else {
      MPI_Recv(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
  return elapsed;
}

TEST(Ap1000Protocols, TheSendCopyCostsTheSenderTimeThatGrowsWithSize) {
  EXPECT_GT(send_time({}, 80000) - send_time({}, 8000), 0);
  EXPECT_GT(send_time({}, 80000), send_time(kLinesending, 80000));  // no copy; blocked only for the DMA
}

TEST(Ap1000Host, HostIsRankZeroAndSlowerToReach) {
  // With the host in COMM_WORLD, rank 0 is the host: a message from it crosses the host link.
  const xo::test::Env host = {{"XO_AP1000_HOST", "1"}};
  auto one_way = [&](int from, int to) { return xo::test::arrival_time("ap1000", host, 8, from, to, 3); };
  EXPECT_GT(one_way(0, 1), one_way(1, 2));
}

TEST(Ap1000Host, HostModeNeedsACell) {
  try {
    xo::test::run_on("ap1000", 1, {{"XO_AP1000_HOST", "1"}}, [](int) {});
    FAIL() << "expected the settings check to refuse one rank";
  } catch (const xo::hw::MachineError& e) {
    EXPECT_NE(std::string(e.what()).find("XO_AP1000_HOST"), std::string::npos) << e.what();
  }
}

}  // namespace
