#include "report_candidates.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "progress_line.hpp"
#include "rerecord.hpp"
#include "scratch_directory.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/analysis/number_text.hpp"

namespace xo::cli {

namespace {

using analyzer::duration_text;
using analyzer::Recommendation;

// Recommendations tried at most, the best predicted first: each costs a recording of the program.
constexpr std::size_t kMostCandidates = 8;
// A change of MPI time smaller than this share of the baseline counts as none: the simulation is
// exact, but a setting that saves 0.05 % is not worth an export line.
constexpr double kNegligible = 5e-4;

class Recorder {
 public:
  Recorder(const analyzer::CrossoverRun& run, const RecordedRun& recorded, std::size_t planned)
      : run_(run), recorded_(recorded), scratch_("report-candidates"), planned_(planned) {}

  double mpi_seconds(const std::vector<const Recommendation*>& settings, const std::string& what) {
    std::map<std::string, std::string> env = recorded_.environment;
    for (const Recommendation* r : settings) env[r->variable] = r->value;
    progress_.show("trying the recommendations on the program: " + what, done_, std::max(planned_, done_ + 1));
    const double seconds = rerecord(run_, recorded_, env, "none", scratch_.path(), "xo report").mpi_seconds;
    ++done_;
    return seconds;
  }
  std::size_t runs() const { return done_; }
  void finish() { progress_.show("trying the recommendations on the program: done", done_, done_); }

 private:
  const analyzer::CrossoverRun& run_;
  const RecordedRun& recorded_;
  ScratchDirectory scratch_;
  ProgressLine progress_;
  std::size_t planned_;
  std::size_t done_ = 0;
};

}  // namespace

analyzer::report::CandidateSimulation simulate_candidates(const analyzer::TraceModel& trace,
                                                          const RecordedRun& recorded,
                                                          const std::vector<Recommendation>& recs) {
  analyzer::report::CandidateSimulation c;
  c.alone_mpi_seconds.resize(recs.size());
  std::vector<std::size_t> tried;
  for (std::size_t i = 0; i < recs.size(); ++i) {
    if (!recs[i].required) tried.push_back(i);
  }
  std::stable_sort(tried.begin(), tried.end(),
                   [&](std::size_t a, std::size_t b) { return recs[a].predicted_seconds > recs[b].predicted_seconds; });
  if (tried.size() > kMostCandidates) tried.resize(kMostCandidates);
  const analyzer::CrossoverRun& run = *trace.run.crossover;
  const std::vector<std::string> program = split_shell_words(run.program_args);
  std::error_code error;
  if (tried.empty()) {
    c.not_simulated = "no setting to try";
    return c;
  }
  if (program.empty() || !std::filesystem::exists(program[0], error)) {
    c.not_simulated = "the program (" + (program.empty() ? std::string("?") : program[0]) +
                      ") is not where the trace says: run xo report from the directory it was recorded in to have "
                      "the recommendations tried on it";
    return c;
  }
  Recorder recorder(run, recorded, 2 * tried.size() + 1);
  c.simulated = true;
  c.baseline_mpi_seconds = recorder.mpi_seconds({}, "the trace's own settings");
  const double negligible = kNegligible * c.baseline_mpi_seconds;
  for (std::size_t i : tried) c.alone_mpi_seconds[i] = recorder.mpi_seconds({&recs[i]}, recs[i].export_line());
  std::stable_sort(tried.begin(), tried.end(),
                   [&](std::size_t a, std::size_t b) { return *c.alone_mpi_seconds[a] < *c.alone_mpi_seconds[b]; });
  std::vector<const Recommendation*> set;
  double current = c.baseline_mpi_seconds;
  for (std::size_t i : tried) {
    const Recommendation& r = recs[i];
    const double alone = *c.alone_mpi_seconds[i];
    if (alone > c.baseline_mpi_seconds - negligible) {
      c.dropped.push_back(r.export_line() + ": " +
                          (alone < c.baseline_mpi_seconds
                               ? "saves only " + duration_text(c.baseline_mpi_seconds - alone) + " of " +
                                     duration_text(c.baseline_mpi_seconds) + " alone, under 0.05 %: not worth a setting"
                               : "the program is no faster with it alone (MPI time " +
                                     duration_text(c.baseline_mpi_seconds) + " -> " + duration_text(alone) + ")"));
      continue;
    }
    const auto same =
        std::find_if(set.begin(), set.end(), [&](const Recommendation* k) { return k->variable == r.variable; });
    if (same != set.end()) {
      c.dropped.push_back(r.export_line() + ": " + (*same)->export_line() + " is chosen, which saves more alone");
      continue;
    }
    const double together = set.empty() ? alone : [&] {
      std::vector<const Recommendation*> more = set;
      more.push_back(&r);
      return recorder.mpi_seconds(more, "with the set so far: " + r.export_line());
    }();
    if (together > current - negligible) {
      std::string with;
      for (const Recommendation* kept : set) with += (with.empty() ? "" : ", ") + kept->variable + "=" + kept->value;
      c.dropped.push_back(r.export_line() + ": adds nothing to " + with + " (MPI time " + duration_text(current) +
                          " -> " + duration_text(together) + ")");
      continue;
    }
    set.push_back(&r);
    c.chosen.push_back(i);
    current = together;
  }
  c.chosen_mpi_seconds = current;
  c.runs = recorder.runs();
  recorder.finish();
  return c;
}

}  // namespace xo::cli
