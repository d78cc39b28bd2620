#pragma once
// xo report on a run's profile (xo record --profile, or the profile.xop beside a trace): the
// sections a profile can fill, and a first line saying what it cannot (everything that needs
// events). Text and Markdown through a ReportDocument; JSON (docs/report-schema.md, "Profiles").

#include <cstdio>
#include <string>

#include "report_document.hpp"

namespace xo::cli {

// Reads and reports the profile; throws TraceReadError if it cannot be read.
void report_profile(const std::string& file, const std::string& title, ReportFormat format, std::size_t top,
                    std::FILE* out);

}  // namespace xo::cli
