#pragma once
// A RunReport for people: sections of lines and tables (rendered as text or Markdown), with sizes
// in binary units, times in SI units and shares with one decimal. docs/report.md explains each
// term; the JSON (report_json.hpp) carries the numbers themselves.

#include <cstddef>
#include <string>

#include "report_document.hpp"
#include "xo/analyzer/report/run_report.hpp"

namespace xo::cli {

ReportDocument report_document(const analyzer::report::RunReport& report, const std::string& title, std::size_t top);

// The sections a trace's report and a profile's (report_profile.hpp) share.
ReportSection calls_section(const analyzer::MpiProfile& p, std::size_t top);
ReportSection protocols_section(const analyzer::MpiProfile& p, std::size_t top);

}  // namespace xo::cli
