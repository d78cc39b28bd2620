// Simulation speed: simulated point-to-point messages per wall-clock second and peak memory per
// rank, for a 2-rank ping-pong and Sendrecv rings of 1,024 and 65,536 ranks. Each run happens in
// a forked child so that its peak resident memory is its own; figures are medians over runs.
//
//   sim_speed [--quick] [--runs N] [--ranks N] [--iterations N]
//
// --ranks runs only the scenario of that many ranks and --iterations sets its length, to profile
// one scenario (perf record, valgrind --tool=callgrind).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "child_run.hpp"
#include "mpi_programs.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

using xo::bench::g_iterations;
using xo::bench::median;
using xo::bench::peak_rss_kib;
using xo::bench::pingpong_main;
using xo::bench::ring_main;
using xo::bench::run_in_child;

struct Scenario {
  const char* name;
  int ranks;
  int iterations;
};

struct Sample {
  double wall_seconds = 0;
  double messages = 0;
  double peak_rss_kib = 0;
};

Sample run_once(const Scenario& s) {
  g_iterations = s.iterations;
  xo::mpi::SimulationOptions options;
  options.ranks = s.ranks;
  options.compute = xo::mpi::ComputeMode::None;
  options.stack_bytes = 64 * 1024;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  const auto start = std::chrono::steady_clock::now();
  const auto result = xo::mpi::run_simulation(options, s.ranks == 2 ? &pingpong_main : &ring_main);
  Sample sample;
  sample.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sample.messages = static_cast<double>(result.messages);
  sample.peak_rss_kib = peak_rss_kib();
  if (result.exit_code != 0) std::fprintf(stderr, "sim_speed: %s failed: %s\n", s.name, result.error.c_str());
  return sample;
}

}  // namespace

int main(int argc, char** argv) {
  int only_ranks = 0;
  int iterations = 0;
  std::vector<char*> rest = {argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--ranks") == 0 && i + 1 < argc) {
      only_ranks = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      iterations = std::max(1, std::atoi(argv[++i]));
    } else {
      rest.push_back(argv[i]);
    }
  }
  xo::bench::RunCount count;
  if (!xo::bench::read_run_count(static_cast<int>(rest.size()), rest.data(),
                                 "sim_speed [--quick] [--runs N] [--ranks N] [--iterations N]", count)) {
    return 2;
  }
  const bool quick = count.quick;
  const int runs = count.runs;
  const std::vector<Scenario> scenarios = {
      {"ping-pong, 8 bytes", 2, quick ? 10000 : 1000000},
      {"Sendrecv ring", 1024, quick ? 10 : 1000},
      {"Sendrecv ring", 65536, quick ? 2 : 20},
  };
  std::printf("Simulation speed (loggp, --compute=none, 64 KiB stacks; median of %d runs)\n", runs);
  std::printf("%-20s %7s %12s %9s %14s %12s %12s\n", "scenario", "ranks", "messages", "wall s", "M msgs/wall s",
              "peak RSS MB", "KiB per rank");
  for (Scenario s : scenarios) {
    if (only_ranks != 0 && s.ranks != only_ranks) continue;
    if (iterations > 0) s.iterations = iterations;
    std::vector<double> wall, rate, rss;
    double messages = 0;
    for (int r = 0; r < runs; ++r) {
      const Sample sample = run_in_child([&] { return run_once(s); });
      wall.push_back(sample.wall_seconds);
      rate.push_back(sample.messages / sample.wall_seconds / 1e6);
      rss.push_back(sample.peak_rss_kib);
      messages = sample.messages;
    }
    std::printf("%-20s %7d %12.0f %9.3f %14.2f %12.1f %12.1f\n", s.name, s.ranks, messages, median(wall), median(rate),
                median(rss) / 1024, median(rss) / s.ranks);
  }
  return 0;
}
