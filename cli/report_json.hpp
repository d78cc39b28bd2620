#pragma once
// A RunReport as JSON for programs (and the GUI): the schema of docs/report-schema.md, versioned,
// numbers as numbers, units in the field names (or a "unit" field where a value's unit varies).

#include <cstdio>

#include "xo/analyzer/report/run_report.hpp"

namespace xo::cli {

void write_report_json(const analyzer::report::RunReport& report, std::FILE* out);

}  // namespace xo::cli
