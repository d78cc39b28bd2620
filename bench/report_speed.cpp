// What `xo report` costs a user, end to end: the report of a recorded trace with its bench, the
// first time (a fresh history: every bench run simulated) and the second (the history's bench
// cache), wall time and peak memory of the xo process. Traces: the ring of bench/programs/
// globals_ring.c (point-to-point only) and bench/programs/report_collectives.c (MPI_Alltoall,
// MPI_Reduce, MPI_Barrier), recorded on the XT3 with --compute=none. Medians over runs; the
// machine is shared, so read the figures as ranges.
//
//   report_speed [--quick] [--runs N]

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "child_run.hpp"

namespace {

using Figures = xo::bench::CommandFigures;

// Runs `xo ARGS`, its output discarded.
Figures run_xo(const std::string& args) {
  return xo::bench::run_shell_command(std::string(XO_BINARY) + " " + args + " >/dev/null 2>&1");
}

struct Scenario {
  const char* name;
  int ranks;
  std::string program;  // with its arguments
};

}  // namespace

int main(int argc, char** argv) {
  xo::bench::RunCount count;
  if (!xo::bench::read_run_count(argc, argv, "report_speed [--quick] [--runs N]", count)) return 2;
  if (!count.quick && count.runs == 5) count.runs = 3;  // a first report of 1,024 ranks takes half a minute
  const std::string dir = "/tmp/xo-report-speed-" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  const std::string ring = XO_RING_PROGRAM, collectives = XO_COLLECTIVES_PROGRAM;
  const std::vector<Scenario> scenarios =
      count.quick ? std::vector<Scenario>{{"ring", 8, ring}}
                  : std::vector<Scenario>{{"ring", 64, ring},
                                          {"collectives 2 KiB", 64, collectives + " 2048 20"},
                                          {"collectives 256 B", 1024, collectives + " 256 5"}};
  std::printf("xo report of an XT3 trace, bench included: first (fresh history) and cached (medians of %d)\n",
              count.runs);
  std::printf("%-20s %6s %10s %12s %10s %12s\n", "trace", "ranks", "first s", "first MiB", "cached s", "cached MiB");
  int failures = 0;
  for (const Scenario& s : scenarios) {
    const std::string trace = dir + "/trace-" + std::to_string(s.ranks);
    const Figures recorded = run_xo("record -q --force -n " + std::to_string(s.ranks) +
                                    " --machine xt3 --compute=none --stack-size=64K -o " + trace + " -- " + s.program);
    if (recorded.status != 0) {
      std::printf("%-20s %6d recording failed (status %d)\n", s.name, s.ranks, recorded.status);
      ++failures;
      continue;
    }
    std::vector<double> first_s, first_mib, cached_s, cached_mib;
    for (int run = 0; run < count.runs; ++run) {
      const std::string db = dir + "/history-" + std::to_string(run) + ".db";
      std::filesystem::remove(db);
      const Figures first = run_xo("report --db " + db + " " + trace);
      const Figures cached = run_xo("report --db " + db + " " + trace);
      if (first.status != 0 || cached.status != 0) {
        std::printf("%-20s %6d report failed (status %d, %d)\n", s.name, s.ranks, first.status, cached.status);
        ++failures;
        break;
      }
      first_s.push_back(first.wall_s);
      first_mib.push_back(first.peak_mib);
      cached_s.push_back(cached.wall_s);
      cached_mib.push_back(cached.peak_mib);
    }
    if (first_s.empty()) continue;
    std::printf("%-20s %6d %10.2f %12.0f %10.2f %12.0f\n", s.name, s.ranks, xo::bench::median(first_s),
                xo::bench::median(first_mib), xo::bench::median(cached_s), xo::bench::median(cached_mib));
  }
  std::filesystem::remove_all(dir);
  return failures == 0 ? 0 : 1;
}
