// Wait states and the MPI profile of simulated runs whose waits the programs arrange and time
// themselves with MPI_Wtime (virtual time, --compute=none): the analyzer must find those waits in
// the trace, attributed to the right kind, rank, peer and protocol; one-sided ones (late post,
// early wait, wait at fence, lock contention) from the trace's RMA records.

#include "xo/analyzer/analysis/wait_states.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "../../reference_mpi/simulate.hpp"
#include "support/scratch_dir.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/analysis/rma_wait_states.hpp"
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

namespace {

xo::analyzer::RmaWaitState rma_wait(const TraceModel& m, const std::string& kind) {
  for (const auto& w : xo::analyzer::find_rma_wait_states(m)) {
    if (w.kind == kind) return w;
  }
  ADD_FAILURE() << "no " << kind << " in the RMA wait states";
  return {};
}

// A window of one int per rank over MPI_COMM_WORLD, and a group of one world rank.
MPI_Win int_window(int* memory) {
  MPI_Win win;
  MPI_Win_create(memory, sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  return win;
}

MPI_Group group_of(int rank) {
  MPI_Group world, one;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, 1, &rank, &one);
  MPI_Group_free(&world);
  return one;
}

}  // namespace

// Rank 1 posts late, after a 1 MiB exchange: rank 0's MPI_Win_start waits for it. Rank 0 then stays
// busy before MPI_Win_complete: rank 1's MPI_Win_wait waits for that. On a machine that sends each
// put at once and on one that defers it to MPI_Win_complete alike.
TEST(RmaWaitStates, ALatePostAndAnEarlyWaitAreTheTimeUntilThePartnersCall) {
  for (const char* machine : {"loggp", "xt3"}) {
    SCOPED_TRACE(machine);
    int memory[3] = {}, value = 7;
    const TraceModel m = traced(machine, 3, [&](int rank) {
      MPI_Win win = int_window(&memory[rank]);
      if (rank == 0) {
        MPI_Group target = group_of(1);
        note("start");
        MPI_Win_start(target, 0, win);
        MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
        stay_busy(2, rank);
        note("complete");
        MPI_Win_complete(win);
        MPI_Group_free(&target);
      } else if (rank == 1) {
        MPI_Group origin = group_of(0);
        stay_busy(2, rank);
        note("post");
        MPI_Win_post(origin, 0, win);
        note("wait");
        MPI_Win_wait(win);
        MPI_Group_free(&origin);
      } else {
        stay_busy(1, rank);
        stay_busy(0, rank);
      }
      MPI_Win_free(&win);
    });
    EXPECT_EQ(memory[1], 7);
    const auto late = rma_wait(m, "late post");
    EXPECT_EQ(late.call, "MPI_Win_start");
    EXPECT_EQ(late.calls, 1u);
    EXPECT_EQ(late.waiting, 1u);
    EXPECT_NEAR(late.seconds, g_noted[1]["post"] - g_noted[0]["start"], kTolerance);
    EXPECT_GT(late.seconds, 1e-4) << "a 1 MiB exchange takes a while";
    const auto early = rma_wait(m, "early wait");
    EXPECT_EQ(early.waiting, 1u);
    EXPECT_NEAR(early.seconds, g_noted[0]["complete"] - g_noted[1]["wait"], kTolerance);
    EXPECT_GT(early.seconds, 1e-4);
  }
}

// Ranks 0 and 1 exchange 1 MiB before the fence; rank 2 comes at once and waits for the later of them.
TEST(RmaWaitStates, AWaitAtFenceIsTheTimeUntilTheLastMemberCame) {
  int memory[3] = {};
  const TraceModel m = traced("xt3", 3, [&](int rank) {
    MPI_Win win = int_window(&memory[rank]);
    if (rank < 2) stay_busy(1 - rank, rank);
    note("fence");
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
  });
  double last = 0;
  for (int r = 0; r < 3; ++r) last = std::max(last, g_noted[r]["fence"]);
  double expected = 0;
  for (int r = 0; r < 3; ++r) expected += last - g_noted[r]["fence"];
  const auto fence = rma_wait(m, "wait at fence");
  EXPECT_EQ(fence.calls, 3u);
  EXPECT_NEAR(fence.seconds, expected, kTolerance);
  EXPECT_GT(fence.seconds, 1e-4);
}

// Rank 0 holds rank 3's lock exclusively through a 1 MiB exchange; rank 1 asks for it meanwhile and
// waits until rank 0 releases it. Rank 2 then shares a lock with rank 1's shared one: no contention.
TEST(RmaWaitStates, LockContentionIsTheTimeAConflictingHolderKeptTheLock) {
  int memory[4] = {}, one = 1, token = 0;
  const TraceModel m = traced("loggp", 4, [&](int rank) {
    MPI_Win win = int_window(&memory[rank]);
    if (rank == 0) {
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 3, 0, win);
      MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      stay_busy(2, rank);
      note("unlock");
      MPI_Win_unlock(3, win);
    } else if (rank == 1) {
      MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      note("lock");
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 3, 0, win);
      MPI_Accumulate(&one, 1, MPI_INT, 3, 0, 1, MPI_INT, MPI_SUM, win);
      MPI_Win_unlock(3, win);
    } else if (rank == 2) {
      stay_busy(0, rank);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1 || rank == 2) {
      MPI_Win_lock(MPI_LOCK_SHARED, 3, 0, win);
      MPI_Accumulate(&one, 1, MPI_INT, 3, 0, 1, MPI_INT, MPI_SUM, win);
      MPI_Win_unlock(3, win);
    }
    MPI_Win_free(&win);
  });
  EXPECT_EQ(memory[3], 3);
  const auto contention = rma_wait(m, "lock contention");
  EXPECT_EQ(contention.calls, 4u);
  EXPECT_EQ(contention.waiting, 1u) << "shared locks do not conflict";
  // From rank 1's request (its MPI_Win_lock's begin and the overhead of sending it) to rank 0's release.
  const double held = g_noted[0]["unlock"] - g_noted[1]["lock"];
  EXPECT_LE(contention.seconds, held + kTolerance);
  EXPECT_GT(contention.seconds, held - 1e-5);
  EXPECT_GT(contention.seconds, 1e-4);
}
