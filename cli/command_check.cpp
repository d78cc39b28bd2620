// xo check TRACE: the trace checker (tracer/check, docs/trace_check.md) on an archive: what OTF2
// and MPI promise beyond what otf2-print -Werror verifies, for Crossover's archives and any other
// writer's (Score-P's). Exit status 0 for no problems, 1 for problems, 2 when the archive cannot
// be read at all or the command line is wrong.

#include <cstdio>
#include <stdexcept>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "trace_directory.hpp"
#include "xo/tracer/trace_check.hpp"

namespace xo::cli {

int command_check(const std::vector<std::string>& args) {
  ArgumentReader reader("check", args);
  std::vector<std::string> traces;
  long max_problems = static_cast<long>(tracer::kDefaultProblemCap);
  while (!reader.done()) {
    if (reader.take_separator()) {
      for (const std::string& rest : reader.rest()) traces.push_back(rest);
      break;
    }
    if (!reader.at_option()) {
      traces.push_back(reader.take_operand());
      continue;
    }
    if (reader.option_name() == "--max-problems") {
      max_problems = reader.take_whole_number(1, 1000000, "--max-problems");
    } else {
      reader.unknown_option();
    }
  }
  if (traces.size() != 1)
    throw UsageError("give one trace: xo check TRACE (a directory from xo record, or its traces.otf2)");
  const std::string anchor = trace_anchor(traces[0]);
  tracer::TraceCheckReport report;
  try {
    report = tracer::check_trace(anchor, static_cast<std::size_t>(max_problems));
  } catch (const std::runtime_error& unreadable) {
    std::fprintf(stderr, "xo check: %s\n", unreadable.what());
    return 2;
  }
  std::printf("%s: %s", anchor.c_str(), tracer::describe(report).c_str());
  return report.ok() ? 0 : 1;
}

}  // namespace xo::cli
