#include "xo/db/run_record.hpp"

#include <ctime>

#include "enum_names.hpp"

namespace xo::db {

const char* run_kind_name(RunKind kind) {
  switch (kind) {
    case RunKind::Bench: return "bench";
    case RunKind::Report: return "report";
    case RunKind::Verify: return "verify";
  }
  return "bench";
}

std::optional<RunKind> parse_run_kind(std::string_view text) {
  return enum_named(text, {RunKind::Bench, RunKind::Report, RunKind::Verify}, run_kind_name);
}

std::string utc_now_iso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace xo::db
