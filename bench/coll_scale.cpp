// Collectives at scale: wall time and peak memory of simulating MPI_Barrier and MPI_Allreduce on
// 16,384 ranks of the AP1000, XT3 and XE6 models, each with the algorithm its MPI chooses there.
// Each run happens in a forked child so that its peak resident memory is its own; figures are
// medians over runs. The simulated time per call is printed too, to show what was simulated.
//
//   coll_scale [--quick] [--runs N] [--ranks N]

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "child_run.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

using xo::bench::median;
using xo::bench::peak_rss_kib;
using xo::bench::run_in_child;

enum class Call { Barrier, Allreduce };

struct Scenario {
  const char* machine;
  Call call;
  int doubles;  // Allreduce vector length
};

struct Sample {
  bool ok = false;
  double wall_seconds = 0;
  double virtual_us_per_call = 0;
  double messages = 0;
  double peak_rss_kib = 0;
};

// The program every rank runs; globals are shared by the ranks (one simulation per child).
Scenario g_scenario;
int g_iterations = 0;
double g_virtual_us_per_call = 0;

void call_once(std::vector<double>& in, std::vector<double>& out) {
  if (g_scenario.call == Call::Barrier) {
    MPI_Barrier(MPI_COMM_WORLD);
  } else {
    MPI_Allreduce(in.data(), out.data(), g_scenario.doubles, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
}

int collective_main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<double> in(static_cast<std::size_t>(g_scenario.doubles), rank);
  std::vector<double> out(in.size());
  call_once(in, out);  // connections and first-touch costs stay out of the timed loop
  const double start = MPI_Wtime();
  for (int i = 0; i < g_iterations; ++i) call_once(in, out);
  if (rank == 0) g_virtual_us_per_call = (MPI_Wtime() - start) * 1e6 / g_iterations;
  MPI_Finalize();
  return 0;
}

Sample run_once(const Scenario& s, int ranks) {
  g_scenario = s;
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = s.machine;
  options.compute = xo::mpi::ComputeMode::None;
  options.stack_bytes = 64 * 1024;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  const auto start = std::chrono::steady_clock::now();
  const auto result = xo::mpi::run_simulation(options, &collective_main);
  Sample sample;
  sample.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sample.ok = result.exit_code == 0;
  sample.virtual_us_per_call = g_virtual_us_per_call;
  sample.messages = static_cast<double>(result.messages);
  sample.peak_rss_kib = peak_rss_kib();
  if (!sample.ok) std::fprintf(stderr, "coll_scale: %s failed: %s\n", s.machine, result.error.c_str());
  return sample;
}

std::string describe(const Scenario& s) {
  if (s.call == Call::Barrier) return "Barrier";
  return "Allreduce " + std::to_string(s.doubles) + (s.doubles == 1 ? " double" : " doubles");
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  int runs = 3;
  int ranks = 16384;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
      runs = 1;
      ranks = 256;
    } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--ranks") == 0 && i + 1 < argc) {
      ranks = std::max(2, std::atoi(argv[++i]));
    } else {
      std::fprintf(stderr, "usage: coll_scale [--quick] [--runs N] [--ranks N]\n");
      return 2;
    }
  }
  g_iterations = quick ? 2 : 10;
  std::vector<Scenario> scenarios;
  for (const char* machine : {"ap1000", "xt3", "xe6"}) {
    scenarios.push_back({machine, Call::Barrier, 0});
    scenarios.push_back({machine, Call::Allreduce, 1});
    scenarios.push_back({machine, Call::Allreduce, 1024});
  }
  std::printf(
      "Collectives at %d ranks (--compute=none, 64 KiB stacks, %d calls after one warm-up; median of %d runs)\n", ranks,
      g_iterations, runs);
  std::printf("%-8s %-22s %9s %14s %12s %12s %12s\n", "machine", "call", "wall s", "simulated us", "p2p msgs",
              "peak RSS MB", "KiB per rank");
  int failures = 0;
  for (const Scenario& s : scenarios) {
    std::vector<double> wall, rss;
    Sample last;
    for (int r = 0; r < runs; ++r) {
      last = run_in_child([&] { return run_once(s, ranks); });
      failures += last.ok ? 0 : 1;
      wall.push_back(last.wall_seconds);
      rss.push_back(last.peak_rss_kib);
    }
    std::printf("%-8s %-22s %9.2f %14.1f %12.0f %12.1f %12.1f\n", s.machine, describe(s).c_str(), median(wall),
                last.virtual_us_per_call, last.messages, median(rss) / 1024, median(rss) / ranks);
    std::fflush(stdout);
  }
  return failures == 0 ? 0 : 1;
}
