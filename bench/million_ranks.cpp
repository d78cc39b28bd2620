// A million ranks: how long 1,048,576 ranks take to start (every rank through MPI_Init), to run
// a ring of MPI_Sendrecv for 10 steps, and how much memory they need (issue 21's targets: start
// under 5 s, the whole run under 30 s, under 12 GB). loggp, --compute=none, 64 KiB stacks; each
// run in a forked child, so its peak memory and CPU time are its own; medians over runs.
//
//   million_ranks [--quick] [--runs N] [--ranks N]   (--quick: 65,536 ranks, one run)

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "child_run.hpp"
#include "mpi_programs.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kSteps = 10;
Clock::time_point g_started;
int g_initialized = 0;  // ranks through MPI_Init so far (ranks are fibers of one thread)
int g_ranks = 0;
double g_start_seconds = 0;

int ring_main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  if (++g_initialized == g_ranks) g_start_seconds = std::chrono::duration<double>(Clock::now() - g_started).count();
  xo::bench::sendrecv_ring(kSteps);
  MPI_Finalize();
  return 0;
}

struct Sample {
  double start_s = 0;
  double total_s = 0;
  double user_s = 0;
  double system_s = 0;
  double peak_gib = 0;
  double messages = 0;
  bool ok = false;
};

double seconds_of(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; }

Sample run_once(int ranks) {
  g_ranks = ranks;
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.compute = xo::mpi::ComputeMode::None;
  options.stack_bytes = 64 * 1024;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  g_started = Clock::now();
  const auto result = xo::mpi::run_simulation(options, &ring_main);
  Sample s;
  s.total_s = std::chrono::duration<double>(Clock::now() - g_started).count();
  s.start_s = g_start_seconds;
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  s.user_s = seconds_of(usage.ru_utime);
  s.system_s = seconds_of(usage.ru_stime);
  s.peak_gib = xo::bench::peak_rss_kib() / (1024.0 * 1024.0);
  s.messages = static_cast<double>(result.messages);
  s.ok = result.exit_code == 0;
  if (!s.ok) std::fprintf(stderr, "million_ranks: the run failed: %s\n", result.error.c_str());
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  int ranks = 1 << 20;
  std::vector<char*> rest = {argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--ranks") == 0 && i + 1 < argc) {
      ranks = std::max(2, std::atoi(argv[++i]));
    } else {
      rest.push_back(argv[i]);
    }
  }
  xo::bench::RunCount count;
  count.runs = 3;
  if (!xo::bench::read_run_count(static_cast<int>(rest.size()), rest.data(),
                                 "million_ranks [--quick] [--runs N] [--ranks N]", count)) {
    return 2;
  }
  if (count.quick) ranks = 1 << 16;
  std::printf("Ring of MPI_Sendrecv, %d ranks x %d steps (loggp, --compute=none, 64 KiB stacks); median of %d runs\n",
              ranks, kSteps, count.runs);
  std::vector<double> start, total, user, system, peak;
  double messages = 0;
  for (int r = 0; r < count.runs; ++r) {
    const Sample s = xo::bench::run_in_child([&] { return run_once(ranks); });
    if (!s.ok) return 1;
    start.push_back(s.start_s);
    total.push_back(s.total_s);
    user.push_back(s.user_s);
    system.push_back(s.system_s);
    peak.push_back(s.peak_gib);
    messages = s.messages;
    std::printf("  run %d: start %.2f s, total %.2f s (user %.2f s, system %.2f s), peak %.2f GiB\n", r + 1, s.start_s,
                s.total_s, s.user_s, s.system_s, s.peak_gib);
  }
  using xo::bench::median;
  std::printf("start %.2f s   total %.2f s   user %.2f s   system %.2f s   peak %.2f GiB   %.0f messages\n",
              median(start), median(total), median(user), median(system), median(peak), messages);
  return 0;
}
