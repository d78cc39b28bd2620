// What giving each rank its own copy of the program costs (xo run --privatize=on, the default),
// against sharing one (--privatize=off), and the alternative it was chosen over.
//
//  1. Start-up and memory: `xo run -n N` of a program with 1 MiB of zero-initialised and 64 KiB of
//     initialised globals (bench/programs/globals_ring.c), each rank writing one page of each, for
//     growing N: wall time and peak resident memory of the run, per rank, on minus off.
//  2. Per switch: ranks 0 and 1 exchanging one-byte messages (every message switches ranks): wall
//     time per message, on minus off. Privatized, a switch also saves and restores libc's getopt
//     variables and errno and points the random-number interposers at the rank's state.
//  3. The rejected alternative, swapping the program's data segment on every switch (mmap of the
//     rank's pages over the segment, as SMPI's mmap privatization does): a remap and a first touch
//     of one page, per switch, for a 64 KiB and a 1 MiB segment.
// Medians of runs in forked children; the machine is shared, so read figures as ranges.

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "child_run.hpp"

namespace {

using RunFigures = xo::bench::CommandFigures;

// Runs `xo run` with these options and returns its wall time and peak memory.
RunFigures run_xo(const std::string& options) {
  return xo::bench::run_shell_command(std::string(XO_BINARY) + " run -q --compute=none " + options + " >/dev/null");
}

RunFigures median_run(const std::string& options, int repeats) {
  std::vector<double> wall, peak;
  int status = 0;
  for (int i = 0; i < repeats; ++i) {
    const RunFigures f = run_xo(options);
    wall.push_back(f.wall_s);
    peak.push_back(f.peak_mib);
    status = status != 0 ? status : f.status;
  }
  return {xo::bench::median(wall), xo::bench::median(peak), status};
}

// The alternative: per switch, map the next rank's slice of one file over the segment and touch
// a page of it (the kernel drops the old page-table entries, so the first touch faults).
double remap_switch_us(std::size_t segment_bytes, int switches) {
  struct Sample {
    double us;
  };
  return xo::bench::run_in_child([&] {
           const int ranks = 8;
           const int fd = memfd_create("segments", 0);
           if (fd < 0 || ftruncate(fd, static_cast<off_t>(segment_bytes * ranks)) != 0) return Sample{-1};
           auto* window =
               static_cast<volatile char*>(mmap(nullptr, segment_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
           const auto start = std::chrono::steady_clock::now();
           for (int i = 0; i < switches; ++i) {
             mmap(const_cast<char*>(window), segment_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
                  static_cast<off_t>(segment_bytes * static_cast<std::size_t>(i % ranks)));
             window[0] = static_cast<char>(window[0] + 1);
           }
           return Sample{std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() /
                         switches};
         })
      .us;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int repeats = quick ? 1 : 3;
  const std::string program = XO_BENCH_PROGRAM;
  std::printf("1. start-up and memory: %s, 1 MiB + 64 KiB of globals (medians of %d)\n", program.c_str(), repeats);
  std::printf("%8s %12s %12s %12s %12s %14s %14s\n", "ranks", "wall off s", "wall on s", "peak off MB", "peak on MB",
              "load us/rank", "KiB/rank");
  const std::vector<int> sizes = quick ? std::vector<int>{16} : std::vector<int>{256, 1024, 4096, 12000};
  for (int ranks : sizes) {
    const std::string n = "-n " + std::to_string(ranks) + " --stack-size=64K ";
    const RunFigures off = median_run(n + "--privatize=off " + program, repeats);
    const RunFigures on = median_run(n + "--privatize=on " + program, repeats);
    if (off.status != 0 || on.status != 0) {
      std::printf("%8d the run failed (status off %d, on %d)\n", ranks, off.status, on.status);
      return 1;
    }
    std::printf("%8d %12.2f %12.2f %12.1f %12.1f %14.1f %14.1f\n", ranks, off.wall_s, on.wall_s, off.peak_mib,
                on.peak_mib, (on.wall_s - off.wall_s) / ranks * 1e6, (on.peak_mib - off.peak_mib) * 1024 / ranks);
  }
  const long messages = quick ? 2000 : 400000;
  const std::string pingpong = "-n 2 " + program + " pingpong " + std::to_string(messages);
  const RunFigures off = median_run("--privatize=off " + pingpong, repeats + 2);
  const RunFigures on = median_run("--privatize=on " + pingpong, repeats + 2);
  std::printf("\n2. per switch: %ld one-byte messages between ranks 0 and 1 (medians of %d)\n", 2 * messages,
              repeats + 2);
  std::printf("   off %.3f s, on %.3f s: %.1f ns more per message\n", off.wall_s, on.wall_s,
              (on.wall_s - off.wall_s) / (2.0 * static_cast<double>(messages)) * 1e9);
  std::printf("\n3. the alternative, remapping the data segment at every switch (median of %d)\n", repeats);
  for (std::size_t bytes : {std::size_t{64} << 10, std::size_t{1} << 20}) {
    std::vector<double> us;
    for (int i = 0; i < repeats; ++i) us.push_back(remap_switch_us(bytes, quick ? 1000 : 50000));
    std::printf("   %4zu KiB segment: %.2f us per switch\n", bytes >> 10, xo::bench::median(us));
  }
  return 0;
}
