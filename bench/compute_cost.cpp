// What --compute=measured costs over --compute=none: the 1,024-rank ring of MPI_Sendrecv (200
// steps) under both, interleaved, wall and CPU (user + system) seconds of each run in a forked
// child, medians with ranges. Measured computation reads a clock at every MPI call's entry and
// exit; the ratio is that clock's price.
//
//   compute_cost [--quick] [--runs N]

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "child_run.hpp"
#include "mpi_programs.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

struct Sample {
  double wall_seconds = 0;
  double cpu_seconds = 0;
  double system_seconds = 0;
};

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); }

Sample run_once(xo::mpi::ComputeMode compute, int ranks, int steps) {
  xo::bench::g_iterations = steps;
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.compute = compute;
  options.stack_bytes = 64 * 1024;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  const auto start = std::chrono::steady_clock::now();
  const auto result = xo::mpi::run_simulation(options, &xo::bench::ring_main);
  Sample s;
  s.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  s.cpu_seconds = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  s.system_seconds = seconds(usage.ru_stime);
  if (result.exit_code != 0) std::fprintf(stderr, "compute_cost: the ring failed: %s\n", result.error.c_str());
  return s;
}

std::string with_range(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  char text[64];
  std::snprintf(text, sizeof text, "%.3f [%.3f, %.3f]", xo::bench::median(v), v.front(), v.back());
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  xo::bench::RunCount count;
  if (!xo::bench::read_run_count(argc, argv, "compute_cost [--quick] [--runs N]", count)) return 2;
  const int ranks = 1024, steps = count.quick ? 5 : 200;
  std::vector<double> none_wall, none_cpu, none_sys, measured_wall, measured_cpu, measured_sys, ratio;
  for (int r = 0; r < count.runs; ++r) {  // interleaved, so the host's drift falls on both
    const Sample n = xo::bench::run_in_child([&] { return run_once(xo::mpi::ComputeMode::None, ranks, steps); });
    const Sample m = xo::bench::run_in_child([&] { return run_once(xo::mpi::ComputeMode::Measured, ranks, steps); });
    none_wall.push_back(n.wall_seconds), none_cpu.push_back(n.cpu_seconds), none_sys.push_back(n.system_seconds);
    measured_wall.push_back(m.wall_seconds), measured_cpu.push_back(m.cpu_seconds),
        measured_sys.push_back(m.system_seconds);
    ratio.push_back(m.cpu_seconds / n.cpu_seconds);
  }
  std::printf(
      "--compute=measured against --compute=none: Sendrecv ring, %d ranks x %d steps (loggp, 64 KiB stacks; "
      "medians of %d interleaved runs [range])\n",
      ranks, steps, count.runs);
  std::printf("%-10s %-26s %-26s %-26s\n", "compute", "wall s", "CPU s", "of it system s");
  std::printf("%-10s %-26s %-26s %-26s\n", "none", with_range(none_wall).c_str(), with_range(none_cpu).c_str(),
              with_range(none_sys).c_str());
  std::printf("%-10s %-26s %-26s %-26s\n", "measured", with_range(measured_wall).c_str(),
              with_range(measured_cpu).c_str(), with_range(measured_sys).c_str());
  std::printf("measured / none, CPU time of the same round: %s\n", with_range(ratio).c_str());
  return 0;
}
