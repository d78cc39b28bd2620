#pragma once
// What a run's profile (xo record --profile; xo/tracer/run_profile.hpp) says, summed over the
// ranks for xo report: time in MPI by call, by protocol path and by collective algorithm, message
// sizes, the busiest pairs of ranks, and how the MPI time spreads over the ranks. What needs
// events (wait states, fits, root causes, timelines) a profile does not have.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/run_description.hpp"
#include "xo/tracer/run_profile.hpp"

namespace xo::analyzer {

struct ProfileSummary {
  std::optional<CrossoverRun> run;
  // by_call and (collective algorithms) by_protocol, as a trace's MpiProfile has them; run_seconds
  // is the run's end. by_call_site is empty: a profile keeps no call sites.
  MpiProfile profile;
  struct PathTime {
    std::string path;  // the machine's protocol path ("vshort", "long-pull")
    std::uint64_t phases = 0;
    std::uint64_t bytes = 0;
    double seconds = 0;  // the network interfaces' busy time in its phases, summed over ranks
  };
  std::vector<PathTime> by_path;  // largest first
  struct SizeBin {
    std::uint64_t smallest = 0, largest = 0;  // bytes
    std::uint64_t messages = 0, bytes = 0;    // sent
  };
  std::vector<SizeBin> sizes;  // by size
  struct Pair {
    int rank = 0;
    int peer = -1;                          // -1: the rank's peers beyond the ones counted one by one
    std::uint64_t messages = 0, bytes = 0;  // rank to peer
  };
  std::vector<Pair> busiest;                // most bytes first
  std::vector<double> mpi_seconds_of_rank;  // by world rank
  // MPI time per rank: the least, the median and the most, with the ranks of the extremes.
  double least_mpi_seconds = 0, median_mpi_seconds = 0, most_mpi_seconds = 0;
  int least_rank = 0, most_rank = 0;
};

ProfileSummary summarize_profile(const tracer::RunProfile& profile, std::size_t most_pairs);

}  // namespace xo::analyzer
