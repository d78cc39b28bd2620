#include "xo/analyzer/report/run_report.hpp"

#include "xo/analyzer/analysis/wait_states.hpp"

namespace xo::analyzer::report {

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::ModelConsistency: return "model_consistency";
    case Verdict::Faster: return "faster";
    case Verdict::Slower: return "slower";
    case Verdict::WithinNoise: return "within_noise";
    case Verdict::TooFewRuns: return "too_few_runs";
    case Verdict::NowCompletes: return "now_completes";
  }
  return "?";
}

double VerificationResult::median(const std::vector<double>& sorted) {
  if (sorted.empty()) return 0;
  const std::size_t n = sorted.size();
  return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

RunReport describe_trace(const TraceModel& trace, const std::string& anchor, const RunSamples& samples) {
  RunReport r;
  r.run.anchor = anchor;
  r.run.events = trace.events;
  r.run.ranks = static_cast<int>(trace.ranks());
  r.run.creator = trace.run.creator;
  r.run.crossover = trace.run.crossover;
  r.run.problems = trace.problems.total();
  if (!trace.problems.examples.empty()) r.run.first_problem = trace.problems.examples.front();
  r.profile = profile_mpi(trace);
  r.fits = fit_run(samples.messages);
  for (const WaitTotal& t : total_wait_states(find_wait_states(trace))) {
    const std::string_view protocol = trace.strings.at(t.protocol);
    r.waits.push_back({wait_kind_name(t.kind), protocol.empty() ? "(unknown)" : std::string(protocol), t.count, t.seconds});
  }
  return r;
}

}  // namespace xo::analyzer::report
