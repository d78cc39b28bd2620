#include "report_verify.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>

#include "child_process.hpp"
#include "progress_line.hpp"
#include "scratch_directory.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;
using analyzer::MpiProfile;
using analyzer::report::Verdict;

constexpr double kSignificance = 0.05;

// Records the traced program once with `environment` and returns its profile.
MpiProfile record_once(const analyzer::CrossoverRun& run, const RecordedRun& recorded,
                       const std::map<std::string, std::string>& environment, const std::string& dir) {
  std::vector<std::string> command = {fs::read_symlink("/proc/self/exe").string(), "record", "-q", "--force",
                                      "-o", dir, "-n", std::to_string(recorded.ranks),
                                      "--machine", recorded.machine, "--compute", run.compute_mode};
  for (const std::string& p : recorded.params) command.insert(command.end(), {"--param", p});
  for (const auto& [name, value] : environment) command.insert(command.end(), {"-e", name + "=" + value});
  command.push_back("--");
  const std::vector<std::string> program = split_shell_words(run.program_args);
  command.insert(command.end(), program.begin(), program.end());
  const int status = run_process(command, "xo report --verify runs xo itself", ChildStdout::ToStderr);
  if (status != 0) {
    throw std::runtime_error("--verify: recording the run again failed (exit " + std::to_string(status) +
                             "); the program must be where the trace says (" +
                             (program.empty() ? std::string("?") : program[0]) +
                             "): run xo report from the directory it was recorded in");
  }
  return analyzer::profile_mpi(analyzer::read_trace(dir + "/traces.otf2"));
}

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
        .push_back(record_once(run, recorded, with_settings ? changed : recorded.environment, scratch.path()));
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
  if (run.exit_code.value_or(0) != 0) {  // every recording finished this time: record_once throws otherwise
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
