#pragma once
// One trace's report as data: what xo report prints as text or Markdown, writes as JSON
// (docs/report-schema.md) and stores in the history, and what the GUI reads (from the JSON, by
// field). Built in two steps: describe_trace() says what the trace alone says (the run, where its
// MPI time went, its own fits, its wait states); the front end adds what needs simulation (the
// bench's crossovers, the recommendations priced on them, the verification).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/bench_analysis.hpp"
#include "xo/analyzer/analysis/compute_imbalance.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/analysis/recommendations.hpp"
#include "xo/analyzer/analysis/rma_profile.hpp"
#include "xo/analyzer/analysis/run_fits.hpp"
#include "xo/analyzer/run_description.hpp"
#include "xo/analyzer/trace_model.hpp"
#include "xo/hwmodels/real_mpi.hpp"

namespace xo::analyzer::report {

// The JSON's "version"; raised whenever a field changes meaning or goes (adding one does not).
inline constexpr int kSchemaVersion = 1;

// A real job's library (xo record --mpi) with a knob schema: its switches as the job ran.
struct LibrarySettings {
  struct Setting {
    hw::RealMpiKnob knob;
    std::string value;  // as the job ran: the value set, else the default
    bool set = false;   // the job's environment set it
  };
  std::string name;
  std::string source;
  std::vector<Setting> settings;
};

struct TraceSummary {
  std::string anchor;  // the traces.otf2 read
  std::uint64_t events = 0;
  int ranks = 0;
  std::string creator;
  std::optional<CrossoverRun> crossover;   // none for a foreign trace: no machine model, no bench
  std::optional<LibrarySettings> library;  // a real job whose library has a knob schema
  std::uint64_t problems = 0;              // tolerated while reading
  std::string first_problem;
  // A trace filter (CrossoverRun::trace_*): the ranks with events, and the message ends whose
  // other end it left out, which stay unmatched (ReadProblems::ends_outside_trace).
  int traced_ranks = 0;
  std::uint64_t ends_outside_trace = 0;
  // Signs of damage (ReadProblems::damage()), read anyway (xo report --tolerate): every figure of
  // the report is then marked as coming from a damaged trace.
  std::uint64_t damage = 0;
  std::string first_damage;
};

struct WaitRow {
  std::string pattern;   // "late sender"
  std::string protocol;  // the message's protocol or the collective's algorithm; "(unknown)"
  std::uint64_t count = 0;
  double seconds = 0;
};

// The bench behind the crossovers: how it was run, and what it found.
struct BenchSummary {
  int ranks = 0;                     // of the collective sweeps
  std::size_t runs = 0;              // bench runs in the plan
  std::size_t collective_runs = 0;   // of them, collective sweeps
  std::size_t cached_runs = 0;       // of them, taken from the history's bench cache
  std::string cache;                 // the history holding that cache; "" without one
  std::vector<std::string> unasked;  // collective calls with switch points the run did not make
  BenchAnalysis analysis;
};

enum class Verdict {
  ModelConsistency,  // --compute=none: one recording, the model against its own prediction
  Faster,            // every run with the settings beat every run without, beyond chance
  Slower,
  WithinNoise,   // the two sides' ranges overlap
  TooFewRuns,    // they separate, but too few runs a side to tell from chance
  NowCompletes,  // the run failed before and completes with the settings
};
const char* verdict_name(Verdict verdict);  // "faster", "within_noise", ...

struct VerificationResult {
  std::vector<std::string> settings;  // export lines
  double predicted_seconds = 0;
  std::string compute_mode;  // "none", "measured", or "real" for a real MPI's job run again
  int runs_per_side = 1;
  double p_value = 1;  // of all runs separating by chance (measured computation only)
  // MPI time summed over the ranks, per recording, sorted; "before" is the trace itself under
  // --compute=none.
  std::vector<double> mpi_seconds_before, mpi_seconds_after;
  double run_seconds_before = 0, run_seconds_after = 0;  // per rank, of the median recordings
  std::optional<int> failed_exit_code;                   // the exit code of the run that failed before
  Verdict verdict = Verdict::ModelConsistency;
  // The median of a sorted list.
  static double median(const std::vector<double>& sorted);
};

// When one rank's lateness is what the others waited for, and whether any setting could help.
struct ImbalanceVerdict {
  RankId rank = 0;                // the root cause of the most waiting
  double waiting_seconds = 0;     // the waiting its computation caused, directly or along chains
  double percent_of_mpi = 0;      // of all MPI time
  double compute_above_mean = 0;  // its computation over the mean rank's, less 1
  // The recommendations together would save under a tenth of that waiting: the cure is balancing
  // the work, not an MPI setting.
  bool no_setting_helps = false;
};

// The recommendations tried on the program itself: recorded again with --compute=none, each
// alone and then together (the best alone first, each next one kept only if the set gets faster),
// so that settings that touch the same messages are judged jointly and by simulation, not only by
// the first-order prediction.
struct CandidateSimulation {
  bool simulated = false;
  std::string not_simulated;        // why not, when not
  std::size_t runs = 0;             // recordings made
  double baseline_mpi_seconds = 0;  // the program with the trace's own settings
  // Per recommendation (by index): MPI time with it alone; none for one not tried (required).
  std::vector<std::optional<double>> alone_mpi_seconds;
  std::vector<std::size_t> chosen;  // the winning set, in the order added
  double chosen_mpi_seconds = 0;
  std::vector<std::string> dropped;  // one line per recommendation left out, and why

  bool is_chosen(std::size_t recommendation) const;
};

// Where a real job's advice comes from: the newest xo bench --mpi of its library on this host in
// the history.
struct RealBenchSource {
  std::int64_t run = 0;  // the bench's run in the history; 0 when there is none
  std::string started_at;
  std::string missing;  // why there is no advice, naming the command that would give it ("" if found)
};

struct RunReport {
  TraceSummary run;
  MpiProfile profile;
  RmaProfile rma;  // empty for a run without one-sided calls
  RunFits fits;
  std::vector<WaitRow> waits;
  ComputeImbalance balance;
  std::optional<BenchSummary> bench;
  std::optional<RealBenchSource> real_bench;  // a real job with a knob schema, unless --no-bench
  std::vector<Recommendation> recommendations;
  std::optional<CandidateSimulation> candidates;  // none with --no-simulate or without a bench
  bool verify_requested = false;                  // none then means there was nothing to verify
  std::optional<VerificationResult> verification;
};

// What the trace alone says: its run, profile, the run's fits from `samples.messages`, its waits
// and what they waited for.
RunReport describe_trace(const TraceModel& trace, const std::string& anchor, const RunSamples& samples);

// None unless the waiting one rank's computation caused is at least a quarter of the MPI time (a
// run without a dominant root has no single cause to name).
std::optional<ImbalanceVerdict> imbalance_verdict(const RunReport& report);

}  // namespace xo::analyzer::report
