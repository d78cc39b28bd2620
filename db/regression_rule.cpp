#include "xo/db/regression_rule.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace xo::db {

namespace {

double median(std::vector<double> values) {
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid), values.end());
  const double upper = values[mid];
  if (values.size() % 2 == 1) return upper;
  return (upper + *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(mid))) / 2;
}

}  // namespace

ChangeJudgement judge_change(std::span<const double> earlier, double latest, Direction direction) {
  if (direction == Direction::Neither) return {Verdict::NotJudged, 0};
  if (earlier.size() > static_cast<std::size_t>(kWindow) + 1) earlier = earlier.last(kWindow + 1);
  std::vector<double> changes;
  for (std::size_t i = 1; i < earlier.size(); ++i) changes.push_back(earlier[i] - earlier[i - 1]);
  if (changes.size() < static_cast<std::size_t>(kMinChanges)) return {Verdict::TooLittleHistory, 0};

  // The typical size of a change: their median absolute deviation from no change. (About their
  // median instead, an alternating history of +10, -10 would look noiseless.)
  for (double& d : changes) d = std::abs(d);
  const double noise = median(changes);
  const double previous = earlier.back();
  const double threshold = std::max(kNoiseFactor * noise, kRelativeFloor * std::abs(previous));
  const double change = latest - previous;
  const bool worse = direction == Direction::LowerIsBetter ? change > 0 : change < 0;
  if (std::abs(change) <= threshold) return {Verdict::WithinNoise, threshold};
  return {worse ? Verdict::Regression : Verdict::Improved, threshold};
}

const char* verdict_flag(Verdict verdict) {
  switch (verdict) {
    case Verdict::Regression: return "REGRESSION";
    case Verdict::Improved: return "improved";
    default: return "";
  }
}

std::optional<double> percent_change(double before, double after) {
  if (before == 0) return after == 0 ? std::optional<double>(0) : std::nullopt;
  return 100 * (after - before) / std::abs(before);
}

}  // namespace xo::db
