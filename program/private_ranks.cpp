#include "private_ranks.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>

namespace xo::program {

PrivateRanks::PrivateRanks(int ranks, ProgramMain program_main, bool quiet)
    : mains_(static_cast<std::size_t>(ranks)), libc_(static_cast<std::size_t>(ranks)) {
  for (xo_rank_libc& state : libc_) xo_rank_libc_init(&state);
  mains_[0] = program_main;
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  bool first_report = true;
  for (int rank = 1; rank < ranks; ++rank) {
    xo_rank_libc& state = libc_[static_cast<std::size_t>(rank)];
    const ProgramCopies::Copy copy = copies_.load(rank, [&] { xo_rank_libc_set_current(&state); });
    xo_rank_libc_set_current(nullptr);
    mains_[static_cast<std::size_t>(rank)] = copy.main;
    state.copied_optind = copy.getopt.optind;
    state.copied_opterr = copy.getopt.opterr;
    state.copied_optopt = copy.getopt.optopt;
    state.copied_optarg = copy.getopt.optarg;
    if (rank == 1) {
      check_mapping_budget(ranks);
      if (copies_.shares_thread_locals() && !quiet) {
        std::fprintf(stderr,
                     "xo: note: %s was linked as a PIE by another compiler driver, so its ranks share its "
                     "thread-local variables; link it with mpicc or xo cc to give each rank its own\n",
                     copies_.path().c_str());
      }
    }
    const auto now = std::chrono::steady_clock::now();
    if (!quiet && now - last_report > std::chrono::seconds(2)) {
      // Slow loading is glibc's: say once why the copies are not clones (copy_cloning.hpp).
      const std::string why =
          first_report && !copies_.why_not_cloned().empty()
              ? " (each loaded by glibc, which takes longer the more are loaded: " + copies_.why_not_cloned() + ")"
              : "";
      std::fprintf(stderr, "xo: loading a private copy of the program for each rank: %d of %d%s\n", rank + 1, ranks,
                   why.c_str());
      last_report = now;
      first_report = false;
    }
  }
}

PrivateRanks::~PrivateRanks() = default;

mpi::RankMainOf PrivateRanks::mains() {
  return [this](int rank) -> mpi::RankMain {
    ProgramMain main = mains_[static_cast<std::size_t>(rank)];
    return main;
  };
}

// Only what a rank of a real job has to itself moves here; the rest of its state is in its copy.
void PrivateRanks::rank_resumed(int rank) {
  xo_rank_libc& s = libc_[static_cast<std::size_t>(rank)];
  if (!s.started) {
    // glibc keeps where it is inside argv in hidden variables; optind = 0 makes getopt start over,
    // as it would in a new process (a dummy argv, so it returns at once).
    s.started = 1;
    char name[] = "xo";
    char* dummy[] = {name, nullptr};
    optind = 0;
    opterr = 0;
    getopt(1, dummy, "");
  }
  optind = s.optind;
  opterr = s.opterr;
  optopt = s.optopt;
  optarg = s.optarg;
  errno = s.saved_errno;
  xo_rank_libc_set_current(&s);
}

void PrivateRanks::rank_suspended(int rank) {
  xo_rank_libc& s = libc_[static_cast<std::size_t>(rank)];
  s.optind = optind;
  s.opterr = opterr;
  s.optopt = optopt;
  s.optarg = optarg;
  s.saved_errno = errno;
  xo_rank_libc_set_current(nullptr);
}

// Each copy takes a few kernel memory mappings, and vm.max_map_count caps them per process; a run
// that would pass the cap fails here, before the program starts, rather than halfway through.
void PrivateRanks::check_mapping_budget(int ranks) const {
  std::size_t max_maps = 65530;
  std::ifstream("/proc/sys/vm/max_map_count") >> max_maps;
  const std::size_t needed = copies_.mappings_per_copy() * static_cast<std::size_t>(ranks) + 4096;
  if (needed <= max_maps) return;
  throw PrivatizationError("giving each of " + std::to_string(ranks) +
                           " ranks its own copy of the program takes about " + std::to_string(needed) +
                           " memory mappings (" + std::to_string(copies_.mappings_per_copy()) +
                           " per copy), but vm.max_map_count allows " + std::to_string(max_maps) +
                           " per process; raise it (as root: sysctl -w vm.max_map_count=" + std::to_string(2 * needed) +
                           ") or run with --privatize=off to let the ranks share the program's globals");
}

}  // namespace xo::program

extern "C" int xo_exit_rank(int code) {
  const int rank = xo::mpi::current_rank();
  if (rank < 0) return 0;
  xo::mpi::exit_current_rank(code);
}
