#pragma once
// The description of a run an observer gets first: the machine, every resolved parameter and
// environment setting, the rank layout and the program's arguments.

#include <string>
#include <vector>

#include "xo/hwmodels/machine.hpp"
#include "xo/reference_mpi/run_observer.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace xo::mpi {

RunInfo describe_run(const SimulationOptions& options, const hw::Machine& machine,
                     const std::vector<std::string>& args);

}  // namespace xo::mpi
