// Calibration: the seed figures file, the experiments (which must move when the machine does) and
// the comparison of the XT3 model with its seed.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>

#include "xo/calibration/calibrator.hpp"
#include "xo/calibration/collective_experiments.hpp"
#include "xo/calibration/experiments.hpp"
#include "xo/calibration/seed_figure.hpp"

using namespace xo::calibration;

namespace {

// The fitted rows no model of its form reaches within 2 %: the SX-6's three bandwidths, which no
// single LogGP line passes through (a weighted fit leaves -0.7, +2.9 and -1.9 %); the X1's 128 KB
// and 512 KB bandwidths, which an MSP that is never slower than one of its SSPs cannot both meet
// (-4.6 and +4.6 %, x1_machine.cpp).
bool known_fit_miss(const Comparison& c) {
  const auto bytes = c.figure.parameters.find("bytes");
  if (c.figure.figure != "pt2pt_bandwidth" || bytes == c.figure.parameters.end()) return false;
  if (c.figure.machine == "sx6") return bytes->second == "524288";
  return c.figure.machine == "x1" && (bytes->second == "131072" || bytes->second == "524288");
}
const std::string kFigures = XO_SEED_FIGURES;

const Comparison& find(const std::vector<Comparison>& all, const std::string& figure) {
  for (const Comparison& c : all) {
    if (c.figure.figure == figure) return c;
  }
  throw std::runtime_error("no comparison for " + figure);
}
}  // namespace

TEST(SeedFigures, ReadsEveryRowWithItsParameters) {
  const auto figures = read_seed_figures(kFigures);
  ASSERT_GE(figures.size(), 50u);
  bool found = false;
  for (const SeedFigure& f : figures) {
    if (f.machine == "x1" && f.figure == "pt2pt_bandwidth" && f.parameters.count("bytes") != 0 &&
        f.parameters.at("bytes") == "524288") {
      found = true;
      EXPECT_EQ(f.value, "14148");
      EXPECT_EQ(f.unit, "MB/s");
      EXPECT_EQ(f.parameters.at("npes"), "2");
    }
  }
  EXPECT_TRUE(found);
}

TEST(SeedFigures, MalformedFileNamesTheLine) {
  const std::string path = testing::TempDir() + "/bad_figures.csv";
  std::ofstream(path) << "# header\nxt3,figure,,1,bytes,seed,note\nxt3,broken\n";
  try {
    read_seed_figures(path);
    FAIL();
  } catch (const FigureFileError& e) {
    EXPECT_NE(std::string(e.what()).find("bad_figures.csv:3: expected 7 columns"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_seed_figures(path + ".missing"), FigureFileError);
}

TEST(Experiments, SwitchPointsMoveWithTheSettings) {
  const MachineSetup defaults{"xt3", {}, {}};
  EXPECT_EQ(largest_size_on_path(defaults, "short"), 128000);
  EXPECT_EQ(largest_size_on_path(defaults, "vshort"), 1024);
  const MachineSetup lowered{"xt3", {}, {{"MPICH_MAX_SHORT_MSG_SIZE", "5000"}, {"MPICH_MAX_VSHORT_MSG_SIZE", "100"}}};
  EXPECT_EQ(largest_size_on_path(lowered, "short"), 5000);
  EXPECT_EQ(largest_size_on_path(lowered, "vshort"), 100);
  EXPECT_EQ(largest_size_on_path(defaults, "no-such-path"), -1);
}

TEST(Experiments, HalfBandwidthSizeFollowsLatencyOverBandwidth) {
  // For a LogGP link the half-bandwidth size is (o_s + L + o_r) / G: halving G doubles it.
  for (const char* g : {"0.909", "0.4545"}) {
    const MachineSetup setup{"xt3", {std::string("G=") + g}, {}};
    const double expected = (1.5 + 2.8 + 1.5) * 1e-6 / (std::stod(g) * 1e-9);
    EXPECT_NEAR(static_cast<double>(half_bandwidth_size(setup, 16 << 20)), expected, expected * 0.02) << g;
  }
}

TEST(Calibration, Xt3MatchesItsSeed) {
  const auto comparisons = calibrate("xt3", read_seed_figures(kFigures));
  const Comparison& short_limit = find(comparisons, "eager_short_limit");
  EXPECT_EQ(short_limit.status, Comparison::Status::Within);
  EXPECT_TRUE(short_limit.measured);
  EXPECT_EQ(short_limit.simulated, "128000 bytes");
  EXPECT_EQ(find(comparisons, "half_bandwidth_message_size").status, Comparison::Status::InRange);
  EXPECT_FALSE(find(comparisons, "unexpected_events").measured);
  // Collective switch points, found in the machine's choice of algorithm.
  for (const char* figure : {"reduce_short_msg", "alltoall_short_msg", "alltoallvw_pairwise_above"}) {
    EXPECT_EQ(find(comparisons, figure).status, Comparison::Status::Within) << figure;
    EXPECT_TRUE(find(comparisons, figure).measured) << figure;
  }
}

TEST(Calibration, MeasuredCollectiveFiguresFollowTheModelParameters) {
  const auto figures = read_seed_figures(kFigures);
  EXPECT_EQ(find(calibrate("x1", figures), "bcast_root_prealloc_limit").simulated, "32 bytes");
  EXPECT_EQ(find(calibrate("x1", figures, {"bcast_prealloc_bytes=100"}), "bcast_root_prealloc_limit").simulated,
            "100 bytes");
  // A cheaper receive makes wider gather trees pay: the AP1000 barrier's best branching factor grows.
  EXPECT_EQ(find(calibrate("ap1000", figures), "barrier_tree_branching").simulated, "3 children");
  EXPECT_NE(find(calibrate("ap1000", figures, {"o_s=190", "o_r=10"}), "barrier_tree_branching").simulated,
            "3 children");
}

TEST(Calibration, ComparisonMachinesMatchTheX1PaperBandwidths) {
  const auto figures = read_seed_figures(kFigures);
  for (const char* machine : {"power4", "sx6"}) {
    int bandwidth_rows = 0;
    for (const Comparison& c : calibrate(machine, figures)) {
      if (c.figure.figure != "pt2pt_bandwidth") continue;
      ++bandwidth_rows;
      EXPECT_EQ(c.role, Comparison::Role::Fitted);
      if (known_fit_miss(c)) {
        EXPECT_LT(std::abs(*c.error_percent), 3.0) << c.simulated;
        continue;
      }
      EXPECT_EQ(c.status, Comparison::Status::Within) << machine << " " << c.simulated;
    }
    EXPECT_EQ(bandwidth_rows, 3) << machine;
  }
}

TEST(Experiments, Power4BandwidthDropsBeyondItsCacheAndMovesWithIt) {
  // Two ranks on one node (the shared-memory copy outgrows the cache), as Figure 2's job ran.
  const MachineSetup power4{"power4", {}, {}, 2, true};
  EXPECT_LT(pingpong_bandwidth(power4, 2097152), pingpong_bandwidth(power4, 524288));
  const MachineSetup bigger_cache{"power4", {"cache_bytes=4000000"}, {}, 2, true};
  EXPECT_GT(pingpong_bandwidth(bigger_cache, 2097152), pingpong_bandwidth(bigger_cache, 524288));
}

TEST(Calibration, Xe6MailboxSizesAreMeasuredAtTheirJobSizes) {
  const auto comparisons = calibrate("xe6", read_seed_figures(kFigures));
  ASSERT_EQ(comparisons.size(), 4u);
  for (const Comparison& c : comparisons) {
    // Slide 10's graph: the mailbox memory a rank sets aside grows with the job.
    const auto expected =
        c.figure.figure == "mailbox_memory_grows" ? Comparison::Status::Holds : Comparison::Status::Within;
    EXPECT_EQ(c.status, expected) << c.figure.figure << ": " << c.simulated;
  }
  // Without the header in each slot the memory moves: the model computes it.
  const auto fewer = calibrate("xe6", read_seed_figures(kFigures), {"mbox_header_bytes=0"});
  EXPECT_NE(fewer.back().simulated, comparisons.back().simulated);
  // Changing the variable moves the measured mailbox limit.
  EXPECT_EQ(largest_size_on_path({"xe6", {}, {{"MPICH_GNI_MAX_VSHORT_MSG_SIZE", "300"}}, 2}, "E0"), 300);
}

TEST(Calibration, SeedMachinesMatchTheirMeasuredFigures) {
  const auto figures = read_seed_figures(kFigures);
  // Point-to-point rows, plus the X1 (and its Bcast's preallocated size), Power4 and SX-6 barriers
  // (3 each) and the AP1000 collective rows (9: times, broadcast rates, crossovers and shapes), and
  // the shapes of graphs the text describes (AP1000 Figures 6, 8, 9; T3E Figures 1, 2).
  const std::map<std::string, int> measured_rows = {{"ap1000", 18}, {"t3d", 1},    {"t3e", 5},
                                                    {"x1", 8},      {"power4", 6}, {"sx6", 6}};
  for (const auto& [machine, expected] : measured_rows) {
    int measured = 0;
    for (const Comparison& c : calibrate(machine, figures)) {
      if (c.status == Comparison::Status::NotModelled || !c.measured) continue;
      ++measured;
      if (machine == "ap1000" && c.figure.figure == "small_group_bnet_threshold") {
        // The one known miss: a binomial tree's time steps at powers of two, so the B-net starts to
        // win at 9 cells, not the seed's "about 10" (docs/simulation.md).
        EXPECT_EQ(c.simulated, "9 ranks");
        continue;
      }
      if (known_fit_miss(c)) continue;
      const bool on_target = c.status == Comparison::Status::Within || c.status == Comparison::Status::InRange ||
                             c.status == Comparison::Status::Holds;
      EXPECT_TRUE(on_target) << machine << " " << c.figure.figure << " " << c.simulated;
    }
    EXPECT_EQ(measured, expected) << machine;
  }
}

TEST(Experiments, FittedFiguresMoveWithTheMachine) {
  // The AP1000 latency is the line fit's intercept: the MPI layer's cost moves it one for one.
  const MachineSetup ap1000{"ap1000", {}, {}};
  const MachineSetup slower_layer{"ap1000", {"mpi_layer=172"}, {}};
  const double base = round_trip(ap1000, 0, 0);
  EXPECT_NEAR(round_trip(slower_layer, 0, 0) - base, 2 * 100e-6, 1e-9);
  // The T3E's asymptotic latency follows the protocol-message cost of the library in use (two ends
  // on an RTA transfer's path) and the get's set-up (once).
  const std::vector<std::int64_t> sizes = {16384, 65536, 262144};
  const MachineSetup t3e{"t3e", {}, {{"MPP_BUFFER_MAX", "0"}}};
  const MachineSetup costly_queue{"t3e", {"o_hw_queue=6.5"}, {{"MPP_BUFFER_MAX", "0"}}};
  EXPECT_NEAR(half_round_trip_line(costly_queue, sizes).intercept - half_round_trip_line(t3e, sizes).intercept,
              2 * 5.5e-6, 1e-9);
  const MachineSetup costly_get{"t3e", {"get_setup=9"}, {{"MPP_BUFFER_MAX", "0"}}};
  EXPECT_NEAR(half_round_trip_line(costly_get, sizes).intercept - half_round_trip_line(t3e, sizes).intercept, 2e-6,
              1e-9);
  // The X1's first pulled size is the packet payload.
  EXPECT_EQ(largest_size_on_path({"x1", {"packet_payload_bytes=1024"}, {}}, "inline"), 1023);
}

TEST(Experiments, CollectiveFiguresMoveWithTheMachine) {
  // Two ranks on one X1 node: two fetch-and-adds on one word, the second waiting in a convoy behind
  // the first (one waiting update), then the resume store.
  const MachineSetup x1{"x1", {}, {}, 2};
  const MachineSetup slower_fadd{"x1", {"fadd=1.38125"}, {}, 2};
  EXPECT_NEAR(collective_time(slower_fadd, CollectiveKind::Barrier) - collective_time(x1, CollectiveKind::Barrier),
              2 * 1.0e-6, 1e-9);
  const MachineSetup longer_convoy{"x1", {"fadd_convoy=1.4875"}, {}, 2};
  EXPECT_NEAR(collective_time(longer_convoy, CollectiveKind::Barrier) - collective_time(x1, CollectiveKind::Barrier),
              1.0e-6, 1e-9);
  // Four ranks on a node: 4 * 3 / 2 = 6 waiting updates in the convoy.
  const MachineSetup x1_4{"x1", {}, {}, 4};
  const MachineSetup longer_convoy_4{"x1", {"fadd_convoy=1.4875"}, {}, 4};
  EXPECT_NEAR(
      collective_time(longer_convoy_4, CollectiveKind::Barrier) - collective_time(x1_4, CollectiveKind::Barrier),
      6 * 1.0e-6, 1e-9);
  // The AP1000 xy allreduce costs one call per element after the last arrival.
  const MachineSetup ap1000{"ap1000", {}, {}, 16};
  const MachineSetup slower_xy{"ap1000", {"xy_call=200"}, {}, 16};
  EXPECT_NEAR(collective_time(slower_xy, CollectiveKind::AllreduceSumInt, 3) -
                  collective_time(ap1000, CollectiveKind::AllreduceSumInt, 3),
              3 * 40e-6, 1e-9);
  // Power4: the release flag is read by each of the other 3 waiters in turn.
  const MachineSetup power4{"power4", {}, {}, 4};
  const MachineSetup slower_reads{"power4", {"sync_release_per_rank=2.15"}, {}, 4};
  EXPECT_NEAR(collective_time(slower_reads, CollectiveKind::Barrier) - collective_time(power4, CollectiveKind::Barrier),
              3 * 1.0e-6, 1e-9);
  // SX-6: the full-node delay appears once the job fills the node's CPUs (four-rank nodes with a
  // four-way word: the same updates as before), and moves with them.
  const double four = collective_time({"sx6", {}, {{"XO_COLL_BRANCHING", "4"}}, 4}, CollectiveKind::Barrier);
  const double four_full = collective_time(
      {"sx6", {"cpus_per_node=4", "ranks_per_node=4"}, {{"XO_COLL_BRANCHING", "4"}}, 4}, CollectiveKind::Barrier);
  EXPECT_NEAR(four_full - four, 10.7e-6, 1e-9);
}
