#pragma once
// The parts of `xo history` (command_history.cpp reads the command line and dispatches).

#include <cstdint>
#include <string>
#include <vector>

#include "xo/db/history.hpp"

namespace xo::cli {

// `xo history compare A B`: the figures of both runs side by side, the change, the regression flag.
void print_comparison(const db::History& history, std::int64_t before, std::int64_t after);
// `xo history trend FIGURE`: each series of values of the figures matching `pattern`, oldest first.
void print_trend(const db::History& history, const std::string& pattern, const std::string& machine);

// "run 3 (bench on xt3, 2024-05-01T12:00:00Z)"; throws HistoryError for an unknown id.
db::RunRecord existing_run(const db::History& history, std::int64_t id);
std::string run_title(std::int64_t id, const db::RunRecord& run);

}  // namespace xo::cli
