#pragma once
// When a figure's latest change counts as a regression. A figure's history is its values in the
// runs before, oldest first; its noise is the typical size of the run-to-run changes there: the
// median of |change| over the last kWindow changes (their median absolute deviation from zero,
// which an odd outlier does not move). The latest change is a REGRESSION when it goes the worse
// way and is larger than
//     max(kNoiseFactor * noise, kRelativeFloor * |previous value|).
// For values with independent normal noise that is a change beyond about 2 standard deviations of
// a change, so about 2 % of runs without a real change are flagged. The relative floor keeps a
// perfectly steady history (a deterministic simulation repeats its figures exactly) from flagging
// every tiny change. Fewer than kMinChanges earlier changes are too little history to judge. A
// change the better way by as much is "improved"; figures whose direction is Neither (a
// crossover's position) are never judged.

#include <optional>
#include <span>

#include "xo/db/figure.hpp"

namespace xo::db {

inline constexpr int kMinChanges = 3;
inline constexpr int kWindow = 20;
inline constexpr double kNoiseFactor = 3;
inline constexpr double kRelativeFloor = 0.01;

enum class Verdict {
  NotJudged,         // direction Neither
  TooLittleHistory,  // fewer than kMinChanges earlier changes
  WithinNoise,
  Improved,
  Regression,
};

struct ChangeJudgement {
  Verdict verdict = Verdict::NotJudged;
  double threshold = 0;  // the size a change had to exceed, once judged
};

// `earlier`: the figure's values before `latest`, oldest first (only the last kWindow + 1 count).
ChangeJudgement judge_change(std::span<const double> earlier, double latest, Direction direction);

// "REGRESSION", "improved", "" otherwise: the flag column of compare and trend.
const char* verdict_flag(Verdict verdict);

// The change from `before` to `after` in percent of |before|; none when before is 0 and after not.
std::optional<double> percent_change(double before, double after);

}  // namespace xo::db
