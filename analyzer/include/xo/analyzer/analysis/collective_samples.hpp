#pragma once
// One sample per collective instance: the call, the algorithm the machine chose, its size in each
// unit a switch point may count (hw::SwitchUnit) and its time: the slowest member's time in the
// call, as the seeds' collective benchmarks time each call on every rank (seed 001 section 9). In
// `xo bench`'s runs the members start each size together, so little of it is arrival skew.
// Nonblocking collectives (MPI_Ibcast ...) give no samples: the time from their start to their
// completion is the program's overlap as much as the algorithm's (the MPI profile counts them).

#include <string>
#include <vector>

#include "xo/analyzer/trace_model.hpp"
#include "xo/hwmodels/switch_point.hpp"

namespace xo::analyzer {

struct CollectiveSample {
  std::string call;           // "MPI_Allreduce"
  std::string algorithm;      // "recursive_doubling"; "(unknown)" without the attribute
  double bytes_per_rank = 0;  // one rank's block: its send buffer, divided among the members for all-to-all
  double elements = 0;        // bytes_per_rank / 4: Crossover's benchmarks reduce ints
  int ranks = 0;              // members
  double seconds = 0;
  int branching = 0;  // XO_COLL_BRANCHING of the run, 0 when the trace does not say
  // False for the calls `xo bench`'s collective program makes only to line the ranks up (a barrier
  // before each size of another call's sweep); true for everything in other traces.
  bool measured = true;

  // Its size in the unit a switch point counts.
  double size(hw::SwitchUnit unit) const {
    switch (unit) {
      case hw::SwitchUnit::Elements: return elements;
      case hw::SwitchUnit::Ranks: return ranks;
      default: return bytes_per_rank;
    }
  }
};

void add_collective_samples(const TraceModel& model, std::vector<CollectiveSample>& samples);

}  // namespace xo::analyzer
