#pragma once
// The CROSSOVER::... archive properties (docs/trace_format.md) decoded into a CrossoverRun;
// nothing when the archive has none of them (a foreign trace). Settings get back their real names
// through setting_name_of_property; a number that does not parse leaves its field empty (the raw
// value stays in RunDescription::properties).

#include <map>
#include <optional>
#include <string>

#include "xo/analyzer/run_description.hpp"

namespace xo::analyzer {

std::optional<CrossoverRun> decode_crossover_run(const std::map<std::string, std::string>& properties);

}  // namespace xo::analyzer
