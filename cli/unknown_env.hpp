#pragma once
// -e settings that no one would read: a variable the machine's MPI does not read is refused,
// naming the nearest ones it does (a typo would otherwise run with the default and exit 0).

#include <map>
#include <string>

#include "xo/hwmodels/machine.hpp"

namespace xo::cli {

// Throws UsageError for the first -e variable `machine` does not read. `program_runs`: the
// settings also reach a program, which may read variables of its own; the message then names
// --allow-unknown-env.
void refuse_unknown_env(const hw::Machine& machine, const std::string& machine_name,
                        const std::map<std::string, std::string>& environment, bool program_runs);

}  // namespace xo::cli
