#pragma once
// Runs and their figures as CSV (RFC 4180: a header, CRLF line ends, fields with a comma, quote or
// line break quoted, quotes doubled; one row per run and figure) or JSON (an array of runs, each
// with its description, settings and figures; numbers exact, missing ones null). A run from a
// damaged trace says what the damage was (CSV: the last column, damage; JSON: "damage"); for a
// trusted trace that is empty (CSV) or null (JSON).

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "xo/db/figure.hpp"
#include "xo/db/run_record.hpp"

namespace xo::db {

struct ExportedRun {
  std::int64_t id = 0;
  RunRecord run;
  std::vector<Figure> figures;
};

void write_csv(std::ostream& out, const std::vector<ExportedRun>& runs);
void write_json(std::ostream& out, const std::vector<ExportedRun>& runs);

// One CSV field, quoted if it must be.
std::string csv_field(std::string_view text);
// A JSON string literal, quotes included.
std::string json_string(std::string_view text);
// The shortest text that reads back as the same double.
std::string exact_number(double value);

}  // namespace xo::db
