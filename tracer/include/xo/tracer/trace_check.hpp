#pragma once
// The trace checker: holds an OTF2 3.x archive (ours or anyone's, e.g. Score-P's) to what OTF2 and
// MPI promise beyond what `otf2-print -Werror` verifies: every definition reference resolves,
// regions nest, requests pair, every message is received exactly once with the length it was
// sent with, and the members of a communicator agree on its collective operations.
//
// Problems name the location (`location 3 "rank 3"`), the event's position in that location's
// stream (from 1, as OTF2 counts event positions) and its timestamp in clock ticks.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace xo::tracer {

struct TraceProblem {
  std::string what;  // one line
};

struct TraceCheckReport {
  std::vector<TraceProblem> problems;       // the first ones found, up to the cap given to check_trace
  std::uint64_t problems_not_recorded = 0;  // found beyond the cap
  std::uint64_t events = 0;                 // events read, of every kind
  std::uint64_t locations = 0;              // locations defined
  std::uint64_t messages_matched = 0;       // point-to-point sends paired with their receive

  bool ok() const { return problems.empty() && problems_not_recorded == 0; }
};

inline constexpr std::size_t kDefaultProblemCap = 100;

// Checks the archive whose anchor file (`.../traces.otf2`) is given. Throws TraceReadError (a
// std::runtime_error), one line naming the file and the fix, if it cannot be read at all (missing,
// not an anchor file, truncated, corrupt): the archive is opened and its files refused as the trace
// model's reader does (otf2_trace_file.hpp). Everything else it finds wrong is a problem in the
// report. Not to be called concurrently with other OTF2 use in the process: it swaps OTF2's
// process-wide error handler while it runs, to keep OTF2's messages out of stderr and in the
// exception.
TraceCheckReport check_trace(const std::string& anchor_path, std::size_t max_problems = kDefaultProblemCap);

// The report as text for a user: a summary line, then one line per problem.
std::string describe(const TraceCheckReport& report);

}  // namespace xo::tracer
