#pragma once
// Where each of a machine's switch points should be, from measurements of both sides: a robust
// line of time against size for the `below` protocol (or algorithm) and one for `above`, each
// fitted on the samples that side served, and their crossing within the sizes both were measured
// at, moved to where the measured medians themselves change winner when they do (a side whose time
// bends, as a collective's does once its messages contend for links, is not a line). The best
// setting follows from which side is faster before the crossing; when one side is
// faster throughout, the best setting is the end of the measured range that gives it every size (or
// the machine's own setting, where that already does).
// Nothing here knows a machine's published numbers: move a model parameter and the fits move.

#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/fit/crossover.hpp"
#include "xo/analyzer/fit/robust_fit.hpp"
#include "xo/hwmodels/machine.hpp"

namespace xo::analyzer {

struct SideFit {
  std::string name;  // protocol or algorithm
  std::size_t samples = 0;
  double first_x = 0, last_x = 0;      // the sizes it was measured at
  std::optional<fit::RobustFit> line;  // seconds against size; none with fewer than 3 samples or 2 sizes
};

struct SwitchCrossover {
  hw::SwitchPoint point;
  std::int64_t setting = 0;  // the variable's value in effect (Machine::env_in_effect)
  int ranks = 0;             // the communicator size measured, for collective switches in bytes or elements

  // "point-to-point", "MPI_Reduce", or "MPI_Reduce on 16 ranks".
  std::string where() const;
  SideFit below, above;
  double lo = 0, hi = 0;  // sizes both sides were measured at
  std::optional<fit::LineCrossover> crossing;
  // The measured medians change winner away from where the lines cross (a side's time bends), and
  // the crossing is theirs: its band is then the two measured sizes it lies between.
  bool crossing_from_medians = false;
  // The value the variable should have, in its unit; none when the data cannot say (a side not
  // measured, no common sizes, or `below` faster only on the large side).
  std::optional<double> best;
  // One side was faster at every size measured, so `best` is the end of the measured range that
  // puts them all on it: a bound (at least, or at most, this), not a crossing.
  bool best_is_bound = false;
  std::string finding;  // one line for a report

  // Whether moving the variable from the setting to `best` moves any size in [lo, hi] to the
  // other side: a change the measurements speak for.
  bool best_changes_measured_sizes() const;
};

// A size in a switch point's unit as people read it: "1.19 KiB", "2 KiB per rank", "25 elements",
// "9 ranks"; and a range of them.
std::string switch_size_text(hw::SwitchUnit unit, double size);
std::string switch_size_range_text(hw::SwitchUnit unit, double smallest, double largest);

// The axis the sides' lines are fitted on: the size, or log2 of a group size (trees take a step
// per doubling of the group; a hardware broadcast's flat time is a line either way).
double switch_axis(hw::SwitchUnit unit, double size);

std::vector<SwitchCrossover> find_switch_crossovers(const hw::Machine& machine,
                                                    const std::vector<ProtocolSamples>& messages,
                                                    const std::vector<CollectiveSample>& collectives);

}  // namespace xo::analyzer
