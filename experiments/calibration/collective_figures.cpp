#include "collective_figures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "comparison_support.hpp"
#include "xo/calibration/collective_experiments.hpp"
#include "xo/calibration/experiments.hpp"
#include "xo/hwmodels/machine_registry.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace xo::calibration {

namespace {

// Seed 001 section 9: the benchmarks ran on a 128-cell AP1000.
constexpr int kAp1000Cells = 128;

MachineSetup with_env(MachineSetup setup, const std::string& name, int value) {
  setup.env[name] = std::to_string(value);
  return setup;
}

void compare_shape(Comparison& c, bool holds, const std::string& simulated) {
  c.simulated = simulated;
  c.status = holds ? Comparison::Status::Holds : Comparison::Status::Fails;
}

std::string percent(double fraction) { return format(std::round(fraction * 1000) / 10) + " %"; }

double slowest(const MachineSetup& setup, CollectiveKind kind, int group, int count) {
  return group_collective_times(setup, kind, group, count).max;
}

// Seed 001 Figure 4: the slowest member's time to receive `doubles` from rank 0 of every cell.
double bcast_to_all(const MachineSetup& setup, int doubles) {
  return slowest(setup, CollectiveKind::BcastDouble, setup.ranks, doubles);
}

// The CellOS-level machine: no MPI layer on messages or on broadcasts.
MachineSetup cellos(MachineSetup setup) {
  for (const char* p : {"mpi_layer=0", "bnet_mpi_layer=0", "bnet_mpi_G=0"}) setup.params.emplace_back(p);
  return setup;
}

// Seed 001 Figure 4's rows name the level they measured.
std::string level(const MachineSetup& setup) {
  for (const std::string& p : setup.params) {
    if (p == "bnet_mpi_layer=0") return " (CellOS level: mpi_layer, bnet_mpi_* = 0)";
  }
  return "";
}

void bcast_bandwidth(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  std::vector<double> bytes;
  std::vector<double> seconds;
  for (int doubles = 0; doubles <= 10000; doubles += 1000) {
    bytes.push_back(doubles * 8.0);
    seconds.push_back(bcast_to_all(setup, doubles));
  }
  c.method = "MPI_Bcast of 0-10000 doubles to 128 cells, slowest member, inverse of the line's slope" + level(setup);
  compare_number(c, 1e-6 / fit_line(bytes, seconds).slope);
}

void bcast_mpi_minus_cellos(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  const int doubles = std::atoi(parameter(c.figure, "doubles").c_str());
  c.method = "MPI_Bcast of " + std::to_string(doubles) +
             " doubles to 128 cells, slowest member, MPI minus CellOS level (mpi_layer, bnet_mpi_* = 0)";
  compare_number(c, (bcast_to_all(setup, doubles) - bcast_to_all(cellos(setup), doubles)) * 1e6);
}

// Seed 001 Figure 5: selective broadcast time independent of group size.
void bcast_group_size_scaling(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  std::vector<double> slowest;
  for (int group = 2; group <= kAp1000Cells; group *= 2) {
    slowest.push_back(group_collective_times(setup, CollectiveKind::BcastDouble, group, 1000).max);
  }
  const auto [low, high] = std::minmax_element(slowest.begin(), slowest.end());
  const double spread = (*high - *low) / *low;
  c.method = "MPI_Bcast of 1000 doubles on groups of 2-128 of 128 cells, slowest member; constant: spread <= 5 %";
  compare_shape(c, spread <= kTargetErrorPercent / 100, "spread " + percent(spread));
}

// Seed 001 Figure 11: two-cell groups broadcasting 10,000 ints at once; the slowest receiver's time
// doubles as the groups double, the fastest stays constant.
void bnet_interference(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  const MemberTimes half = concurrent_bcast_times(setup, kAp1000Cells / 4, 10000);
  const MemberTimes full = concurrent_bcast_times(setup, kAp1000Cells / 2, 10000);
  const double growth = full.max / half.max;
  const double min_change = std::abs(full.min - half.min) / half.min;
  c.method = "MPI_Bcast of 10000 ints in 32 and 64 concurrent two-cell groups; receivers' max and min";
  compare_shape(c, std::abs(growth - 2) <= 0.2 && min_change <= kTargetErrorPercent / 100,
                "max x" + format(std::round(growth * 100) / 100) + ", min " + percent(min_change));
}

// Seed 001 Figure 8: the branching factor of the barrier's gather tree that "was found to deliver
// the best performance" over the figure's group sizes (2 to 127 cells; the whole machine uses the
// S-net instead): the lowest mean time of the slowest member.
void barrier_tree_branching(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  int best = 0;
  double best_total = 0;
  for (int k = 2; k <= 8; ++k) {
    const MachineSetup with_k = with_env(setup, "XO_COLL_BRANCHING", k);
    double total = 0;
    for (int group = 2; group < kAp1000Cells; ++group) {
      total += group_collective_times(with_k, CollectiveKind::Barrier, group, 0).max;
    }
    if (best == 0 || total < best_total) best = k, best_total = total;
  }
  c.method = "XO_COLL_BRANCHING (2-8) with the lowest mean MPI_Barrier time over groups of 2-127 of 128 cells";
  compare_number(c, best);
}

// Seed 001 Figure 10: the longest vector a whole-machine MPI_Allreduce sums faster through the xy
// routines than through the reduction tree and selective broadcast.
void allreduce_xy_crossover(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  const MachineSetup xy = with_env(setup, "XO_AP1000_XY_MAX_ELEMENTS", 1 << 20);
  const MachineSetup tree = with_env(setup, "XO_AP1000_XY_MAX_ELEMENTS", 0);
  const auto xy_wins = [&](int count) {
    return collective_time(xy, CollectiveKind::AllreduceSumInt, count) <=
           collective_time(tree, CollectiveKind::AllreduceSumInt, count);
  };
  int low = 1;      // xy wins
  int high = 4096;  // the tree wins
  if (!xy_wins(low) || xy_wins(high)) {
    c.method = "no crossover between 1 and 4096 ints";
    c.simulated = "none";
    c.status = Comparison::Status::Outside;
    return;
  }
  while (high - low > 1) {
    const int mid = (low + high) / 2;
    (xy_wins(mid) ? low : high) = mid;
  }
  c.method = "longest int vector MPI_Allreduce (128 cells) sums faster by xy than by tree (bisection)";
  compare_number(c, low);
}

// Seed 001 section 7: point-to-point trees beat the B-net's start-up below about 10 cells.
void small_group_bnet_threshold(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  const MachineSetup bnet = with_env(setup, "XO_AP1000_BNET_MIN_GROUP", 1);
  const MachineSetup trees = with_env(setup, "XO_AP1000_BNET_MIN_GROUP", 1 << 20);
  int group = 2;
  for (; group <= kAp1000Cells; ++group) {
    if (group_collective_times(bnet, CollectiveKind::BcastDouble, group, 1).max <=
        group_collective_times(trees, CollectiveKind::BcastDouble, group, 1).max) {
      break;
    }
  }
  c.method = "smallest group whose MPI_Bcast of one double is faster on the B-net than on a binomial tree";
  compare_number(c, group);
}

// Seed 000, MPI_Bcast: below 32 bytes the root copies the data to a preallocated buffer and leaves
// before the others have pulled it; from there on it waits for their check-ins.
void bcast_root_prealloc_limit(MachineSetup setup, Comparison& c) {
  setup.ranks = 8;
  const auto root_waits = [&](int bytes) {
    const MemberTimes t = group_collective_times(setup, CollectiveKind::BcastByte, setup.ranks, bytes);
    return t.min >= t.max / 2;  // the root is the fastest member; waiting, it leaves with the last
  };
  int bytes = 1;
  while (bytes < 4096 && !root_waits(bytes)) ++bytes;
  c.method = "smallest MPI_Bcast (bytes, 8 ranks) whose root leaves no sooner than half the slowest receiver's time";
  compare_number(c, bytes);
}

// Seed 000, MPI_Barrier: a four-way tree, a design choice rather than a measurement; compared with
// the model's default of XO_COLL_BRANCHING, the fan-in of its fetch-and-add tree.
void barrier_tree_fanin(MachineSetup setup, Comparison& c) {
  const auto machine = hw::builtin_machines().create(setup.machine);
  if (const hw::EnvVar* v = machine->find_env_var("XO_COLL_BRANCHING")) {
    c.method = "default of XO_COLL_BRANCHING (the fetch-and-add tree's fan-in)";
    c.measured = false;
    compare_number(c, static_cast<double>(machine->env_default(*v)));
  }
}

void collective_time_figure(MachineSetup setup, Comparison& c) {
  for (const char* key : {"npes", "cells"}) {
    if (const std::string n = parameter(c.figure, key); !n.empty()) setup.ranks = std::atoi(n.c_str());
  }
  const bool barrier = c.figure.figure == "barrier_time";
  const int count = barrier ? 0 : std::atoi(parameter(c.figure, "count").c_str());
  c.method = (barrier ? std::string("MPI_Barrier") : "MPI_Allreduce of " + std::to_string(count) + " int") + " on " +
             std::to_string(setup.ranks) + " ranks, slowest rank's mean of back-to-back calls";
  compare_number(
      c, collective_time(setup, barrier ? CollectiveKind::Barrier : CollectiveKind::AllreduceSumInt, count) * 1e6);
}

// A switch point of the machine's choice of algorithm (seed 002's MPICH_* variables): the sizes,
// per rank, at which `op` on 16 ranks of every int takes `algorithm`, found by bisection over the
// machine's choice (the algorithm a run would use), not read back from the setting.
struct ChoiceSwitch {
  const char* machine;
  const char* figure;
  hw::CollectiveOp op;
  hw::Algorithm algorithm;
  bool first;  // the published figure is the first size taking `algorithm` (else the last)
};
constexpr ChoiceSwitch kChoiceSwitches[] = {
    {"xt3", "alltoall_short_msg", hw::CollectiveOp::Alltoall, hw::Algorithm::Bruck, false},
    {"xt3", "reduce_short_msg", hw::CollectiveOp::Reduce, hw::Algorithm::Binomial, false},
    {"xt3", "alltoallvw_pairwise_above", hw::CollectiveOp::Alltoall, hw::Algorithm::Pairwise, true},
};

bool compare_choice_switch(const MachineSetup& setup, Comparison& c) {
  for (const ChoiceSwitch& sw : kChoiceSwitches) {
    if (setup.machine != sw.machine || c.figure.figure != sw.figure) continue;
    constexpr int kRanks = 16;
    const auto machine = hw::configured_machine(setup.machine, kRanks, setup.params, hw::lookup_in(setup.env));
    const auto takes = [&](std::int64_t bytes) {
      hw::CollectiveQuery q{sw.op, kRanks, true, bytes, bytes * kRanks, bytes / 4, hw::ElementType::Int, true, true};
      return machine->collective(q).algorithm == sw.algorithm;
    };
    // Bisection for the boundary between sizes that take the algorithm and sizes that do not.
    std::int64_t low = 4;         // on the small side
    std::int64_t high = 1 << 30;  // on the large side
    if (takes(low) == takes(high)) {
      c.method = "no switch between 4 bytes and 1 GiB";
      c.simulated = "none";
      c.status = Comparison::Status::Outside;
      return true;
    }
    const bool small_side = takes(low);
    while (high - low > 1) {
      const std::int64_t mid = low + (high - low) / 2;
      (takes(mid) == small_side ? low : high) = mid;
    }
    c.method = std::string(sw.first ? "first" : "largest") + " size per rank whose " +
               std::string(hw::collective_name(sw.op)) + " on 16 ranks takes " +
               std::string(hw::algorithm_name(sw.algorithm)) + " (bisection over the machine's choice)";
    compare_number(c, static_cast<double>(sw.first ? high : low));
    return true;
  }
  return false;
}

// Seed 001 Figure 6: scattering 1280 ints over groups of 2 to 128 cells takes about the same time,
// a little longer for small groups (their members copy larger pieces).
void scatter_group_size_shape(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  std::vector<double> t;
  for (const int g : {2, 4, 8, 16, 32, 64, 128}) t.push_back(slowest(setup, CollectiveKind::ScatterInt, g, 1280));
  const bool never_rises = std::is_sorted(t.rbegin(), t.rend());
  const double spread = t.front() / t.back();
  c.method = "MPI_Scatter of 1280 ints on 2, 4, ... 128 cells, slowest member";
  compare_shape(c, never_rises && spread > 1 && spread < 1.5,
                "2 cells " + percent(spread - 1) + " slower than 128" + (never_rises ? "" : "; not monotone"));
}

// Seed 001 Figure 8: the barrier's gather tree (branching 3) grows a level at 5, 14 and 41 cells;
// each full level costs the same.
void barrier_level_steps(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  const auto t = [&](int g) { return slowest(setup, CollectiveKind::Barrier, g, 0); };
  const double first = t(13) - t(4), second = t(40) - t(13);
  c.method = "MPI_Barrier on full trees of 4, 13 and 40 cells (branching 3), slowest member";
  compare_shape(c, first > 0 && std::abs(second - first) <= 0.05 * first,
                "levels " + format(first * 1e6) + " and " + format(second * 1e6) + " us");
}

// Seed 001 Figure 9: the allreduce's time steps up where its reduction tree grows a level (5, 14, 41
// and 122 cells with branching 3): the largest rises over group sizes 2 to 127 are there.
void allreduce_level_steps(MachineSetup setup, Comparison& c) {
  setup.ranks = kAp1000Cells;
  const std::vector<int> rises = largest_rises(setup, CollectiveKind::AllreduceSumInt, 1);
  std::string at;
  for (const int g : rises) at += (at.empty() ? "" : ", ") + std::to_string(g);
  c.method = "MPI_Allreduce of one int on groups of 2 to 127 cells: where the slowest member's time rises most";
  compare_shape(c, rises == std::vector<int>{5, 14, 41, 122}, "steps at " + at + " cells");
}

// Seed 003 Figure 1: the new library's short messages are faster than the old's at every size.
void short_latency_reduced(MachineSetup setup, Comparison& c) {
  setup.env["MPP_BUFFER_MAX"] = "0";
  MachineSetup old_library = setup;
  old_library.env["XO_T3E_HW_QUEUES"] = "0";
  setup.env["XO_T3E_HW_QUEUES"] = "1";
  bool below = true;
  double worst = 0;
  for (const std::int64_t bytes : {8, 56, 64, 256, 1024}) {
    const double now = half_round_trip(setup, bytes), before = half_round_trip(old_library, bytes);
    below = below && now < before;
    worst = std::max(worst, now / before);
  }
  c.method = "half round trip of 8 to 1024 bytes, hardware queues against the SHMEM queue";
  compare_shape(c, below, "new at most " + percent(worst) + " of old");
}

// Seed 003 Figure 2: polling the barrier hardware beats the library's software barrier by more the
// more processors synchronise.
void hw_barrier_benefit_grows(MachineSetup setup, Comparison& c) {
  std::vector<double> benefit;
  std::string text;
  for (const int ranks : {8, 32, 128}) {
    setup.ranks = ranks;
    MachineSetup software = setup;
    software.env["XO_COLL_BARRIER"] = "dissemination";
    benefit.push_back(collective_time(software, CollectiveKind::Barrier) -
                      collective_time(setup, CollectiveKind::Barrier));
    text += (text.empty() ? "" : ", ") + format(benefit.back() * 1e6) + " us at " + std::to_string(ranks);
  }
  c.method = "MPI_Barrier on 8, 32, 128 PEs: dissemination over messages minus the barrier hardware";
  compare_shape(c, benefit[0] > 0 && benefit[1] > benefit[0] && benefit[2] > benefit[1], text);
}

struct CollectiveFigure {
  const char* machine;  // nullptr: any machine
  const char* figure;
  void (*compare)(MachineSetup, Comparison&);
};
constexpr CollectiveFigure kFigures[] = {
    {nullptr, "barrier_time", collective_time_figure},
    {nullptr, "allreduce_time", collective_time_figure},
    {"ap1000", "bcast_bandwidth", bcast_bandwidth},
    {"ap1000", "bcast_mpi_minus_cellos", bcast_mpi_minus_cellos},
    {"ap1000", "bcast_group_size_scaling", bcast_group_size_scaling},
    {"ap1000", "bnet_interference", bnet_interference},
    {"ap1000", "barrier_tree_branching", barrier_tree_branching},
    {"ap1000", "allreduce_xy_vs_tree_crossover", allreduce_xy_crossover},
    {"ap1000", "small_group_bnet_threshold", small_group_bnet_threshold},
    {"x1", "bcast_root_prealloc_limit", bcast_root_prealloc_limit},
    {"x1", "barrier_tree_fanin", barrier_tree_fanin},
    {"ap1000", "scatter_group_size_shape", scatter_group_size_shape},
    {"ap1000", "barrier_level_steps", barrier_level_steps},
    {"ap1000", "allreduce_level_steps", allreduce_level_steps},
    {"t3e", "short_latency_reduced", short_latency_reduced},
    {"t3e", "hw_barrier_benefit_grows", hw_barrier_benefit_grows},
};

}  // namespace

bool compare_collective_figure(const MachineSetup& setup, Comparison& c) {
  if (compare_choice_switch(setup, c)) return true;
  for (const CollectiveFigure& f : kFigures) {
    if ((f.machine == nullptr || setup.machine == f.machine) && c.figure.figure == f.figure) {
      f.compare(setup, c);
      return true;
    }
  }
  return false;
}

}  // namespace xo::calibration
