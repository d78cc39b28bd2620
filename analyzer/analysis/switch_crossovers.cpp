#include "xo/analyzer/analysis/switch_crossovers.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/fit/samples_by_x.hpp"

namespace xo::analyzer {

namespace {

struct Series {
  std::vector<double> x, y;
};

SideFit fit_side(const std::string& name, const Series& s) {
  SideFit side;
  side.name = name;
  side.samples = s.x.size();
  if (s.x.empty()) return side;
  side.first_x = *std::min_element(s.x.begin(), s.x.end());
  side.last_x = *std::max_element(s.x.begin(), s.x.end());
  if (std::set<double>(s.x.begin(), s.x.end()).size() < 2 || s.x.size() < 3) return side;
  try {
    side.line = fit::fit_robust_line(s.x, s.y);
  } catch (const std::invalid_argument&) {  // degenerate data: the side stays unfitted
  }
  return side;
}

// End-to-end times of the messages a protocol carried, against bytes.
Series protocol_series(const std::vector<ProtocolSamples>& messages, const std::string& protocol) {
  Series s;
  for (const ProtocolSamples& p : messages) {
    if (p.protocol != protocol) continue;
    for (const fit::LogGpSample& m : p.samples) {
      if (!m.end_to_end_seconds) continue;
      s.x.push_back(m.bytes);
      s.y.push_back(*m.end_to_end_seconds);
    }
  }
  return s;
}

bool logarithmic(hw::SwitchUnit unit) { return unit == hw::SwitchUnit::Ranks; }
double from_axis(hw::SwitchUnit unit, double x) { return logarithmic(unit) ? std::exp2(x) : x; }

// The samples of one algorithm of a switch's call; with `ranks` > 0, only on communicators of that
// size (a collective's time depends on both its size and its members).
Series algorithm_series(const std::vector<CollectiveSample>& collectives, const hw::SwitchPoint& p,
                        const std::string& algorithm, int ranks) {
  Series s;
  for (const CollectiveSample& c : collectives) {
    if (!c.measured || c.call != p.operation || c.algorithm != algorithm) continue;
    if (ranks > 0 && c.ranks != ranks) continue;
    s.x.push_back(switch_axis(p.unit, c.size(p.unit)));
    s.y.push_back(c.seconds);
  }
  return s;
}

// The variable's value that puts every size up to x on the `below` side.
double setting_for(const hw::SwitchPoint& p, double x) { return p.value_is_first_above ? std::ceil(x) : std::floor(x); }

Series near(const Series& s, double x, bool log_axis) {
  Series out;
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    const bool close = log_axis ? std::abs(s.x[i] - x) <= 1 : s.x[i] >= x / 2 && s.x[i] <= x * 2;
    if (close) out.x.push_back(s.x[i]), out.y.push_back(s.y[i]);
  }
  return out;
}

// A line is a local description of a curve (a tree's time grows in steps, a protocol's per-byte
// cost changes with size): once the lines over every size have crossed, both sides are fitted
// again on the sizes near the crossing (a factor of 2 either way, or 1 on a log2 axis) until it
// stays put. The sides keep their lines over every size, for pricing sizes far from the crossing.
void refine_crossing(SwitchCrossover& s, const Series& below, const Series& above) {
  const bool log_axis = logarithmic(s.point.unit);
  for (int round = 0; round < 4 && s.crossing; ++round) {
    const double x = s.crossing->x;
    const SideFit b = fit_side(s.below.name, near(below, x, log_axis));
    const SideFit a = fit_side(s.above.name, near(above, x, log_axis));
    if (!b.line || !a.line) return;
    const double lo = std::max(b.first_x, a.first_x), hi = std::min(b.last_x, a.last_x);
    if (!(lo < hi)) return;
    const auto local = fit::find_crossover(b.line->fit, a.line->fit, lo, hi);
    if (!local || local->first_lower_before != s.crossing->first_lower_before) return;
    s.crossing = local;
    if (std::abs(local->x - x) <= 1e-3 * std::max(1.0, std::abs(x))) return;
  }
}

// Where the measured medians themselves change winner near the lines' crossing: a side's time
// may bend (a collective whose messages start to contend for links), which a line cannot follow.
// Among the sizes both sides were measured at, the flip nearest the lines' crossing in the lines'
// direction, interpolated between its two sizes; none if the medians never flip that way.
struct MedianFlip {
  double at;
  double from;  // the measured sizes it lies between
  double to;
};
std::optional<MedianFlip> median_crossing(const Series& below, const Series& above, double near_x, bool below_first) {
  const fit::SamplesByX b = fit::group_samples_by_x(below.x, below.y), a = fit::group_samples_by_x(above.x, above.y);
  std::optional<MedianFlip> best;
  double previous_x = 0, previous_gap = 0;
  bool have_previous = false;
  for (std::size_t i = 0, j = 0; i < b.groups(); ++i) {  // the sizes both sides were measured at
    const double x = b.x[i];
    while (j < a.groups() && a.x[j] < x) ++j;
    if (j == a.groups() || a.x[j] != x) continue;
    const double gap = a.median[j] - b.median[i];  // positive: `below` is faster here
    if (have_previous && (below_first ? previous_gap > 0 && gap <= 0 : previous_gap < 0 && gap >= 0)) {
      const double at = previous_x + (x - previous_x) * previous_gap / (previous_gap - gap);
      if (!best || std::abs(at - near_x) < std::abs(best->at - near_x)) best = MedianFlip{at, previous_x, x};
    }
    previous_x = x, previous_gap = gap, have_previous = true;
  }
  return best;
}

void judge(SwitchCrossover& s, const Series& below, const Series& above) {
  const auto size = [&](double x) { return switch_size_text(s.point.unit, x); };
  if (!s.below.line || !s.above.line) {
    s.finding = "not enough measurements of " + (!s.below.line ? s.below.name : s.above.name) + " to fit it";
    return;
  }
  s.lo = std::max(s.below.first_x, s.above.first_x);
  s.hi = std::min(s.below.last_x, s.above.last_x);
  if (!(s.lo < s.hi)) {
    s.finding = s.below.name + " and " + s.above.name + " were not measured at common sizes";
    return;
  }
  s.crossing = fit::find_crossover(s.below.line->fit, s.above.line->fit, s.lo, s.hi);
  refine_crossing(s, below, above);
  if (s.crossing) {
    if (const auto flip = median_crossing(below, above, s.crossing->x, s.crossing->first_lower_before)) {
      // The lines' band describes their own crossing; where the medians' flip is elsewhere, the
      // sizes it was measured between bound it instead.
      const bool outside = flip->at < s.crossing->band_overlap_lower || flip->at > s.crossing->band_overlap_upper;
      s.crossing->x = flip->at;
      if (outside) {
        s.crossing->band_overlap_lower = flip->from;
        s.crossing->band_overlap_upper = flip->to;
        s.crossing_from_medians = true;
      }
    }
  }
  const double mid = (s.lo + s.hi) / 2;
  for (double* axis : {&s.lo, &s.hi, &s.below.first_x, &s.below.last_x, &s.above.first_x, &s.above.last_x}) {
    *axis = from_axis(s.point.unit, *axis);
  }
  if (s.crossing) {
    for (double* axis : {&s.crossing->x, &s.crossing->band_overlap_lower, &s.crossing->band_overlap_upper}) {
      *axis = from_axis(s.point.unit, *axis);
    }
    if (s.crossing->first_lower_before) {
      s.best = setting_for(s.point, s.crossing->x);
      const bool exact = s.crossing->band_overlap_upper - s.crossing->band_overlap_lower <= 1e-6 * s.crossing->x;
      const std::string band =
          switch_size_range_text(s.point.unit, s.crossing->band_overlap_lower, s.crossing->band_overlap_upper);
      const std::string why = exact                     ? ""
                              : s.crossing_from_medians ? " (the measured medians change winner in " + band +
                                                              ", away from where the lines cross)"
                                                        : " (the two lines' 95 % bands overlap from " + band + ")";
      s.finding = s.below.name + " is faster below " + size(s.crossing->x) + why + ", " + s.above.name + " above";
    } else {
      s.finding = s.above.name + " is faster below " + size(s.crossing->x) + " and " + s.below.name +
                  " above it: the switch is the wrong way round for these sizes";
    }
    return;
  }
  const bool below_wins = s.below.line->fit.predict(mid).value < s.above.line->fit.predict(mid).value;
  // Every size measured on the winning side: the variable just covers hi, or just misses lo.
  if (s.point.value_is_first_above) {
    s.best = below_wins ? s.hi + 1 : s.lo;
  } else {
    s.best = below_wins ? s.hi : s.lo - 1;
  }
  s.best_is_bound = true;
  // A setting that already puts them there stays (the X1's MPI_BUFFER_MAX "off", -1, rather than 511).
  if (!s.best_changes_measured_sizes()) s.best = static_cast<double>(s.setting);
  s.finding = (below_wins ? s.below.name : s.above.name) + " is faster at every size measured (" +
              switch_size_range_text(s.point.unit, s.lo, s.hi) + ")";
}

}  // namespace

std::string switch_size_text(hw::SwitchUnit unit, double size) {
  switch (unit) {
    case hw::SwitchUnit::MessageBytes: return bytes_text(size);
    case hw::SwitchUnit::BytesPerRank: return bytes_text(size) + " per rank";
    default: return number_text(size, 4) + " " + hw::switch_unit_name(unit);
  }
}

std::string switch_size_range_text(hw::SwitchUnit unit, double smallest, double largest) {
  if (smallest == largest) return switch_size_text(unit, smallest);
  if (unit == hw::SwitchUnit::BytesPerRank) return bytes_text(smallest) + " to " + switch_size_text(unit, largest);
  if (unit == hw::SwitchUnit::MessageBytes) return bytes_text(smallest) + " to " + bytes_text(largest);
  return number_text(smallest, 4) + " to " + switch_size_text(unit, largest);
}

double switch_axis(hw::SwitchUnit unit, double size) { return logarithmic(unit) ? std::log2(size) : size; }

std::string SwitchCrossover::where() const {
  if (point.operation.empty()) return "point-to-point";
  return ranks > 0 ? point.operation + " on " + std::to_string(ranks) + " ranks" : point.operation;
}

bool SwitchCrossover::best_changes_measured_sizes() const {
  if (!best) return false;
  // Sizes x with x <= v are below (x < v for a minimum group size): the sizes that change side lie
  // between the two values.
  const double low = std::min(static_cast<double>(setting), *best),
               high = std::max(static_cast<double>(setting), *best);
  const double first = point.value_is_first_above ? low : std::floor(low) + 1;
  const double last = point.value_is_first_above ? std::ceil(high) - 1 : high;
  return first <= last && first <= hi && last >= lo;
}

std::vector<SwitchCrossover> find_switch_crossovers(const hw::Machine& machine,
                                                    const std::vector<ProtocolSamples>& messages,
                                                    const std::vector<CollectiveSample>& collectives) {
  std::vector<SwitchCrossover> out;
  for (const hw::SwitchPoint& p : machine.switch_points()) {
    const bool point_to_point = p.operation.empty();
    // A collective switch counted in bytes or elements is judged per communicator size; one
    // counted in ranks has the size on its axis.
    std::set<int> sizes = {0};
    if (!point_to_point && p.unit != hw::SwitchUnit::Ranks) {
      sizes.clear();
      for (const CollectiveSample& c : collectives) {
        if (c.measured && c.call == p.operation) sizes.insert(c.ranks);
      }
    }
    for (const int ranks : sizes) {
      SwitchCrossover s;
      s.point = p;
      s.setting = machine.env_in_effect(p.env_var);
      s.ranks = ranks;
      const Series below =
          point_to_point ? protocol_series(messages, p.below) : algorithm_series(collectives, p, p.below, ranks);
      const Series above =
          point_to_point ? protocol_series(messages, p.above) : algorithm_series(collectives, p, p.above, ranks);
      s.below = fit_side(p.below, below);
      s.above = fit_side(p.above, above);
      if (s.below.samples == 0 && s.above.samples == 0) continue;  // not part of this measurement
      judge(s, below, above);
      out.push_back(std::move(s));
    }
  }
  return out;
}

}  // namespace xo::analyzer
