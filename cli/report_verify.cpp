#include "report_verify.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "progress_line.hpp"
#include "rerecord.hpp"
#include "scratch_directory.hpp"

namespace xo::cli {

namespace {

using analyzer::MpiProfile;
using analyzer::report::Verdict;

constexpr double kSignificance = 0.05;

std::vector<double> sorted_mpi_seconds(const std::vector<MpiProfile>& runs) {
  std::vector<double> v;
  for (const MpiProfile& p : runs) v.push_back(p.mpi_seconds);
  std::sort(v.begin(), v.end());
  return v;
}

// The recording whose MPI time is the (upper) median.
const MpiProfile& median_run(const std::vector<MpiProfile>& runs) {
  const double target = sorted_mpi_seconds(runs)[runs.size() / 2];
  return *std::find_if(runs.begin(), runs.end(), [&](const MpiProfile& p) { return p.mpi_seconds == target; });
}

Verdict judge(const std::vector<double>& before, const std::vector<double>& after, double p) {
  const bool faster = after.back() < before.front(), slower = after.front() > before.back();
  if (!faster && !slower) return Verdict::WithinNoise;
  if (p >= kSignificance) return Verdict::TooFewRuns;
  return faster ? Verdict::Faster : Verdict::Slower;
}

}  // namespace

double separation_p_value(int runs_per_side) {
  double choose = 1;  // C(2n, n)
  for (int k = 1; k <= runs_per_side; ++k) choose = choose * (runs_per_side + k) / k;
  return std::min(1.0, 2 / choose);
}

std::optional<Verification> verify_recommendations(const analyzer::TraceModel& trace, const RecordedRun& recorded,
                                                   const std::vector<analyzer::Recommendation>& recs,
                                                   const MpiProfile& before, int runs) {
  if (recs.empty()) return std::nullopt;
  const analyzer::CrossoverRun& run = *trace.run.crossover;
  std::map<std::string, std::string> changed = recorded.environment;
  for (const auto& r : recs) changed[r.variable] = r.value;
  const bool deterministic = run.compute_mode == "none";
  const int repeats = deterministic ? 1 : std::max(1, runs);
  const ScratchDirectory scratch("report-verify");
  ProgressLine progress;
  std::vector<MpiProfile> without, with;
  const int recordings = deterministic ? 1 : 2 * repeats;
  for (int i = 0; i < recordings; ++i) {
    const bool with_settings = deterministic || i % 2 == 1;  // interleaved, so drift in the host's load hits both
    progress.show(std::string("verifying: recording the run ") + (with_settings ? "with" : "without") + " the settings",
                  static_cast<std::size_t>(i), static_cast<std::size_t>(recordings));
    (with_settings ? with : without)
        .push_back(rerecord(run, recorded, with_settings ? changed : recorded.environment, run.compute_mode,
                            scratch.path(), "--verify"));
  }
  progress.show("verifying: done", static_cast<std::size_t>(recordings), static_cast<std::size_t>(recordings));
  if (deterministic) without.push_back(before);

  Verification v{{}, median_run(with)};
  analyzer::report::VerificationResult& r = v.result;
  for (const auto& rec : recs) {
    r.settings.push_back(rec.export_line());
    r.predicted_seconds += rec.predicted_seconds;
  }
  r.compute_mode = run.compute_mode;
  r.runs_per_side = repeats;
  r.mpi_seconds_before = sorted_mpi_seconds(without);
  r.mpi_seconds_after = sorted_mpi_seconds(with);
  r.run_seconds_before = median_run(without).run_seconds;
  r.run_seconds_after = v.measured.run_seconds;
  if (run.exit_code.value_or(0) != 0) {  // every recording finished this time: rerecord throws otherwise
    r.failed_exit_code = run.exit_code;
    r.run_seconds_before = before.run_seconds;
    r.verdict = Verdict::NowCompletes;
  } else if (deterministic) {
    r.verdict = Verdict::ModelConsistency;
  } else {
    r.p_value = separation_p_value(repeats);
    r.verdict = judge(r.mpi_seconds_before, r.mpi_seconds_after, r.p_value);
  }
  return v;
}

}  // namespace xo::cli
