// The physics every machine model obeys, checked where no constant could pass: NICs that the ranks
// of a node share and that serialise an incast, router hops that grow with distance, on-node paths
// faster than the network where the machine's MPI has them, and messages of one sender that never
// overtake each other whatever the contention.

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "phase_run.hpp"

namespace {

using xo::test::run_on;

// Virtual seconds until rank 0 has taken one message of `bytes` from each of `senders` other ranks,
// all sent at once to receives posted at once.
double incast_time(const std::string& machine, int senders, int bytes, const std::vector<std::string>& params = {}) {
  double elapsed = 0;
  const auto r = run_on(
      machine, senders + 1, {},
      [&](int rank) {
        std::vector<char> buffer(static_cast<std::size_t>(bytes) * static_cast<std::size_t>(rank == 0 ? senders : 1));
        const double start = MPI_Wtime();
        if (rank == 0) {
          std::vector<MPI_Request> receives(static_cast<std::size_t>(senders));
          for (int s = 0; s < senders; ++s) {
            MPI_Irecv(buffer.data() + static_cast<std::size_t>(s) * static_cast<std::size_t>(bytes), bytes, MPI_CHAR,
                      s + 1, 0, MPI_COMM_WORLD, &receives[static_cast<std::size_t>(s)]);
          }
          MPI_Waitall(senders, receives.data(), MPI_STATUSES_IGNORE);
          elapsed = MPI_Wtime() - start;
        } else {
          MPI_Send(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
      },
      params);
  EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
  return elapsed;
}

// Half the round trip of a ping-pong of `bytes` between rank 0 and `peer` in a job of `ranks`.
double one_way(const std::string& machine, int ranks, int peer, int bytes, const std::vector<std::string>& params = {},
               const std::map<std::string, std::string>& env = {}) {
  double elapsed = 0;
  const auto r = run_on(
      machine, ranks, env,
      [&](int rank) {
        std::vector<char> buffer(static_cast<std::size_t>(bytes) + 1);
        const double start = MPI_Wtime();
        if (rank == 0) {
          MPI_Send(buffer.data(), bytes, MPI_CHAR, peer, 0, MPI_COMM_WORLD);
          MPI_Recv(buffer.data(), bytes, MPI_CHAR, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          elapsed = (MPI_Wtime() - start) / 2;
        } else if (rank == peer) {
          MPI_Recv(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
      },
      params);
  EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
  return elapsed;
}

// The slowest rank's time in one MPI_Barrier after a barrier that lines the ranks up.
double barrier_time(const std::string& machine, int ranks, const std::vector<std::string>& params) {
  double slowest = 0;
  const auto r = run_on(
      machine, ranks, {},
      [&](int) {
        MPI_Barrier(MPI_COMM_WORLD);
        const double start = MPI_Wtime();
        MPI_Barrier(MPI_COMM_WORLD);
        slowest = std::max(slowest, MPI_Wtime() - start);
      },
      params);
  EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
  return slowest;
}

}  // namespace

// Seed 000: an MSP is four SSPs; it may stream a transfer with all four, and it can always stream
// it with one. Rank 0 and a rank on the next node, in MSP mode and in SSP mode.
TEST(MachinePhysics, AnX1MspIsNeverSlowerThanOneOfItsSsps) {
  for (const int bytes : {4096, 65536, 131072, 262144, 393216, 524288, 786432, 1 << 20, 1 << 21}) {
    const double msp = one_way("x1", 2, 1, bytes, {"ranks_per_node=1"});
    const double ssp = one_way("x1", 5, 4, bytes, {"ranks_per_node=1"}, {{"XO_X1_SSP", "1"}});
    EXPECT_LE(msp, ssp) << bytes << " bytes";
  }
  const double msp = one_way("x1", 2, 1, 1 << 21, {"ranks_per_node=1"});
  const double ssp = one_way("x1", 5, 4, 1 << 21, {"ranks_per_node=1"}, {{"XO_X1_SSP", "1"}});
  EXPECT_LT(msp, 0.9 * ssp) << "at 2 MB the four streams win (Figure 2)";
}

// The X1's barrier word is served by the memory that holds it: an update from another node is no
// cheaper than one from the word's own node, it is a network latency further away.
TEST(MachinePhysics, AnX1FetchAndAddAcrossNodesIsNoCheaperThanOnTheNode) {
  const double on_node = barrier_time("x1", 2, {});
  const double across = barrier_time("x1", 2, {"ranks_per_node=1"});
  EXPECT_LE(on_node, across);
  EXPECT_LT(across - on_node, 1e-6) << "the latency of one level, not a different update cost";
  // A level of four on a node is the seed's convoy: dearer per update than a level of two.
  const double growth = barrier_time("x1", 4, {}) - barrier_time("x1", 2, {});
  const double without_convoy = barrier_time("x1", 4, {"fadd_convoy=0"}) - barrier_time("x1", 2, {"fadd_convoy=0"});
  EXPECT_GT(growth, without_convoy + 1e-7) << "two more updates on one word cost more than two updates alone";
}

// On a 4x4x4 XT3 partition, 0 -> 2 and 1 -> 3 both cross node 1's +x link: with the links modelled
// (seed-independent: Red Storm's 2.0 GB/s per direction) the second message waits for it, whereas
// 0 -> 2 beside 4 -> 6 (other links) does not; and the wait grows with a slower link.
TEST(MachinePhysics, MessagesSharingARouterLinkTakeTurns) {
  const auto slowest = [](int second_from, int second_to, const std::vector<std::string>& params) {
    double slowest_arrival = 0;
    const auto r = run_on(
        "xt3", 64, {},
        [&](int rank) {
          std::vector<char> buffer(1 << 20);
          MPI_Barrier(MPI_COMM_WORLD);
          const double start = MPI_Wtime();
          if (rank == 0) MPI_Send(buffer.data(), 1 << 20, MPI_CHAR, 2, 0, MPI_COMM_WORLD);
          if (rank == second_from) MPI_Send(buffer.data(), 1 << 20, MPI_CHAR, second_to, 0, MPI_COMM_WORLD);
          if (rank == 2 || rank == second_to) {
            MPI_Recv(buffer.data(), 1 << 20, MPI_CHAR, rank == 2 ? 0 : second_from, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            slowest_arrival = std::max(slowest_arrival, MPI_Wtime() - start);
          }
        },
        params);
    EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
    return slowest_arrival;
  };
  const double shared = slowest(1, 3, {}), apart = slowest(4, 6, {});
  EXPECT_GT(shared, apart + 0.3e-3) << "1 MiB more on one 2 GB/s link: about 0.5 ms";
  EXPECT_NEAR(slowest(1, 3, {"link_G=0"}), slowest(4, 6, {"link_G=0"}), 1e-6) << "no links, no contention";
  EXPECT_GT(slowest(1, 3, {"link_G=0.8"}) - apart, shared - apart);
}

TEST(MachinePhysics, AnIncastQueuesAtTheReceiversNic) {
  constexpr int kMiB = 1 << 20;
  for (const std::string machine : {"xt3", "xe6", "loggp", "t3e"}) {
    SCOPED_TRACE(machine);
    const std::vector<std::string> one_per_node{"ranks_per_node=1"};
    const double one = incast_time(machine, 1, kMiB, one_per_node);
    const double eight = incast_time(machine, 8, kMiB, one_per_node);
    const double thirty_two = incast_time(machine, 32, kMiB, one_per_node);
    // Each sender's MiB must pass the one ejection port: the time grows by the same step per sender
    // (its wire time), which is most of one transfer (the rest, copies on the senders, overlaps).
    const double step = (eight - one) / 7;
    EXPECT_NEAR((thirty_two - eight) / 24, step, 0.05 * step);
    EXPECT_GT(step, 0.5 * one);
  }
}

TEST(MachinePhysics, SmallMessagesShareTheEjectionPortWithALargeOne) {
  // A small message arriving while a large one is being delivered gets its share of the port, so it
  // lands long before the large one does (packets interleave), but later than on an idle port.
  std::vector<double> landed(3, 0.0);
  const auto r =
      run_on("xt3", 3, {},
             [&](int rank) {
               std::vector<char> big(100000);
               if (rank == 0) {
                 MPI_Request q[2];
                 MPI_Irecv(big.data(), 100000, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &q[0]);
                 char small[8];
                 MPI_Irecv(small, 8, MPI_CHAR, 2, 0, MPI_COMM_WORLD, &q[1]);
                 for (int i = 0; i < 2; ++i) {
                   int index = 0;
                   MPI_Waitany(2, q, &index, MPI_STATUS_IGNORE);
                   landed[static_cast<std::size_t>(index + 1)] = MPI_Wtime();
                 }
               } else if (rank == 1) {
                 MPI_Send(big.data(), 100000, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
               } else {
                 for (int i = 0; i < 10; ++i) {
                   int flag = 0;
                   MPI_Iprobe(MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);  // start mid-transfer
                 }
                 char small[8] = {};
                 MPI_Send(small, 8, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
               }
             },
             {"ranks_per_node=1"});
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_LT(landed[2], landed[1] / 2);
}

TEST(MachinePhysics, RanksOfOneNodeShareItsNic) {
  // Two ranks of node 0 each send 1 MiB to a rank of node 1 (XT3 dual-core nodes): twice the
  // time of one such transfer, since the node's one SeaStar injects both.
  const auto transfer_time = [](int pairs) {
    double elapsed = 0;
    const auto r =
        run_on("xt3", 4, {},
               [&](int rank) {
                 std::vector<char> buffer(1 << 20);
                 const double start = MPI_Wtime();
                 if (rank < pairs) MPI_Send(buffer.data(), 1 << 20, MPI_CHAR, rank + 2, 0, MPI_COMM_WORLD);
                 if (rank >= 2 && rank - 2 < pairs) {
                   MPI_Recv(buffer.data(), 1 << 20, MPI_CHAR, rank - 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                 }
                 elapsed = std::max(elapsed, MPI_Wtime() - start);
               },
               {"ranks_per_node=2"});
    EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
    return elapsed;
  };
  EXPECT_GT(transfer_time(2), 1.8 * transfer_time(1));
}

TEST(MachinePhysics, LatencyGrowsWithRouterHops) {
  // XT3, one rank per node, 64 nodes in a 4 x 4 x 4 torus: rank 1 is a neighbour, rank 21 three
  // hops away, rank 42 six. hop_L moves only the far pairs.
  const double near = one_way("xt3", 64, 1, 8);
  const double three = one_way("xt3", 64, 21, 8);
  const double six = one_way("xt3", 64, 42, 8);
  EXPECT_LT(near, three);
  EXPECT_LT(three, six);
  EXPECT_NEAR(six - near, 5 * 0.05e-6, 1e-9);
  EXPECT_NEAR(one_way("xt3", 64, 42, 8, {"hop_L=1"}) - one_way("xt3", 64, 1, 8, {"hop_L=1"}), 5e-6, 1e-9);
}

TEST(MachinePhysics, OnNodeMessagesAreFasterThanTheGeminiOnTheXe6) {
  // Ranks 0 and 1 share a 24-core node; rank 24 is on the next node.
  for (int bytes : {8, 4096, 1 << 20}) {
    SCOPED_TRACE(bytes);
    EXPECT_LT(one_way("xe6", 48, 1, bytes), one_way("xe6", 48, 24, bytes));
  }
  // --ranks-per-node 1 puts rank 1 on its own node: the Gemini again.
  EXPECT_DOUBLE_EQ(one_way("xe6", 48, 1, 4096, {"ranks_per_node=1"}), one_way("xe6", 48, 24, 4096));
}

// The X1 paper's comparison machines: its two-rank bandwidths are a node's shared memory, faster
// than the switch between nodes (the Power4's Federation, the SX-6's IXS), and traced as their own
// protocol.
TEST(MachinePhysics, OnNodeMessagesAreFasterThanTheSwitchOnThePower4AndSx6) {
  for (const auto& [machine, per_node] : {std::pair<std::string, int>{"power4", 32}, {"sx6", 8}}) {
    for (int bytes : {8, 131072, 1 << 21}) {
      SCOPED_TRACE(machine + " " + std::to_string(bytes));
      EXPECT_LT(one_way(machine, per_node + 1, 1, bytes), one_way(machine, per_node + 1, per_node, bytes));
    }
    const auto on_node = run_on(machine, 2, {}, [](int rank) {
      char byte = 0;
      if (rank == 0) MPI_Send(&byte, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      if (rank == 1) MPI_Recv(&byte, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    });
    ASSERT_FALSE(on_node.phases.empty()) << machine;
    EXPECT_EQ(on_node.phases.front().rfind("shm-eager:", 0), 0u) << machine << ": " << on_node.phases.front();
  }
}

TEST(MachinePhysics, OneSendersMessagesNeverOvertakeUnderContention) {
  // Rank 1 sends a large then a small message with one tag while rank 2 loads rank 0's NIC; MPI's
  // non-overtaking rule: the first receive gets the large one. On the network (XT3) and through
  // shared memory (XE6).
  for (const std::string machine : {"xt3", "xe6"}) {
    SCOPED_TRACE(machine);
    int first_count = -1;
    const auto r = run_on(machine, 3, {}, [&](int rank) {
      std::vector<char> big(100000), other(100000);
      if (rank == 0) {
        MPI_Request q[3];
        MPI_Irecv(other.data(), 100000, MPI_CHAR, 2, 0, MPI_COMM_WORLD, &q[0]);
        MPI_Irecv(big.data(), 100000, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &q[1]);
        std::vector<char> second(100000);
        MPI_Irecv(second.data(), 100000, MPI_CHAR, 1, 0, MPI_COMM_WORLD, &q[2]);
        MPI_Status s[3];
        MPI_Waitall(3, q, s);
        MPI_Get_count(&s[1], MPI_CHAR, &first_count);
      } else if (rank == 1) {
        MPI_Send(big.data(), 100000, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        MPI_Send(big.data(), 8, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      } else {
        MPI_Send(other.data(), 100000, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    });
    ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
    EXPECT_EQ(first_count, 100000);
  }
}

TEST(MachinePhysics, CommSplitTypeSharedFollowsThePlacement) {
  std::vector<int> node_sizes(7, 0);
  const auto r = run_on("loggp", 7, {},
                        [&](int rank) {
                          MPI_Comm node;
                          MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
                          MPI_Comm_size(node, &node_sizes[static_cast<std::size_t>(rank)]);
                          MPI_Comm_free(&node);
                        },
                        {"ranks_per_node=3"});
  ASSERT_EQ(r.result.exit_code, 0) << r.result.error;
  EXPECT_EQ(node_sizes, (std::vector<int>{3, 3, 3, 3, 3, 3, 1}));
}

TEST(MachinePhysics, ARootsBandwidthBoundsALargeBroadcast) {
  // The X1's members pull a broadcast from the root's memory (seed 000): 63 pulls of 1 MiB share
  // the root MSP's ports, so 64 ranks take about 63 times as long as 2 (not the same time).
  const auto bcast_time = [](int ranks) {
    double slowest = 0;
    const auto r = run_on("x1", ranks, {}, [&](int) {
      std::vector<char> buffer(1 << 20);
      MPI_Barrier(MPI_COMM_WORLD);
      const double start = MPI_Wtime();
      MPI_Bcast(buffer.data(), 1 << 20, MPI_CHAR, 0, MPI_COMM_WORLD);
      slowest = std::max(slowest, MPI_Wtime() - start);
    });
    EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
    return slowest;
  };
  const double two = bcast_time(2);
  EXPECT_GT(bcast_time(64), 50 * two);
  EXPECT_GT(bcast_time(8), 6 * two);
}

TEST(MachinePhysics, NonContiguousDatatypesArePackedAndUnpacked) {
  // Seed 002, "MPI derived datatypes": the MPI packs on the sender side and unpacks from a temporary
  // buffer on the receive side, so a strided vector costs two copies more than the same bytes
  // sent contiguously; on every machine with a memory copy cost.
  const auto one_way_time = [](const std::string& machine, bool strided) {
    double arrival = 0;
    const auto r = run_on(machine, 2, {},
                          [&](int rank) {
                            std::vector<double> data(2 * 10000);
                            MPI_Datatype every_other;
                            MPI_Type_vector(10000, 1, 2, MPI_DOUBLE, &every_other);
                            MPI_Type_commit(&every_other);
                            const double start = MPI_Wtime();
                            if (rank == 1) {
                              if (strided) {
                                MPI_Recv(data.data(), 1, every_other, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                              } else {
                                MPI_Recv(data.data(), 10000, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                              }
                              arrival = MPI_Wtime() - start;
                            } else if (strided) {
                              MPI_Send(data.data(), 1, every_other, 1, 0, MPI_COMM_WORLD);
                            } else {
                              MPI_Send(data.data(), 10000, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
                            }
                            MPI_Type_free(&every_other);
                          },
                          {"ranks_per_node=1"});
    EXPECT_EQ(r.result.exit_code, 0) << r.result.error;
    return arrival;
  };
  // XT3: 80,000 bytes, short protocol; copy_G 0.5 ns/byte: 40 us to pack and 40 us to unpack.
  EXPECT_NEAR(one_way_time("xt3", true) - one_way_time("xt3", false), 2 * 80000 * 0.5e-9, 1e-9);
  EXPECT_GT(one_way_time("xe6", true), one_way_time("xe6", false));
  // The AP1000 packs into a contiguous buffer before l_asend copies it into a system buffer, and
  // unpacks after the copy out (seed 001 Figure 1): two copies of 159.2 ns/byte more.
  EXPECT_NEAR(one_way_time("ap1000", true) - one_way_time("ap1000", false), 2 * 80000 * 159.2e-9, 1e-9);
  // The generic LogGP machine charges no memory copies at all.
  EXPECT_DOUBLE_EQ(one_way_time("loggp", true), one_way_time("loggp", false));
}
