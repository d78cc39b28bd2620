// What a program built by `xo cc` runs instead of its main (program_entry.c calls it with the real
// main): reads the run's settings from the environment `xo run` prepared, gives each rank its own
// copy of the program unless told not to, attaches the tracer under `xo record`, and runs the ranks.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "launch_options.hpp"
#include "private_ranks.hpp"
#include "run_trace.hpp"
#include "xo/hwmodels/machine_error.hpp"

namespace {

using namespace xo::mpi;

void print_summary(const SimulationOptions& options, const SimulationResult& result, double wall_seconds) {
  std::fprintf(stderr, "xo: %d ranks on %s: %.3f ms simulated, %llu messages, %.2f s wall\n", options.ranks,
               options.machine.c_str(), result.virtual_seconds * 1e3, static_cast<unsigned long long>(result.messages),
               wall_seconds);
  if (result.max_mailbox_peers > 0) {
    std::fprintf(stderr, "xo: mailboxes: up to %lld connections and %.1f KiB of mailbox memory per rank\n",
                 static_cast<long long>(result.max_mailbox_peers),
                 static_cast<double>(result.max_mailbox_bytes) / 1024);
  }
  if (options.guard_pages && result.guarded_stacks < static_cast<std::size_t>(options.ranks)) {
    std::fprintf(stderr,
                 "xo: note: guard pages protected %zu of %d rank stacks (vm.max_map_count limits the mappings of "
                 "a process); the others were checked by a canary. Raise vm.max_map_count to guard them all.\n",
                 result.guarded_stacks, options.ranks);
  }
}

}  // namespace

extern "C" int xo_program_run(int argc, char** argv, int (*program_main)(int, char**)) {
  SimulationOptions options;
  bool privatize = true;
  std::unique_ptr<xo::program::RunTrace> trace;
  try {
    options = launch_options_from_environment();
    options.catch_stop_signals = true;  // Ctrl-C stops the run with where each rank was, and keeps the trace
    privatize = privatize_from_environment();
    trace = xo::program::RunTrace::from_environment();
  } catch (const std::exception& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 2;
  }
  const char* quiet = std::getenv(kEnvQuiet);
  const bool verbose = quiet == nullptr || *quiet != '1';
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<xo::program::PrivateRanks> private_ranks;
  RankMainOf mains = [program_main](int) { return RankMain(program_main); };
  if (privatize && options.ranks > 1) {
    try {
      private_ranks = std::make_unique<xo::program::PrivateRanks>(options.ranks, program_main, !verbose);
    } catch (const xo::program::PrivatizationError& error) {
      std::fprintf(stderr, "xo: %s\n", error.what());
      return 2;
    }
    mains = private_ranks->mains();
    options.switch_listener = private_ranks.get();
  }
  if (trace) options.observer = trace->observer();
  std::vector<std::string> args(argv, argv + argc);
  SimulationResult result;
  try {
    result = run_simulation(options, mains, args);
  } catch (const xo::hw::MachineError& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 1;
  }
  std::fflush(stdout);
  if (!result.error.empty()) std::fprintf(stderr, "xo: %s\n", result.error.c_str());
  if (verbose) {
    print_summary(options, result, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  if (trace) {
    try {
      const std::string written = trace->finish();
      if (verbose) std::fprintf(stderr, "xo: %s\n", written.c_str());
    } catch (const std::exception& error) {
      std::fprintf(stderr, "xo: %s\n", error.what());  // which file was not written, and why
      return result.exit_code != 0 ? result.exit_code : 1;
    }
  }
  return result.exit_code;
}
