#include "xo/analyzer/analysis/real_bench_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "xo/analyzer/analysis/bench_trace.hpp"
#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/fit/jump_test.hpp"
#include "xo/analyzer/fit/median.hpp"
#include "xo/analyzer/fit/samples_by_x.hpp"

namespace xo::analyzer {

namespace {

using Run = RealBenchSamples::Run;

// The medians of `run` at `sizes` (NaN where it has none).
std::vector<double> medians_at(const Run& run, const std::vector<double>& sizes) {
  std::vector<double> out(sizes.size(), std::nan(""));
  if (run.bytes.empty()) return out;
  const fit::SamplesByX groups = fit::group_samples_by_x(run.bytes, run.seconds);
  for (std::size_t g = 0, i = 0; g < groups.groups(); ++g) {
    while (i < sizes.size() && sizes[i] < groups.x[g]) ++i;
    if (i < sizes.size() && sizes[i] == groups.x[g]) out[i] = groups.median[g];
  }
  return out;
}

// At each size, the repetition whose median there is least (NaN medians never chosen).
std::vector<std::size_t> calmest_round_at_each_size(const std::vector<std::vector<double>>& repetition_medians) {
  const std::size_t sizes = repetition_medians.empty() ? 0 : repetition_medians.front().size();
  std::vector<std::size_t> out(sizes, 0);
  for (std::size_t i = 0; i < sizes; ++i) {
    double least = std::numeric_limits<double>::infinity();
    for (std::size_t r = 0; r < repetition_medians.size(); ++r) {
      if (repetition_medians[r][i] < least) least = repetition_medians[r][i], out[i] = r;
    }
  }
  return out;
}

// Asks the curve about the place its value names, when the fit of the whole curve put no boundary
// there (it keeps a few of the largest changes, and a library's curve bends at other sizes too): a
// jump there, significant and of at least kFasterBy, is the setting's boundary. A smaller one is no
// difference the bench would count anywhere else.
void test_at_value(SettingCurve& c, const std::vector<std::size_t>& calmest, double limit) {
  std::vector<double> x, y;
  for (std::size_t i = 0; i < c.bytes.size(); ++i) {
    const double calm = c.repetition_medians[calmest[i]][i];
    if (c.bytes[i] > 0 && calm > 0) x.push_back(c.bytes[i]), y.push_back(calm);
  }
  // Sizes within a doubling either way (a change elsewhere in them leaves a side's line a poor fit,
  // so it is not taken for a jump at the value).
  const std::optional<fit::JumpTest> test = fit::test_jump_at(x, y, limit, fit::within_factor(limit, 2));
  if (test && test->significant() && std::abs(test->relative_jump) >= kFasterBy) {
    c.tested_boundary = test->at;
    c.boundary_at_value = true;
  }
}

// The setting's curve from its repetitions (`runs`, in order of repetition).
// `protocols`: a point-to-point switch's, whose boundaries a segmented fit looks for (a collective
// algorithm's curve has none to find).
SettingCurve curve_of(const std::string& value, bool own, const std::vector<const Run*>& runs, bool protocols) {
  SettingCurve c;
  c.value = value;
  c.own = own;
  std::vector<double> x, y, positive_x, positive_y;
  for (const Run* run : runs) {
    x.insert(x.end(), run->bytes.begin(), run->bytes.end());
    y.insert(y.end(), run->seconds.begin(), run->seconds.end());
  }
  c.samples = x.size();
  if (x.empty()) return c;
  const fit::SamplesByX groups = fit::group_samples_by_x(x, y);
  c.bytes = groups.x;
  c.median_seconds = groups.median;
  for (const Run* run : runs) c.repetition_medians.push_back(medians_at(*run, c.bytes));
  if (!protocols) return c;
  // At each size the fit takes the samples of the round least disturbed there, the one of least
  // median: another job on a shared host only ever adds time, and a burst of it that spans a run
  // of two rounds of three would otherwise move the median of them all (and the boundary with it).
  const std::vector<std::size_t> calmest = calmest_round_at_each_size(c.repetition_medians);
  for (std::size_t r = 0; r < runs.size(); ++r) {
    for (std::size_t k = 0; k < runs[r]->bytes.size(); ++k) {
      const double bytes = runs[r]->bytes[k];
      if (bytes <= 0) continue;  // sizes on a log scale
      const std::size_t i = std::lower_bound(c.bytes.begin(), c.bytes.end(), bytes) - c.bytes.begin();
      if (calmest[i] != r) continue;
      positive_x.push_back(bytes), positive_y.push_back(runs[r]->seconds[k]);
    }
  }
  try {
    c.boundaries = fit::fit_segmented(positive_x, positive_y);
  } catch (const std::invalid_argument&) {  // too few sizes: no boundaries to report
  }
  char* end = nullptr;
  const double limit = std::strtod(value.c_str(), &end);
  if (!c.boundaries || end == value.c_str() || *end != '\0') return c;
  for (const fit::Breakpoint& b : c.boundaries->breakpoints) {
    // Either end: a limit that counts the header sends a message of its own size the other way.
    if (b.left_x <= limit && limit <= b.right_x) c.boundary_at_value = true;
  }
  if (!c.boundary_at_value && limit > 0) test_at_value(c, calmest, limit);
  return c;
}

SettingComparison compare(const SettingCurve& setting, const SettingCurve& own) {
  SettingComparison out;
  double log_sum = 0;
  int sizes = 0;
  const std::size_t repetitions = std::min(setting.repetition_medians.size(), own.repetition_medians.size());
  for (std::size_t i = 0, j = 0; i < setting.bytes.size(); ++i) {
    while (j < own.bytes.size() && own.bytes[j] < setting.bytes[i]) ++j;
    if (j == own.bytes.size() || own.bytes[j] != setting.bytes[i]) continue;
    std::vector<double> ratios;  // same repetition: the same stretch of the machine's time
    for (std::size_t r = 0; r < repetitions; ++r) {
      const double ratio = setting.repetition_medians[r][i] / own.repetition_medians[r][j];
      if (ratio > 0 && std::isfinite(ratio)) ratios.push_back(ratio);
    }
    if (ratios.empty()) continue;
    const double ratio = fit::median(ratios);
    log_sum += std::log(ratio);
    if (sizes == 0 || ratio < out.best_ratio) out.best_ratio = ratio, out.best_at = setting.bytes[i];
    if (sizes == 0 || ratio > out.worst_ratio) out.worst_ratio = ratio, out.worst_at = setting.bytes[i];
    if (*std::max_element(ratios.begin(), ratios.end()) < 1 - kFasterBy) ++out.faster_sizes;
    if (*std::min_element(ratios.begin(), ratios.end()) > 1 + kSlowerBy) ++out.slower_sizes;
    ++sizes;
  }
  if (sizes > 0) out.geometric_mean_ratio = std::exp(log_sum / sizes);
  return out;
}

// At each of the own curve's sizes, the curve that beats it in every round by kFasterBy, the fastest.
std::vector<std::size_t> fastest_by_size(const std::vector<SettingCurve>& curves) {
  const SettingCurve& own = curves.front();
  std::vector<std::size_t> out(own.bytes.size(), 0);
  for (std::size_t i = 0; i < own.bytes.size(); ++i) {
    double best = own.median_seconds[i];
    for (std::size_t k = 1; k < curves.size(); ++k) {
      const SettingCurve& c = curves[k];
      const auto at = std::find(c.bytes.begin(), c.bytes.end(), own.bytes[i]);
      if (at == c.bytes.end()) continue;
      const std::size_t j = static_cast<std::size_t>(at - c.bytes.begin());
      bool every_round = !c.repetition_medians.empty();
      for (std::size_t r = 0; r < std::min(c.repetition_medians.size(), own.repetition_medians.size()); ++r) {
        if (!(c.repetition_medians[r][j] < (1 - kFasterBy) * own.repetition_medians[r][i])) every_round = false;
      }
      if (every_round && c.median_seconds[j] < best) best = c.median_seconds[j], out[i] = k;
    }
  }
  return out;
}

// The favoured setting: faster than the own one at some sizes and slower at none, beyond the noise,
// and faster across the sizes as a whole (kFavouredOverall); among those the fastest across sizes.
void judge(KnobSweep& sweep) {
  for (std::size_t i = 1; i < sweep.curves.size(); ++i) {
    const SettingComparison& c = sweep.against_own[i];
    if (c.slower_sizes > 0 || c.faster_sizes == 0 || c.geometric_mean_ratio > kFavouredOverall) continue;
    if (!sweep.best || c.geometric_mean_ratio < sweep.against_own[*sweep.best].geometric_mean_ratio) sweep.best = i;
  }
  const std::string own =
      sweep.collective.empty() ? sweep.own_value : "the library's own choice (" + sweep.own_value + ")";
  if (!sweep.best) {
    sweep.finding = "no value tried was faster without being slower at some size, or faster by " +
                    number_text((1 - kFavouredOverall) * 100, 2) + " % over all sizes: " + own + " stays";
    return;
  }
  const SettingComparison& c = sweep.against_own[*sweep.best];
  sweep.finding = number_text(1 / c.best_ratio, 3) + "x faster at " + bytes_text(c.best_at) + "; faster at " +
                  std::to_string(c.faster_sizes) + " sizes and slower at none than " + own + ", in every round";
}

}  // namespace

double SettingCurve::time_at(double b) const {
  const auto above = std::lower_bound(bytes.begin(), bytes.end(), b);
  const std::size_t n = bytes.size();
  if (above == bytes.begin()) return median_seconds.front();
  std::size_t i = static_cast<std::size_t>(above - bytes.begin());
  if (i == n) {
    if (n < 2) return median_seconds.back();
    i = n - 1;  // beyond the sweep: the last two sizes' line
  }
  const double x0 = bytes[i - 1], x1 = bytes[i], y0 = median_seconds[i - 1], y1 = median_seconds[i];
  return y0 + (y1 - y0) * (b - x0) / (x1 - x0);
}

void RealBenchSamples::add(const TraceModel& trace, const std::string& variable, const std::string& value,
                           int repetition) {
  if (library_.empty() && trace.run.crossover) library_ = trace.run.crossover->machine_description;
  ranks_ = std::max(ranks_, static_cast<int>(trace.ranks()));
  Run run{variable, value, repetition, "", {}, {}};
  if (is_bench_pingpong(trace)) {
    std::vector<ProtocolSamples> by_protocol;
    add_message_samples(trace, by_protocol);
    for (const ProtocolSamples& p : by_protocol) {
      for (const fit::LogGpSample& s : p.samples) {
        if (s.end_to_end_seconds) run.bytes.push_back(s.bytes), run.seconds.push_back(*s.end_to_end_seconds);
      }
    }
  } else {
    std::vector<CollectiveSample> collectives;
    add_collective_samples(trace, collectives);
    for (const CollectiveSample& c : collectives) {
      if (!c.measured) continue;
      run.call = c.call;
      run.bytes.push_back(c.bytes_per_rank), run.seconds.push_back(c.seconds);
    }
  }
  add(std::move(run));
}

RealBenchAnalysis analyze_real_bench(const hw::RealMpi& mpi, const RealBenchSamples& samples,
                                     const std::map<std::string, std::string>& own_settings) {
  RealBenchAnalysis out;
  out.library = samples.library();
  out.ranks = samples.ranks();
  // Each setting's repetitions, in order, by what was measured ("" the ping-pong, else the call).
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<const Run*>> by_setting;
  for (const Run& run : samples.runs()) by_setting[{run.call, run.variable, run.value}].push_back(&run);
  for (auto& [setting, runs] : by_setting) {
    std::stable_sort(runs.begin(), runs.end(),
                     [](const Run* a, const Run* b) { return a->repetition < b->repetition; });
  }
  for (const hw::RealMpiKnob& knob : mpi.knobs) {
    if (knob.bench_values.empty()) continue;
    const auto own = by_setting.find({knob.collective, "", ""});
    if (own == by_setting.end()) continue;
    KnobSweep sweep;
    sweep.variable = knob.variable;
    sweep.collective = knob.collective;
    sweep.requires_settings = knob.requires_settings;
    const auto set = own_settings.find(knob.variable);
    sweep.own_value = set != own_settings.end() ? set->second : knob.default_value;
    sweep.curves.push_back(curve_of(sweep.own_value, true, own->second, knob.collective.empty()));
    for (const std::string& value : knob.bench_values) {  // in the schema's order: increasing sizes
      const auto runs = by_setting.find({knob.collective, knob.variable, value});
      if (runs != by_setting.end())
        sweep.curves.push_back(curve_of(value, false, runs->second, knob.collective.empty()));
    }
    for (const SettingCurve& c : sweep.curves) sweep.against_own.push_back(compare(c, sweep.curves.front()));
    if (sweep.curves.size() < 2) continue;  // not swept: the ranks ran where it does not apply
    judge(sweep);
    sweep.fastest_by_size = fastest_by_size(sweep.curves);
    out.sweeps.push_back(std::move(sweep));
  }
  return out;
}

}  // namespace xo::analyzer

namespace xo::analyzer {

std::optional<RealSettingAdvice> advise_real_setting(const KnobSweep& sweep, std::span<const double> job_sizes) {
  if (sweep.curves.empty() || sweep.curves.front().bytes.empty()) return std::nullopt;
  std::map<double, std::size_t> sizes;  // the job's messages or calls by size
  for (double b : job_sizes) ++sizes[b];
  const SettingCurve& own = sweep.curves.front();
  std::vector<RealSettingAdvice> candidates;  // in increasing value, as the curves are
  for (std::size_t k = 1; k < sweep.curves.size(); ++k) {
    const SettingCurve& c = sweep.curves[k];
    if (c.bytes.empty()) continue;
    RealSettingAdvice a{sweep.variable, c.value, sweep.own_value, sweep.requires_settings, 0, 0, 0, 0, 0, 0};
    // Sizes beyond what both curves measured are not priced: extending two curves' last lines
    // far past the sweep would invent differences.
    const double measured_up_to = std::min(own.bytes.back(), c.bytes.back());
    bool slower_somewhere = false;
    for (const auto& [bytes, count] : sizes) {
      a.messages += count;
      if (bytes > measured_up_to) {
        a.unpriced += count;
        continue;
      }
      const double before = own.time_at(bytes), after = c.time_at(bytes);
      if (after > before * (1 + kSlowerBy)) slower_somewhere = true;
      a.predicted_seconds += (before - after) * static_cast<double>(count);
      if (std::abs(after - before) > kFasterBy * before) {
        if (a.affected == 0) a.smallest = bytes;
        a.largest = bytes;
        a.affected += count;
      }
    }
    if (slower_somewhere || a.affected == 0 || a.predicted_seconds <= 0) continue;
    candidates.push_back(a);
  }
  // The smallest value within kFasterBy of the largest saving: larger eager limits hold more of the
  // library's memory for what the measurements cannot tell apart.
  double most = 0;
  for (const RealSettingAdvice& a : candidates) most = std::max(most, a.predicted_seconds);
  for (const RealSettingAdvice& a : candidates) {
    if (a.predicted_seconds >= (1 - kFasterBy) * most) return a;
  }
  return std::nullopt;
}

}  // namespace xo::analyzer
