#pragma once
// How the calibration experiments start a simulated job: the setup's machine, parameters and
// environment, no compute time (only communication is measured), and a failed run as an error.

#include <stdexcept>

#include "xo/calibration/experiments.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace xo::calibration {

inline xo::mpi::SimulationOptions options_for(const MachineSetup& setup, int ranks) {
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = setup.machine;
  options.params = setup.params;
  options.compute = xo::mpi::ComputeMode::None;
  options.env_lookup = hw::lookup_in(setup.env);
  return options;
}

inline void check(const xo::mpi::SimulationResult& result) {
  if (result.exit_code != 0) throw std::runtime_error("calibration run failed: " + result.error);
}

}  // namespace xo::calibration
