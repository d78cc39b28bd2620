#pragma once
// What `xo bench --mpi` concludes from its runs on a real MPI, which labels no protocol: for each
// setting of a point-to-point switch the library offers (hw::RealMpiKnob::bench_values), the half
// round trip against size, where a segmented fit of it finds protocol boundaries, and how each
// setting compares with the library's own at every size; likewise for each algorithm a collective
// can be forced to, its time (the slowest member's call, the ranks lined up) against bytes a rank. A setting is
// favoured only when the measurements say so at every size: real libraries change more than the boundary with a
// variable (Open MPI's vader slows every message once its eager limit outgrows its shared memory), so whole curves are
// compared, not lines extrapolated, as OTPO tuned Open MPI by running it. Each setting is run several times,
// interleaved with the others, so that a machine's drift (another job, a frequency change) falls on every setting
// alike; a difference counts at a size only when every repetition shows it.

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xo/analyzer/fit/segmented_fit.hpp"
#include "xo/analyzer/trace_model.hpp"
#include "xo/hwmodels/real_mpi.hpp"

namespace xo::analyzer {

// One setting's ping-pongs: the half round trips by size.
struct SettingCurve {
  std::string value;                   // the variable's value in the run ("4096"); the job's own when not forced
  bool own = false;                    // the run with the job's own settings
  std::vector<double> bytes;           // the sizes measured, increasing
  std::vector<double> median_seconds;  // the median half round trip at each, over every repetition
  // The median at each size in each repetition: [repetition][size], sizes as in `bytes`.
  std::vector<std::vector<double>> repetition_medians;
  std::size_t samples = 0;
  // Of a point-to-point switch's curve, sizes from 1 B, each size's samples from the repetition of
  // least median there (the one another job disturbed least); none for a collective's or when the
  // fit could not be made.
  std::optional<fit::SegmentedFit> boundaries;
  // Whether a boundary lies where this value puts the switch, between the two measured sizes around
  // it (either one included): one the fit found, or else the tested boundary.
  bool boundary_at_value = false;
  // Where the fit of the whole curve put none at the value: the jump a test at the value found
  // there (fit::test_jump_at, on the same calmest rounds' medians), significant and of at least
  // kFasterBy; none otherwise.
  std::optional<fit::Breakpoint> tested_boundary;

  // The half round trip at `bytes`: interpolated between the sizes measured, the nearest size's
  // below them and the last two's line above. Needs at least one size.
  double time_at(double bytes) const;
};

// A setting against the own one, at the sizes both measured. A size's ratio is the setting's time
// over the own one's in the same repetition; the figures below take the median over repetitions.
struct SettingComparison {
  double geometric_mean_ratio = 1;  // across sizes
  double best_ratio = 1, worst_ratio = 1;
  double best_at = 0, worst_at = 0;  // the sizes
  // Sizes where every repetition's ratio was below 1 - kFasterBy, or above 1 + kSlowerBy.
  int faster_sizes = 0, slower_sizes = 0;
};

struct KnobSweep {
  std::string variable;
  std::string collective;  // the call whose algorithm it forces; empty for a point-to-point switch
  std::vector<std::pair<std::string, std::string>> requires_settings;  // set with each value
  std::string own_value;
  std::vector<SettingCurve> curves;            // the own setting first, then the swept ones in the schema's order
  std::vector<SettingComparison> against_own;  // one per curve (the own's is the identity)
  std::optional<std::size_t> best;             // the favoured curve; none when the own setting stays
  // At each size of the own curve, the curve faster than the own one there in every round by
  // kFasterBy, the fastest such (by median); 0 (the own) where none is. Where algorithms cross,
  // this is where.
  std::vector<std::size_t> fastest_by_size;
  std::string finding;  // one line for people
};

struct RealBenchAnalysis {
  std::string library;  // MPI_Get_library_version
  int ranks = 0;        // of the jobs (the collectives ran on all of them)
  std::vector<KnobSweep> sweeps;
};

// What counts as a difference at a size, in every repetition: faster by 10 %, or slower by 25 %.
// A slower size rules a setting out, so it asks for more: with ~80 sizes, noise alone on a shared
// machine would otherwise rule out every setting somewhere.
inline constexpr double kFasterBy = 0.10;
inline constexpr double kSlowerBy = 0.25;
// A favoured setting must also be faster over all sizes (geometric mean of the ratios) by 5 %: a
// setting faster at one or two sizes of thirty by the noise allowance is a coincidence of rounds.
inline constexpr double kFavouredOverall = 0.95;

// The ping-pong traces, one at a time (each may be deleted once read).
class RealBenchSamples {
 public:
  // `variable` is the knob the run forced ("" for the run with the job's own settings), `value` its
  // value and `repetition` which round of the interleaved runs it was (from 0). The trace is of the
  // bench's ping-pong or its collective program.
  void add(const TraceModel& trace, const std::string& variable, const std::string& value, int repetition);

  const std::string& library() const { return library_; }
  int ranks() const { return ranks_; }

  struct Run {
    std::string variable, value;
    int repetition = 0;
    std::string call;                    // the collective swept; empty for the ping-pong
    std::vector<double> bytes, seconds;  // half round trips, or a collective's bytes a rank and time
  };
  const std::vector<Run>& runs() const { return runs_; }
  void add(Run run) { runs_.push_back(std::move(run)); }

 private:
  std::string library_;
  int ranks_ = 0;
  std::vector<Run> runs_;
};

// `own_settings`: the knobs' values the job's own run had (the environment's, else absent: the
// library's default).
RealBenchAnalysis analyze_real_bench(const hw::RealMpi& mpi, const RealBenchSamples& samples,
                                     const std::map<std::string, std::string>& own_settings);

// The setting a job's own messages favour, priced by a sweep of the same library (a stored xo
// bench --mpi): each point-to-point message of the job costs what the ping-pong's half round trip
// cost at its size (sizes beyond the bench's are not priced). Among the values tried that are slower (by kSlowerBy) at
// none of the sizes it sends, the smallest whose saving over the job's messages is within kFasterBy of the largest (an
// eager limit holds memory); none if no value saves.
struct RealSettingAdvice {
  std::string variable, value, own_value;
  std::vector<std::pair<std::string, std::string>> requires_settings;
  double predicted_seconds = 0;      // saved over the job's messages
  std::size_t affected = 0;          // messages whose time changes by more than kFasterBy
  double smallest = 0, largest = 0;  // their sizes
  std::size_t messages = 0;          // the job's messages (point-to-point), or calls of the collective
  std::size_t unpriced = 0;          // of them, larger than the bench measured: not priced
};
// `sizes`: the size of each point-to-point message the job sent, or of each call of the sweep's
// collective (bytes a rank) on as many ranks as the bench ran.
std::optional<RealSettingAdvice> advise_real_setting(const KnobSweep& sweep, std::span<const double> sizes);

}  // namespace xo::analyzer
