#include "xo/analyzer/analysis/recommendations.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/hwmodels/machine_error.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace xo::analyzer {

namespace {

// Sizes the run used, with how many messages or calls had each.
std::map<double, std::size_t> run_sizes(const SwitchCrossover& s, const RunSamples& run) {
  std::map<double, std::size_t> sizes;
  if (s.point.operation.empty()) {
    for (const ProtocolSamples& p : run.messages) {
      for (const fit::LogGpSample& m : p.samples) ++sizes[m.bytes];
    }
  } else {
    for (const CollectiveSample& c : run.collectives) {
      // A crossover measured on communicators of one size prices calls on that size only.
      if (c.call == s.point.operation && (s.ranks == 0 || c.ranks == s.ranks)) ++sizes[c.size(s.point.unit)];
    }
  }
  return sizes;
}

std::string megabytes(std::int64_t bytes) { return number_text(static_cast<double>(bytes) / (1 << 20), 3) + " MiB"; }

// The memory the machine's MPI sets aside with the new value against now, when it changes.
std::string reserved_memory_change(const hw::Machine& machine, const std::string& variable, const std::string& value) {
  const hw::Machine::ReservedMemory now = machine.reserved_memory();
  try {
    const hw::Machine::ReservedMemory then = hw::configured_like(machine, {{variable, value}})->reserved_memory();
    if (then.bytes_per_rank == now.bytes_per_rank) return {};
    return "the MPI sets aside " + then.what + ": " + megabytes(now.bytes_per_rank) + " -> " +
           megabytes(then.bytes_per_rank) + " per rank";
  } catch (const hw::MachineError&) {  // a value the machine's MPI refuses is never recommended
    return {};
  }
}

std::optional<Recommendation> switch_recommendation(const hw::Machine& machine, const SwitchCrossover& s,
                                                    const RunSamples& run) {
  if (!s.best || !s.below.line || !s.above.line) return std::nullopt;
  const double now = static_cast<double>(s.setting);
  const double best = *s.best;
  if (std::llround(best) == s.setting) return std::nullopt;
  double saved = 0;
  std::size_t affected = 0;
  double smallest = 0, largest = 0;
  for (const auto& [size, count] : run_sizes(s, run)) {
    if (size < s.lo || size > s.hi) continue;  // both sides were measured only in between
    const bool before = s.point.serves_below(size, now);
    const bool after = s.point.serves_below(size, best);
    if (before == after) continue;
    const double x = switch_axis(s.point.unit, size);
    const double below = s.below.line->fit.predict(x).value;
    const double above = s.above.line->fit.predict(x).value;
    saved += static_cast<double>(count) * (before ? below - above : above - below);
    if (affected == 0) smallest = size;
    largest = size;
    affected += count;
  }
  if (!(saved > 0)) return std::nullopt;
  Recommendation r;
  r.variable = s.point.env_var;
  r.value = std::to_string(std::llround(best));
  r.predicted_seconds = saved;
  r.affected = affected;
  const std::string unit = hw::switch_unit_name(s.point.unit);
  const std::string what = s.point.operation.empty() ? "messages" : s.point.operation + " calls";
  const std::string sizes = smallest == largest ? number_text(smallest, 10) : number_text(smallest, 10) + " to " + number_text(largest, 10);
  r.evidence = std::to_string(affected) + " " + what + " of " + sizes + " " + unit + " move from " + (s.point.serves_below(smallest, now) ? s.below.name + " to " + s.above.name
                                                                         : s.above.name + " to " + s.below.name) +
               "; " + s.finding;
  if (const std::string reserved = reserved_memory_change(machine, r.variable, r.value); !reserved.empty()) {
    r.cost = reserved;
  } else if (s.point.operation.empty() && best > now) {
    r.cost = "each of these messages that arrives before its receive is posted holds up to " + number_text(largest, 10) +
             " bytes of the receiver's buffer space";
    if (machine.find_env_var("MPICH_UNEX_BUFFER_SIZE") != nullptr) {
      r.cost += " (MPICH_UNEX_BUFFER_SIZE=" + std::to_string(machine.env("MPICH_UNEX_BUFFER_SIZE")) + ")";
    }
  }
  return r;
}

// Whether the barrier algorithm a trace names is a tree with a branching factor.
bool barrier_uses_branching(const std::string& algorithm) {
  for (const hw::Algorithm a : hw::algorithms_for(hw::CollectiveOp::Barrier)) {
    if (hw::algorithm_name(a) == algorithm) return hw::uses_branching(a);
  }
  return false;
}

// The barriers the machine's tree serves, at the bench's best branching factor instead of now's.
std::optional<Recommendation> branching_recommendation(const hw::Machine& machine, const BenchAnalysis& bench,
                                                       const RunSamples& run) {
  if (!bench.branching) return std::nullopt;
  const BranchingFit& b = *bench.branching;
  const std::int64_t now = machine.env("XO_COLL_BRANCHING");
  if (b.chosen() == now) return std::nullopt;
  const auto& k = b.factors;
  const auto at = std::find(k.begin(), k.end(), static_cast<int>(now));
  if (at == k.end()) return std::nullopt;
  const double per_call = b.mean_seconds[static_cast<std::size_t>(at - k.begin())] - b.chosen_seconds();
  std::size_t calls = 0;
  for (const CollectiveSample& c : run.collectives) {
    if (c.call == "MPI_Barrier" && barrier_uses_branching(c.algorithm)) ++calls;
  }
  if (calls == 0 || !(per_call > 0)) return std::nullopt;
  Recommendation r;
  r.variable = "XO_COLL_BRANCHING";
  r.value = std::to_string(b.chosen());
  r.predicted_seconds = per_call * static_cast<double>(calls);
  r.affected = calls;
  r.evidence = std::to_string(calls) + " tree barriers; the best branching factor " +
               (b.model_holds() ? "by the fitted tree model" : "measured (the tree model does not fit)") + " is " +
               std::to_string(b.chosen()) + ", " + number_text(per_call * 1e6, 4) + " us a barrier faster than " +
               std::to_string(now);
  return r;
}

}  // namespace

std::vector<Recommendation> recommend(const hw::Machine& machine, const BenchAnalysis& bench, const RunSamples& run) {
  std::map<std::string, Recommendation> best_per_variable;
  auto keep = [&](Recommendation r) {
    auto [it, inserted] = best_per_variable.try_emplace(r.variable, r);
    if (!inserted && r.predicted_seconds > it->second.predicted_seconds) it->second = std::move(r);
  };
  for (const SwitchCrossover& s : bench.switches) {
    if (auto r = switch_recommendation(machine, s, run)) keep(std::move(*r));
  }
  if (auto r = branching_recommendation(machine, bench, run)) keep(std::move(*r));
  std::vector<Recommendation> out;
  for (auto& [variable, r] : best_per_variable) out.push_back(std::move(r));
  std::stable_sort(out.begin(), out.end(),
                   [](const Recommendation& a, const Recommendation& b) { return a.predicted_seconds > b.predicted_seconds; });
  return out;
}

}  // namespace xo::analyzer
