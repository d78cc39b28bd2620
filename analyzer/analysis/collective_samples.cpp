#include "xo/analyzer/analysis/collective_samples.hpp"

#include <algorithm>
#include <cstdlib>

#include "xo/analyzer/analysis/bench_trace.hpp"
#include "xo/tracer/bench_tags.hpp"

namespace xo::analyzer {

namespace {

int branching_of(const TraceModel& m) {
  if (!m.run.crossover) return 0;
  for (const Setting& s : m.run.crossover->environment) {
    if (s.name == "XO_COLL_BRANCHING") return std::atoi(s.value.c_str());
  }
  return 0;
}

// The call `xo bench`'s collective program sweeps ("collective MPI_Bcast ranks ..."), or empty for
// any other program.
std::string swept_call(const TraceModel& m) {
  const std::string_view args = bench_program_args(m);
  const std::string prefix = std::string(tracer::bench::kCollectiveProgram) + " ";
  if (args.substr(0, prefix.size()) != prefix) return {};
  const std::size_t end = args.find(' ', prefix.size());
  return std::string(args.substr(prefix.size(), end == std::string::npos ? std::string::npos : end - prefix.size()));
}

bool divides_among_members(OTF2_CollectiveOp op) {
  return op == OTF2_COLLECTIVE_OP_ALLTOALL || op == OTF2_COLLECTIVE_OP_ALLTOALLV || op == OTF2_COLLECTIVE_OP_ALLTOALLW;
}

}  // namespace

void add_collective_samples(const TraceModel& m, std::vector<CollectiveSample>& samples) {
  const CollectiveTable& c = m.collectives;
  const int branching = branching_of(m);
  const std::string swept = swept_call(m);
  for (Index i = 0; i < c.size(); ++i) {
    const Index first = c.first_member[i];
    const Index last = first + c.member_count[i];
    // A nonblocking instance's time holds the program's overlap, not the algorithm's cost alone;
    // the bench's line-up calls are not measurements.
    if (c.member_count[i] == 0 || c.call[first] == kNoIndex || c.nonblocking[i]) continue;
    if (c.communicator[i] != kNoIndex && m.communicators.name[c.communicator[i]] == tracer::bench::kLineUpCommunicator)
      continue;
    double slowest = 0, bytes = 0;
    for (Index k = first; k < last; ++k) {
      const Index call = c.call[k];
      if (call == kNoIndex) continue;
      slowest = std::max(slowest, m.calls.leave[call] - m.calls.enter[call]);
      bytes = std::max(bytes, static_cast<double>(c.bytes_sent[k]));
    }
    if (divides_among_members(c.operation[i])) bytes /= c.member_count[i];
    const std::string_view algorithm = m.strings.at(c.algorithm[i]);
    const std::string& call = m.regions.name[m.calls.region[c.call[first]]];
    samples.push_back({call, algorithm.empty() ? "(unknown)" : std::string(algorithm), bytes, bytes / 4,
                       static_cast<int>(c.member_count[i]), slowest, branching, swept.empty() || swept == call});
  }
}

}  // namespace xo::analyzer
