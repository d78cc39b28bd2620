// Entry point of programs built by `xo cc` / `xo c++`. They are linked with --wrap=main, so the C
// runtime calls __wrap_main, which runs the program's own main (__real_main) once per simulated
// rank. A later option can load a separate copy of the program per rank (private globals) and
// hand run_simulation each copy's main through RankMainOf; until then ranks share globals.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "launch_options.hpp"
#include "run_trace.hpp"
#include "xo/hwmodels/machine_error.hpp"

extern "C" int __real_main(int argc, char** argv);

namespace {

using namespace xo::mpi;

void print_summary(const SimulationOptions& options, const SimulationResult& result, double wall_seconds) {
  std::fprintf(stderr, "xo: %d ranks on %s: %.3f ms simulated, %llu messages, %.2f s wall\n", options.ranks,
               options.machine.c_str(), result.virtual_seconds * 1e3, static_cast<unsigned long long>(result.messages),
               wall_seconds);
  if (result.max_mailbox_peers > 0) {
    std::fprintf(stderr, "xo: mailboxes: up to %lld connections and %.1f KiB of mailbox memory per rank\n",
                 static_cast<long long>(result.max_mailbox_peers), static_cast<double>(result.max_mailbox_bytes) / 1024);
  }
  if (options.guard_pages && result.guarded_stacks < static_cast<std::size_t>(options.ranks)) {
    std::fprintf(stderr,
                 "xo: note: guard pages protected %zu of %d rank stacks (vm.max_map_count limits the mappings of "
                 "a process); the others were checked by a canary. Raise vm.max_map_count to guard them all.\n",
                 result.guarded_stacks, options.ranks);
  }
}

}  // namespace

extern "C" int __wrap_main(int argc, char** argv) {
  SimulationOptions options;
  std::unique_ptr<xo::program::RunTrace> trace;
  try {
    options = launch_options_from_environment();
    trace = xo::program::RunTrace::from_environment();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 2;
  }
  if (trace) options.observer = trace->observer();
  std::vector<std::string> args(argv, argv + argc);
  const auto start = std::chrono::steady_clock::now();
  SimulationResult result;
  try {
    result = run_simulation(options, RankMain([](int c, char** v) { return __real_main(c, v); }), args);
  } catch (const xo::hw::MachineError& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 1;
  }
  std::fflush(stdout);
  if (!result.error.empty()) std::fprintf(stderr, "xo: %s\n", result.error.c_str());
  const char* quiet = std::getenv(kEnvQuiet);
  const bool verbose = quiet == nullptr || *quiet != '1';
  if (verbose) {
    print_summary(options, result, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  if (trace) {
    try {
      const std::string written = trace->finish();
      if (verbose) std::fprintf(stderr, "xo: %s\n", written.c_str());
    } catch (const std::exception& error) {
      std::fprintf(stderr, "xo: the trace was not written: %s\n", error.what());
      return result.exit_code != 0 ? result.exit_code : 1;
    }
  }
  return result.exit_code;
}
