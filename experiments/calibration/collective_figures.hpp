#pragma once
// Comparisons of the seeds' collective figures: times (X1, Power4, SX-6 and AP1000 barriers, the
// AP1000 xy allreduce and broadcast), the AP1000's crossovers found by sweeping its knobs (barrier
// branching factor, xy vector length, small-group B-net threshold) and its figure shapes (Bcast
// flat in group size, concurrent broadcasts interfering).

#include "xo/calibration/calibrator.hpp"
#include "xo/calibration/experiments.hpp"

namespace xo::calibration {

// Fills `c` and returns true if `c.figure` is a collective figure; false leaves `c` untouched.
bool compare_collective_figure(const MachineSetup& setup, Comparison& c);

}  // namespace xo::calibration
