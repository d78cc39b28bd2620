#include "xo/analyzer/report/run_report.hpp"

#include <algorithm>

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

bool CandidateSimulation::is_chosen(std::size_t recommendation) const {
  return std::find(chosen.begin(), chosen.end(), recommendation) != chosen.end();
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
  r.run.traced_ranks = trace.traced_ranks();
  r.run.ends_outside_trace = trace.problems.ends_outside_trace;
  r.run.creator = trace.run.creator;
  r.run.crossover = trace.run.crossover;
  if (r.run.crossover && r.run.crossover->machine.empty()) {
    if (const hw::RealMpi* library = hw::real_mpi_for(r.run.crossover->machine_description)) {
      LibrarySettings& l = r.run.library.emplace(LibrarySettings{library->name, library->source, {}});
      for (const hw::RealMpiKnob& k : library->knobs) {
        LibrarySettings::Setting s{k, k.default_value, false};
        for (const Setting& e : r.run.crossover->environment) {
          if (e.name == k.variable) s.value = e.value, s.set = true;
        }
        l.settings.push_back(std::move(s));
      }
    }
  }
  r.run.problems = trace.problems.total();
  if (!trace.problems.examples.empty()) r.run.first_problem = trace.problems.examples.front();
  r.run.damage = trace.problems.damage();
  r.run.first_damage = trace.problems.first_damage;
  r.profile = profile_mpi(trace);
  r.rma =
      profile_rma(r.profile, r.run.crossover ? r.run.crossover->machine : std::string(), find_rma_wait_states(trace));
  r.fits = fit_run(samples.messages);
  const WaitStateTable waits = find_wait_states(trace);
  r.balance = find_compute_imbalance(trace, waits);
  for (const WaitTotal& t : total_wait_states(waits)) {
    const std::string_view protocol = trace.strings.at(t.protocol);
    r.waits.push_back(
        {wait_kind_name(t.kind), protocol.empty() ? "(unknown)" : std::string(protocol), t.count, t.seconds});
  }
  return r;
}

std::optional<ImbalanceVerdict> imbalance_verdict(const RunReport& r) {
  constexpr double kDominantShare = 0.25;   // of MPI time, waiting for one rank
  constexpr double kHelpfulFraction = 0.1;  // of that waiting, saved by the recommendations
  const RankBalance* rank = r.balance.root_cause();
  const double mpi = r.profile.mpi_seconds;
  if (rank == nullptr || !(mpi > 0) || rank->root_seconds < kDominantShare * mpi) return std::nullopt;
  ImbalanceVerdict v;
  v.rank = rank->rank;
  v.waiting_seconds = rank->root_seconds;
  v.percent_of_mpi = 100 * rank->root_seconds / mpi;
  const double mean = r.balance.mean_compute_seconds;
  v.compute_above_mean = mean > 0 ? rank->compute_seconds / mean - 1 : 0;
  double saving = 0;
  for (const Recommendation& rec : r.recommendations) {
    saving += rec.required || !rec.alternative_to.empty() ? 0 : rec.predicted_seconds;
  }
  const bool needed = std::any_of(r.recommendations.begin(), r.recommendations.end(),
                                  [](const Recommendation& rec) { return rec.required; });
  v.no_setting_helps = !needed && saving < kHelpfulFraction * v.waiting_seconds;
  return v;
}

}  // namespace xo::analyzer::report
