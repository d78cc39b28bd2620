#include "xo/tracer/trace_check.hpp"

#include "communicator_map.hpp"
#include "definition_checks.hpp"
#include "event_callbacks.hpp"
#include "event_checker.hpp"
#include "merged_events.hpp"
#include "problem_log.hpp"
#include "xo/tracer/definition_reader.hpp"

namespace xo::tracer {

TraceCheckReport check_trace(const std::string& anchor_path, std::size_t max_problems) {
  Otf2TraceFile file(anchor_path);
  ProblemLog log(max_problems);
  const Definitions defs = read_definitions(file, [&](const char* kind, std::uint64_t ref) {
    log.add([&] { return std::string(kind) + " " + std::to_string(ref) + " is defined twice; the first is used"; });
  });
  check_definitions(defs, log);
  const CommunicatorMap comms(defs);

  EventChecker checker(defs, comms, log);
  std::vector<OTF2_LocationRef> locations;  // those with events to read
  locations.reserve(defs.locations.size());
  for (const auto& l : defs.locations) {
    if (!l.untraced) locations.push_back(l.ref);
  }
  read_merged_events(file, locations, event_checker_callbacks().get(), &checker);
  checker.finish();

  TraceCheckReport report;
  report.problems = log.take_kept();
  report.problems_not_recorded = log.not_kept();
  report.events = checker.events();
  report.locations = locations.size();
  report.messages_matched = checker.messages_matched();
  return report;
}

namespace {

std::string counted(std::uint64_t n, const char* thing) {
  return std::to_string(n) + " " + thing + (n == 1 ? "" : "s");
}

}  // namespace

std::string describe(const TraceCheckReport& report) {
  const std::uint64_t problems = report.problems.size() + report.problems_not_recorded;
  std::string text = counted(report.events, "event") + " on " + counted(report.locations, "location") + ", " +
                     counted(report.messages_matched, "message") + " matched: ";
  if (problems == 0) return text + "no problems\n";
  text += counted(problems, "problem") + "\n";
  for (const TraceProblem& p : report.problems) text += "  " + p.what + "\n";
  if (report.problems_not_recorded != 0) {
    text += "  ... and " + std::to_string(report.problems_not_recorded) + " more not shown\n";
  }
  return text;
}

}  // namespace xo::tracer
