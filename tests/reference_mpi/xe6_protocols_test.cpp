// The XE6 model: E0 mailbox size by job size, the E1 GET-based eager, LMT by RDMA read or write,
// the RDMA-read alignment penalty, and Nemesis's shared-memory paths between ranks of one node.
// Phases, not times, except where a penalty is compared. The Gemini tests run one rank per node.

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "phase_run.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

using xo::test::Env;
using xo::test::Phases;

const std::vector<std::string> kOneRankPerNode = {"ranks_per_node=1"};

// Phases of one message of `bytes` from rank 0 to rank 1, on two nodes, in a job of `ranks`;
// receive pre-posted.
Phases phases_of(int bytes, int ranks = 2, const Env& env = {}, bool synchronous = false) {
  return xo::test::phases_of("xe6", bytes, env, synchronous, ranks, kOneRankPerNode);
}

// The same between ranks 0 and 1 of one 24-core node (the default placement).
Phases on_node_phases_of(int bytes, const Env& env = {}, bool synchronous = false) {
  return xo::test::phases_of("xe6", bytes, env, synchronous, 2);
}

const Phases kE0 = {"E0:eager"};
// Seed 004 slides 14, 16 and 17.
const Phases kE1 = {"E1:sender-copy", "E1:header", "E1:get", "E1:data", "E1:receiver-copy", "E1:ack"};
const Phases kLmtRead = {"lmt-read:register", "lmt-read:header", "lmt-read:register",
                         "lmt-read:get",      "lmt-read:data",   "lmt-read:ack"};
const Phases kLmtWrite = {"lmt-write:header", "lmt-write:register", "lmt-write:clear-to-send", "lmt-write:register",
                          "lmt-write:data"};

}  // namespace

TEST(Xe6Protocols, MailboxPayloadShrinksWithJobSize) {
  EXPECT_EQ(phases_of(984, 2), kE0);
  EXPECT_EQ(phases_of(985, 2), kE1);
  EXPECT_EQ(phases_of(984, 1024), kE0);
  EXPECT_EQ(phases_of(984, 1025), kE1);
  EXPECT_EQ(phases_of(472, 1025), kE0);
  EXPECT_EQ(phases_of(473, 1025), kE1);
}

TEST(Xe6Protocols, EagerAndRendezvousLimitsFollowTheEnvironment) {
  EXPECT_EQ(phases_of(8192), kE1);
  EXPECT_EQ(phases_of(8193), kLmtRead);
  EXPECT_EQ(phases_of(8193, 2, {{"MPICH_GNI_MAX_EAGER_MSG_SIZE", "16384"}}), kE1);
  EXPECT_EQ(phases_of(2000, 2, {{"MPICH_GNI_MAX_VSHORT_MSG_SIZE", "4096"}}), kE0);
  EXPECT_EQ(phases_of(100000, 2, {{"XO_GNI_LMT_WRITE_ABOVE", "65536"}}), kLmtWrite);
  EXPECT_EQ(phases_of(8, 2, {}, true), kLmtRead);  // synchronous: always a rendezvous
}

TEST(Xe6Protocols, MisalignedRdmaReadIsSlower) {
  auto receive_time = [](int offset) {
    double t = 0;
    xo::mpi::SimulationOptions options;
    options.ranks = 2;
    options.machine = "xe6";
    options.params = kOneRankPerNode;
    options.env_lookup = [](const char*) -> const char* { return nullptr; };
    const auto result = xo::mpi::run_simulation(options, [&](int argc, char** argv) {
      MPI_Init(&argc, &argv);
      int rank = 0;
      MPI_Comm_rank(MPI_COMM_WORLD, &rank);
      std::vector<char> buffer(1 << 20);
      const int bytes = 500000;
      if (rank == 0) MPI_Send(buffer.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      if (rank == 1) {
        MPI_Recv(buffer.data() + offset, bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        t = MPI_Wtime();
      }
      MPI_Finalize();
      return 0;
    });
    EXPECT_EQ(result.exit_code, 0) << result.error;
    return t;
  };
  EXPECT_GT(receive_time(1), receive_time(0));  // vector storage is aligned; +1 is not
}

// Rank 0 sends `count` small messages to rank 1 back to back; the phases of the run.
xo::test::PhaseRun burst(int count, const Env& env = {}) {
  return xo::test::run_on("xe6", 2, env,
                          [&](int rank) {
                            char c[8] = {};
                            for (int i = 0; i < count; ++i) {
                              if (rank == 0) MPI_Send(c, 8, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
                              if (rank == 1) MPI_Recv(c, 8, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                            }
                          },
                          {"o_s=0.01", "g=0", "ranks_per_node=1"});
}

int count_of(const Phases& phases, const std::string& phase) {
  return static_cast<int>(std::count(phases.begin(), phases.end(), phase));
}

TEST(Xe6Credits, ASenderThatOutrunsItsCreditsWaits) {
  EXPECT_EQ(count_of(burst(8).phases, "E0:credit-wait"), 0);  // eight credits by default
  const auto r = burst(40);
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_GT(count_of(r.phases, "E0:credit-wait"), 0);
  EXPECT_EQ(count_of(burst(40, {{"XO_GNI_MBOX_CREDITS", "64"}}).phases, "E0:credit-wait"), 0);
}

TEST(Xe6Credits, MailboxMemoryGrowsWithPeers) {
  auto run = [](bool all_to_all) {
    return xo::test::run_on(
               "xe6", 16, {},
               [&](int rank) {
                 int size = 0;
                 MPI_Comm_size(MPI_COMM_WORLD, &size);
                 char out = 0;
                 std::vector<char> in(static_cast<std::size_t>(size));
                 for (int step = 1; step < (all_to_all ? size : 2); ++step) {
                   MPI_Sendrecv(&out, 1, MPI_CHAR, (rank + step) % size, 0, &in[0], 1, MPI_CHAR,
                                (rank - step + size) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                 }
               },
               kOneRankPerNode)
        .result;
  };
  const auto ring = run(false);
  const auto everyone = run(true);
  EXPECT_EQ(ring.max_mailbox_peers, 2);       // its two neighbours
  EXPECT_EQ(everyone.max_mailbox_peers, 15);  // everybody else
  EXPECT_EQ(everyone.max_mailbox_bytes, 15 * 8 * (984 + 32));
}

TEST(Xe6Credits, SendsToOneselfTakeNoMailbox) {
  const auto r = xo::test::run_on("xe6", 1, {}, [](int) {
    int out = 1;
    int in = 0;
    MPI_Sendrecv(&out, 1, MPI_INT, 0, 0, &in, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  });
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.result.max_mailbox_peers, 0);
}

TEST(Xe6SharedMemory, OnNodeMessagesTakeNemesisCellsThenOneXpmemCopy) {
  EXPECT_EQ(on_node_phases_of(8), (Phases{"shm-cells:eager", "shm-cells:receiver-copy"}));
  EXPECT_EQ(on_node_phases_of(8191), (Phases{"shm-cells:eager", "shm-cells:receiver-copy"}));
  const Phases xpmem = {"shm-xpmem:header", "shm-xpmem:get", "shm-xpmem:data"};
  EXPECT_EQ(on_node_phases_of(8192), xpmem);
  EXPECT_EQ(on_node_phases_of(8, {}, true), xpmem);  // synchronous: after the match
  EXPECT_EQ(on_node_phases_of(100000, {{"MPICH_SMP_SINGLE_COPY_SIZE", "131072"}}),
            (Phases{"shm-cells:eager", "shm-cells:receiver-copy"}));
  EXPECT_EQ(on_node_phases_of(100000, {{"MPICH_SMP_SINGLE_COPY_OFF", "1"}}),
            (Phases{"shm-cells:eager", "shm-cells:receiver-copy"}));
}

TEST(Xe6SharedMemory, OnNodeMessagesTakeNoMailbox) {
  const auto r = xo::test::run_on("xe6", 24, {}, [](int rank) {
    int out = rank;
    int in = 0;
    MPI_Sendrecv(&out, 1, MPI_INT, (rank + 1) % 24, 0, &in, 1, MPI_INT, (rank + 23) % 24, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  });
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(r.result.max_mailbox_peers, 0);
}

// Virtual seconds rank 0 spends in each of `count` blocking sends of `bytes` from one buffer to rank 1
// on another node, whose receive is posted first.
std::vector<double> send_times(int bytes, int count, const Env& env = {}, std::vector<std::string> params = {}) {
  std::vector<double> times;
  params.push_back("ranks_per_node=1");
  const auto r = xo::test::run_on(
      "xe6", 2, env,
      [&](int rank) {
        std::vector<char> buffer(static_cast<std::size_t>(bytes));
        for (int i = 0; i < count; ++i) {
          if (rank == 1) MPI_Recv(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          if (rank == 0) {
            const double start = MPI_Wtime();
            MPI_Send(buffer.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
            times.push_back(MPI_Wtime() - start);
          }
          MPI_Barrier(MPI_COMM_WORLD);
        }
      },
      params);
  EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
  return times;
}

TEST(Xe6Registration, TheCacheMakesABuffersSecondRendezvousCheaper) {
  const auto first_and_second = send_times(100000, 2);
  // Both ends registered the buffers on the first send (5 us each plus pages by default).
  EXPECT_GT(first_and_second[0] - first_and_second[1], 5e-6);
  const auto slower = send_times(100000, 2, {}, {"reg=20"});
  EXPECT_NEAR(slower[0] - first_and_second[0], 2 * 15e-6, 1e-9);  // sender's and receiver's registration
  EXPECT_NEAR(slower[1], first_and_second[1], 1e-9);              // cached: no registration again
}

TEST(Xe6Registration, LmtWriteGoesInChunksEachAfterItsClearToSend) {
  const auto run = xo::test::one_message("xe6", 3 << 20, [] {
    xo::test::MessageOptions o = xo::test::message_options({{"XO_GNI_LMT_WRITE_ABOVE", "65536"}}, false, false, 2);
    o.params = kOneRankPerNode;
    return o;
  }());
  ASSERT_EQ(run.result.exit_code, 0) << run.result.error;
  const Phases phases = run.of_size(3 << 20);
  EXPECT_EQ(std::count(phases.begin(), phases.end(), "lmt-write:data"), 3);
  EXPECT_EQ(std::count(phases.begin(), phases.end(), "lmt-write:clear-to-send"), 3);
  EXPECT_EQ(std::count(phases.begin(), phases.end(), "lmt-write:register"), 6);
}

TEST(Xe6Protocols, E1ReadsIntoAnAlignedBufferSoMisalignmentCostsNothing) {
  // The alignment penalty is RDMA read's into the application's buffer (lmt-read), not E1's.
  const auto receive_time = [](int bytes, int offset) {
    double t = 0;
    const auto r = xo::test::run_on(
        "xe6", 2, {},
        [&](int rank) {
          std::vector<char> buffer(static_cast<std::size_t>(bytes) + 8);
          if (rank == 0) MPI_Send(buffer.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
          if (rank == 1) {
            MPI_Recv(buffer.data() + offset, bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            t = MPI_Wtime();
          }
        },
        kOneRankPerNode);
    EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
    return t;
  };
  EXPECT_DOUBLE_EQ(receive_time(4000, 1), receive_time(4000, 0));  // E1
  EXPECT_GT(receive_time(100000, 1), receive_time(100000, 0));     // lmt-read
}

TEST(Xe6Credits, CreditsStallWhileTheReceiverComputes) {
  // Seed 004 slide 8: "If the receiver stops dequeuing messages, sender runs out of credits and stops
  // sending." The receiver dequeues only inside MPI calls; here it computes (measured host time,
  // scaled up by cpu_factor) before it receives, so the sender's ninth message waits for it.
  const auto ninth_send_done = [](bool receiver_computes) {
    double done = 0;
    xo::mpi::SimulationOptions options;
    options.ranks = 2;
    options.machine = "xe6";
    options.params = {"ranks_per_node=1", "cpu_factor=100"};
    options.compute = xo::mpi::ComputeMode::Measured;
    options.stack_bytes = 64 * 1024;
    options.env_lookup = [](const char*) -> const char* { return nullptr; };
    const auto r = xo::test::run_ranks(options, [&](int rank) {
      char c[8] = {};
      if (rank == 0) {
        for (int i = 0; i < 9; ++i) MPI_Send(c, 8, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        done = MPI_Wtime();
      } else {
        if (receiver_computes) {
          // 20 ms of this thread's CPU time (what --compute=measured counts, whatever the load): 2 s simulated.
          const auto cpu_ms = [] {
            timespec t{};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
            return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
          };
          const double until = cpu_ms() + 20;
          volatile unsigned spin = 0;
          while (cpu_ms() < until) spin = spin + 1;
        }
        for (int i = 0; i < 9; ++i) MPI_Recv(c, 8, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    });
    EXPECT_EQ(r.exit_code, 0) << r.error;
    return done;
  };
  EXPECT_LT(ninth_send_done(false), 0.5);  // eight credits, dequeued as they arrive
  EXPECT_GT(ninth_send_done(true), 1.0);   // the ninth waits for the receiver's first MPI call
}
