#include "report_verify.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include "progress_line.hpp"
#include "record_job.hpp"
#include "rerecord.hpp"
#include "scoped_variable.hpp"
#include "scratch_directory.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/read_trace.hpp"

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
  const bool faster = after.back()<before.front(), slower = after.front()> before.back();
  if (!faster && !slower) return Verdict::WithinNoise;
  if (p >= kSignificance) return Verdict::TooFewRuns;
  return faster ? Verdict::Faster : Verdict::Slower;
}

// A real job's MPI time without MPI_Init and MPI_Finalize: the library's start-up and tear-down take
// tenths of a second that vary from run to run and that no setting here changes.
MpiProfile without_start_and_end(MpiProfile p) {
  for (const analyzer::CallTime& c : p.by_call) {
    if (c.call == "MPI_Init" || c.call == "MPI_Init_thread" || c.call == "MPI_Finalize") p.mpi_seconds -= c.seconds;
  }
  return p;
}

// Records both sides `runs` times, interleaved (or, for a deterministic run, only the side with the
// settings, once), and judges the change. `record(with_settings)` makes one recording.
Verification verify_by_recording(const analyzer::CrossoverRun& run, const std::vector<analyzer::Recommendation>& recs,
                                 const MpiProfile& before, bool deterministic, int runs,
                                 const std::function<MpiProfile(bool with_settings)>& record) {
  const int repeats = deterministic ? 1 : std::max(1, runs);
  ProgressLine progress;
  std::vector<MpiProfile> without, with;
  const int recordings = deterministic ? 1 : 2 * repeats;
  for (int i = 0; i < recordings; ++i) {
    const bool with_settings = deterministic || i % 2 == 1;  // interleaved, so drift in the host's load hits both
    progress.show(std::string("verifying: recording the run ") + (with_settings ? "with" : "without") + " the settings",
                  static_cast<std::size_t>(i), static_cast<std::size_t>(recordings));
    (with_settings ? with : without).push_back(record(with_settings));
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
  if (run.exit_code.value_or(0) != 0) {  // every recording finished this time: the recorders throw otherwise
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
  const ScratchDirectory scratch("report-verify");
  return verify_by_recording(run, recs, before, run.compute_mode == "none", runs, [&](bool with_settings) {
    return rerecord(run, recorded, with_settings ? changed : recorded.environment, run.compute_mode, scratch.path(),
                    "--verify");
  });
}

std::optional<Verification> verify_real_job(const analyzer::TraceModel& trace,
                                            const std::vector<analyzer::Recommendation>& recs, const MpiProfile& before,
                                            int runs) {
  if (recs.empty()) return std::nullopt;
  const analyzer::CrossoverRun& run = *trace.run.crossover;
  const ScratchDirectory scratch("report-verify");
  // The job's own settings on both sides (they were set when it ran), the recommended on one.
  std::vector<std::unique_ptr<ScopedVariable>> own;
  for (const analyzer::Setting& e : run.environment) own.push_back(std::make_unique<ScopedVariable>(e.name, e.value));
  JobRecording job{
      "system", scratch.path(), true, true, split_shell_words(run.program_args), {"xo", "report", "--verify"}};
  job.output_to_stderr = true;
  return verify_by_recording(run, recs, without_start_and_end(before), false, runs, [&](bool with_settings) {
    std::vector<std::unique_ptr<ScopedVariable>> changed;
    for (const auto& r : recs) {
      if (!with_settings) continue;
      for (const auto& [name, setting] : r.with) changed.push_back(std::make_unique<ScopedVariable>(name, setting));
      changed.push_back(std::make_unique<ScopedVariable>(r.variable, r.value));
    }
    const int status = record_job(job);
    if (status != 0) {
      throw std::runtime_error("--verify: the job ended with status " + std::to_string(status) + " when run again (" +
                               run.program_args + "); run xo report from the directory it was recorded in");
    }
    return without_start_and_end(analyzer::profile_mpi(analyzer::read_trace(scratch.path() + "/traces.otf2")));
  });
}

}  // namespace xo::cli
