// Wait states and the MPI profile of simulated runs whose waits the programs arrange and time
// themselves with MPI_Wtime (virtual time, --compute=none): the analyzer must find those waits in
// the trace, attributed to the right kind, rank, peer and protocol.

#include "xo/analyzer/analysis/wait_states.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "../../reference_mpi/simulate.hpp"
#include "support/scratch_dir.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/reference_mpi/simulation.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace {

using xo::analyzer::TraceModel;
using xo::analyzer::WaitKind;

// Times the programs note with MPI_Wtime, by rank and name.
std::map<int, std::map<std::string, double>> g_noted;

void note(const std::string& what) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  g_noted[rank][what] = MPI_Wtime();
}

// Keeps a rank busy in communication with `partner` for a while (no compute time exists under
// --compute=none): a 1 MiB exchange.
void stay_busy(int partner, int rank) {
  static std::vector<char> buffer(1 << 20);
  if (rank < partner) {
    MPI_Send(buffer.data(), 1 << 20, MPI_BYTE, partner, 99, MPI_COMM_WORLD);
  } else {
    MPI_Recv(buffer.data(), 1 << 20, MPI_BYTE, partner, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

TraceModel traced(const std::string& machine, int ranks, const std::function<void(int)>& body,
                  std::map<std::string, std::string> env = {}) {
  g_noted.clear();
  xo::test::ScratchDir dir;
  xo::tracer::Otf2Writer writer(dir.path(), {"test", ""});
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = machine;
  options.stack_bytes = 128 * 1024;
  options.observer = &writer;
  options.env_lookup = xo::hw::lookup_in(env);
  const auto result = xo::test::run_ranks(options, body);
  EXPECT_EQ(result.exit_code, 0) << result.error;
  writer.finish();
  return xo::analyzer::read_trace(dir.path() + "/traces.otf2");
}

struct Found {
  int count = 0;
  double seconds = 0;
  int rank = -1;
  int waited_for = -1;
  std::string protocol;
};

Found waits_of(const TraceModel& m, WaitKind kind) {
  const auto waits = xo::analyzer::find_wait_states(m);
  Found f;
  for (std::size_t i = 0; i < waits.size(); ++i) {
    if (waits.kind[i] != kind) continue;
    ++f.count;
    f.seconds += waits.seconds[i];
    f.rank = waits.rank[i];
    f.waited_for = waits.waited_for[i];
    f.protocol = std::string(m.strings.at(waits.protocol[i]));
  }
  return f;
}

constexpr double kTolerance = 1e-9;  // seconds; the trace keeps picoseconds

}  // namespace

TEST(WaitStates, LateSenderIsTheReceiverWaitingForTheSendToBegin) {
  int value = 0;
  const TraceModel m = traced("loggp", 3, [&](int rank) {
    if (rank == 0) {
      stay_busy(2, rank);
      note("send");
      MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
      note("receive");
      MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      stay_busy(0, rank);
    }
  });
  const Found f = waits_of(m, WaitKind::LateSender);
  ASSERT_EQ(f.count, 1);
  EXPECT_EQ(f.rank, 1);
  EXPECT_EQ(f.waited_for, 0);
  EXPECT_EQ(f.protocol, "eager");
  EXPECT_NEAR(f.seconds, g_noted[0]["send"] - g_noted[1]["receive"], kTolerance);
  EXPECT_GT(f.seconds, 1e-4) << "a 1 MiB exchange takes a while";
  EXPECT_EQ(waits_of(m, WaitKind::LateReceiver).count, 0) << "an eager send does not wait for its receiver";
}

TEST(WaitStates, LateReceiverIsARendezvousSendWaitingForTheReceive) {
  std::vector<char> message(100000);
  const TraceModel m = traced("loggp", 3,
                              [&](int rank) {
                                if (rank == 0) {
                                  note("send");
                                  MPI_Send(message.data(), 100000, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
                                } else if (rank == 1) {
                                  stay_busy(2, rank);
                                  note("receive");
                                  MPI_Recv(message.data(), 100000, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                                } else {
                                  stay_busy(1, rank);
                                }
                              },
                              {{"XO_EAGER_LIMIT", "4096"}});
  const Found f = waits_of(m, WaitKind::LateReceiver);
  ASSERT_EQ(f.count, 1);
  EXPECT_EQ(f.rank, 0);
  EXPECT_EQ(f.waited_for, 1);
  EXPECT_EQ(f.protocol, "rendezvous");
  EXPECT_NEAR(f.seconds, g_noted[1]["receive"] - g_noted[0]["send"], kTolerance);
}

// In MPI_Sendrecv the send is done when its buffer is free, while the call still waits for its
// receive: an eager send there never waited for its receiver, however late that receiver came and
// however long the call lasted (the trace says when each send's buffer became free).
TEST(WaitStates, AnEagerSendInsideSendrecvIsNoLateReceiver) {
  std::vector<char> out(512), in(512);
  const TraceModel m = traced("xt3", 4, [&](int rank) {
    if (rank == 1) stay_busy(3, rank);  // rank 1 comes late to the ring
    if (rank == 3) stay_busy(1, rank);
    MPI_Sendrecv(out.data(), 512, MPI_BYTE, (rank + 1) % 4, 0, in.data(), 512, MPI_BYTE, (rank + 3) % 4, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  });
  EXPECT_EQ(waits_of(m, WaitKind::LateReceiver).count, 0) << "XT3 vshort releases its sender";
  EXPECT_GT(waits_of(m, WaitKind::LateSender).count, 0) << "rank 2 waited for rank 1's message";
  for (std::size_t i = 0; i < m.messages.size(); ++i) {
    const auto send = m.messages.send_call[i];
    EXPECT_LE(m.send_buffer_free(i), m.calls.leave[send]);
    EXPECT_GE(m.send_buffer_free(i), m.calls.enter[send]);
  }
}

// The same ring with a rendezvous protocol: rank 0's send waits for rank 1's late receive.
TEST(WaitStates, ARendezvousSendInsideSendrecvWaitsForALateReceiver) {
  std::vector<char> out(100000), in(100000);
  const TraceModel m = traced("loggp", 4,
                              [&](int rank) {
                                if (rank == 1) stay_busy(3, rank);
                                if (rank == 3) stay_busy(1, rank);
                                note("enter");
                                MPI_Sendrecv(out.data(), 100000, MPI_BYTE, (rank + 1) % 4, 0, in.data(), 100000,
                                             MPI_BYTE, (rank + 3) % 4, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                              },
                              {{"XO_EAGER_LIMIT", "4096"}});
  const auto waits = xo::analyzer::find_wait_states(m);
  double rank0_waited = 0;
  for (std::size_t i = 0; i < waits.size(); ++i) {
    if (waits.kind[i] == WaitKind::LateReceiver && waits.rank[i] == 0 && waits.waited_for[i] == 1) {
      rank0_waited += waits.seconds[i];
    }
  }
  EXPECT_NEAR(rank0_waited, g_noted[1]["enter"] - g_noted[0]["enter"], kTolerance);
}

TEST(WaitStates, CollectiveWaitsRunUntilTheLastMemberOrTheRoot) {
  const TraceModel m = traced("loggp", 4, [&](int rank) {
    if (rank == 0 || rank == 3) stay_busy(rank == 0 ? 3 : 0, rank);
    note("barrier");
    MPI_Barrier(MPI_COMM_WORLD);
    double x = 1, sum = 0;
    if (rank == 2 || rank == 1) stay_busy(rank == 2 ? 1 : 2, rank);  // the root, 2, comes late
    note("bcast");
    MPI_Bcast(&x, 1, MPI_DOUBLE, 2, MPI_COMM_WORLD);
    note("allreduce");
    MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  });
  const Found barrier = waits_of(m, WaitKind::WaitAtBarrier);
  const double last = std::max(g_noted[0]["barrier"], g_noted[3]["barrier"]);
  double expected = 0;
  for (int r = 0; r < 4; ++r) expected += last - g_noted[r]["barrier"];
  EXPECT_NEAR(barrier.seconds, expected, kTolerance);
  EXPECT_GE(barrier.count, 2);
  EXPECT_EQ(barrier.protocol, "dissemination");

  const Found bcast = waits_of(m, WaitKind::LateBroadcast);
  EXPECT_EQ(bcast.waited_for, 2);
  expected = 0;
  int early = 0;
  for (int r : {0, 1, 3}) {
    const double wait = g_noted[2]["bcast"] - g_noted[r]["bcast"];
    if (wait > 0) expected += wait, ++early;
  }
  EXPECT_NEAR(bcast.seconds, expected, kTolerance) << "every member that came before the root waits for it";
  EXPECT_EQ(bcast.count, early);
  EXPECT_GE(early, 2) << "ranks 0 and 3 were not held up";
}

TEST(MpiProfile, CountsEveryOutermostCallAndSplitsTimeByProtocol) {
  std::vector<char> buffer(200000);
  const TraceModel m = traced("xt3", 2, [&](int rank) {
    for (int bytes : {100, 2000, 200000}) {  // vshort, short, long-pull on the XT3
      if (rank == 0) {
        MPI_Send(buffer.data(), bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      } else {
        MPI_Recv(buffer.data(), bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    }
  });
  const auto profile = xo::analyzer::profile_mpi(m);
  EXPECT_EQ(profile.ranks, 2);
  std::map<std::string, xo::analyzer::CallTime> calls;
  double sum = 0;
  for (const auto& c : profile.by_call) calls[c.call] = c, sum += c.seconds;
  EXPECT_EQ(calls["MPI_Send"].count, 3u);
  EXPECT_EQ(calls["MPI_Recv"].count, 3u);
  EXPECT_EQ(calls["MPI_Init"].count, 2u);
  EXPECT_NEAR(sum, profile.mpi_seconds, 1e-12);
  std::map<std::string, xo::analyzer::ProtocolTime> protocols;
  double protocol_sum = 0;
  for (const auto& p : profile.by_protocol) protocols[p.protocol] = p, protocol_sum += p.seconds;
  ASSERT_EQ(protocols.size(), 3u);
  EXPECT_EQ(protocols["vshort"].bytes, 100u);
  EXPECT_EQ(protocols["short"].bytes, 2000u);
  EXPECT_EQ(protocols["long-pull"].bytes, 200000u);
  EXPECT_NEAR(protocol_sum, calls["MPI_Send"].seconds + calls["MPI_Recv"].seconds, 1e-12);
  EXPECT_GT(protocols["long-pull"].seconds, protocols["vshort"].seconds);
}

// A call that completes more messages than a byte counts (an MPI_Waitall of 300 receives) still
// shares its time among all of them: the protocols' time is the message calls' time, no more.
TEST(MpiProfile, SharesAWaitForHundredsOfMessagesAmongThemAll) {
  constexpr int kMessages = 300;
  std::vector<int> values(kMessages);
  const TraceModel m = traced("xt3", 2, [&](int rank) {
    std::vector<MPI_Request> requests(kMessages);
    for (int k = 0; k < kMessages; ++k) {
      if (rank == 0) {
        MPI_Send(&values[static_cast<std::size_t>(k)], 1, MPI_INT, 1, k, MPI_COMM_WORLD);
      } else {
        MPI_Irecv(&values[static_cast<std::size_t>(k)], 1, MPI_INT, 0, k, MPI_COMM_WORLD, &requests[k]);
      }
    }
    if (rank == 1) MPI_Waitall(kMessages, requests.data(), MPI_STATUSES_IGNORE);
  });
  const auto profile = xo::analyzer::profile_mpi(m);
  std::map<std::string, xo::analyzer::CallTime> calls;
  for (const auto& c : profile.by_call) calls[c.call] = c;
  double protocol_sum = 0;
  std::uint64_t messages = 0;
  for (const auto& p : profile.by_protocol) protocol_sum += p.seconds, messages += p.messages;
  EXPECT_EQ(messages, std::uint64_t{kMessages});
  EXPECT_GT(calls["MPI_Waitall"].seconds, 1e-7) << "the receives wait for the sends";
  const double message_calls = calls["MPI_Send"].seconds + calls["MPI_Irecv"].seconds + calls["MPI_Waitall"].seconds;
  EXPECT_NEAR(protocol_sum, message_calls, 1e-12);
}
