#pragma once
// A machine set up for one job, as a run sees it: the job size, parameter overrides and the
// environment its MPI reads, checked as that MPI checked them at MPI_Init. Every place that needs
// a machine as a run would have it (the simulation, the front end's checks, the analyzer's
// benches) sets it up here, in the same order.

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

// Where a machine's MPI reads its environment variables: getenv in a real run.
using EnvLookup = std::function<const char*(const char*)>;

// A lookup in `settings` (which must outlive it): names not in it read as unset.
EnvLookup lookup_in(const std::map<std::string, std::string>& settings);

// The built-in machine `name` for a job of `ranks`, with `params` ("key=value") applied and its
// environment read through `lookup`. Throws MachineError for an unknown machine or parameter, a
// bad value, or settings the machine's MPI refused.
std::unique_ptr<Machine> configured_machine(std::string_view name, int ranks, const std::vector<std::string>& params,
                                            const EnvLookup& lookup);

// A machine like `machine` (same job size, parameters and settings) with `overrides` applied to
// its environment, checked as configured_machine checks: what a change of setting would give.
std::unique_ptr<Machine> configured_like(const Machine& machine, const std::map<std::string, std::string>& overrides);

}  // namespace xo::hw
