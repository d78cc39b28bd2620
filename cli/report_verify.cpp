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
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;
using analyzer::number_text;
using analyzer::MpiProfile;

constexpr double kSignificance = 0.05;

std::string seconds(double s) { return number_text(s, 4) + " s"; }
std::string percent_less(double before, double after) {
  return before > 0 ? number_text(100 * (before - after) / before, 3) + " %" : "-";
}

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

struct Side {
  std::vector<MpiProfile> runs;

  std::vector<double> mpi() const {
    std::vector<double> v;
    for (const MpiProfile& p : runs) v.push_back(p.mpi_seconds);
    std::sort(v.begin(), v.end());
    return v;
  }
  double median_mpi() const {
    const auto v = mpi();
    return v.size() % 2 == 1 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  }
  // The run whose MPI time is the (upper) median.
  const MpiProfile& median_run() const {
    const double target = mpi()[runs.size() / 2];
    return *std::find_if(runs.begin(), runs.end(), [&](const MpiProfile& p) { return p.mpi_seconds == target; });
  }
  std::string range() const {
    const auto v = mpi();
    return seconds(v.front()) + " to " + seconds(v.back());
  }
};

std::string settings_text(const std::vector<analyzer::Recommendation>& recs) {
  std::string text;
  for (const auto& r : recs) text += (text.empty() ? "" : "; ") + r.export_line();
  return text;
}

}  // namespace

double separation_p_value(int runs_per_side) {
  double choose = 1;  // C(2n, n)
  for (int k = 1; k <= runs_per_side; ++k) choose = choose * (runs_per_side + k) / k;
  return std::min(1.0, 2 / choose);
}

Verification verify_recommendations(const analyzer::TraceModel& trace, const RecordedRun& recorded,
                                    const std::vector<analyzer::Recommendation>& recs, const MpiProfile& before,
                                    int runs) {
  Verification v{{"verification", "Verification (the run recorded again with the recommended settings)", {}, std::nullopt},
                 std::nullopt};
  ReportSection& s = v.section;
  if (recs.empty()) {
    s.lines.push_back("nothing to verify");
    return v;
  }
  const analyzer::CrossoverRun& run = *trace.run.crossover;
  std::map<std::string, std::string> changed = recorded.environment;
  for (const auto& r : recs) changed[r.variable] = r.value;
  const bool deterministic = run.compute_mode == "none";
  const int repeats = deterministic ? 1 : std::max(1, runs);
  const ScratchDirectory scratch("report-verify");
  ProgressLine progress;
  Side without, with;
  const int recordings = deterministic ? 1 : 2 * repeats;
  for (int i = 0; i < recordings; ++i) {
    const bool with_settings = deterministic || i % 2 == 1;  // interleaved, so drift in the host's load hits both
    progress.show(std::string("verifying: recording the run ") + (with_settings ? "with" : "without") + " the settings",
                  static_cast<std::size_t>(i), static_cast<std::size_t>(recordings));
    (with_settings ? with : without).runs.push_back(record_once(run, recorded, with_settings ? changed : recorded.environment,
                                                                 scratch.path()));
  }
  progress.show("verifying: done", static_cast<std::size_t>(recordings), static_cast<std::size_t>(recordings));
  if (deterministic) without.runs.push_back(before);
  const MpiProfile& after = with.median_run();
  v.measured = after;

  s.lines.push_back("with " + settings_text(recs));
  if (run.exit_code.value_or(0) != 0) {  // every recording finished this time: record_once throws otherwise
    s.lines.push_back("the run failed before (exit code " + std::to_string(*run.exit_code) + " after " +
                      seconds(before.run_seconds) + " per rank) and now completes, in " + seconds(after.run_seconds) +
                      " per rank");
    return v;
  }
  double predicted = 0;
  for (const auto& r : recs) predicted += r.predicted_seconds;
  s.lines.push_back("predicted: the affected messages and calls take " + seconds(predicted) + " less");
  if (deterministic) {
    s.lines.push_back("what this checks: the run was recorded with --compute=none, so the simulation is exactly "
                      "reproducible and one recording suffices; it checks that the machine model agrees with its own "
                      "prediction (the bench that priced the settings ran the same model), not that a real machine would");
    s.lines.push_back("measured: time in MPI summed over the ranks " + seconds(before.mpi_seconds) + " -> " +
                      seconds(after.mpi_seconds) + ", " + seconds(before.mpi_seconds - after.mpi_seconds) + " less (" +
                      percent_less(before.mpi_seconds, after.mpi_seconds) +
                      "; a faster message also shortens the partner's wait, so MPI time may fall by more)");
    s.lines.push_back("run time per rank: " + seconds(before.run_seconds) + " -> " + seconds(after.run_seconds));
    return v;
  }
  const double p = separation_p_value(repeats);
  s.lines.push_back("what this checks: the run was recorded with --compute=" + run.compute_mode +
                    ", so its computation is timed on this host and varies from run to run; each side was recorded " +
                    std::to_string(repeats) + " times, interleaved, and the change counts only if every run of one side "
                    "beats every run of the other (p = " + number_text(p, 2) + " that it happens by chance)");
  const double b = without.median_mpi(), a = with.median_mpi();
  s.lines.push_back("measured: time in MPI summed over the ranks, median " + seconds(b) + " (" + without.range() +
                    ") -> " + seconds(a) + " (" + with.range() + "), " + percent_less(b, a) + " less");
  const auto wo = without.mpi(), wi = with.mpi();
  const bool faster = wi.back() < wo.front(), slower = wi.front() > wo.back();
  if ((faster || slower) && p < kSignificance) {
    s.lines.push_back(std::string("verdict: every run with the settings was ") + (faster ? "faster" : "slower") +
                      " than every run without: the change is larger than the noise");
  } else if (faster || slower) {
    s.lines.push_back("verdict: the runs separate, but " + std::to_string(repeats) +
                      " a side are too few to tell that from chance: give --verify-runs 4 or more");
  } else {
    s.lines.push_back("verdict: the two sides' ranges overlap: the change is within this host's noise (record with "
                      "--compute=none to see the model's effect alone)");
  }
  return v;
}

}  // namespace xo::cli
