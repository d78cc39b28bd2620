#include "xo/analyzer/analysis/recommendations.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <set>

#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/hwmodels/collective_table.hpp"
#include "xo/hwmodels/machine_error.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace xo::analyzer {

namespace {

// Sizes of the collective calls the run made, with how many calls had each.
std::map<double, std::size_t> run_sizes(const SwitchCrossover& s, const RunSamples& run) {
  std::map<double, std::size_t> sizes;
  for (const CollectiveSample& c : run.collectives) {
    // A crossover measured on communicators of one size prices calls on that size only.
    if (c.call == s.point.operation && (s.ranks == 0 || c.ranks == s.ranks)) ++sizes[c.size(s.point.unit)];
  }
  return sizes;
}

std::string megabytes(std::int64_t bytes) { return bytes_text(static_cast<double>(bytes)); }

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

// A message on one side of a protocol threshold, and what moving it to the other side would change.
struct MovableMessage {
  double bytes = 0;
  bool below_now = false;
  EndsChange change;  // moved to the other side
};

// What a setting does to the run's messages it moves, against now.
struct ThresholdEffect {
  double value = 0;
  EndsChange change;
  std::size_t moved = 0;
  double smallest = 0, largest = 0;
  bool to_below = false;  // the moved messages go to the `below` protocol

  void add(double bytes, const EndsChange& c) {
    change.receiver += c.receiver;
    change.sender += c.sender;
    smallest = moved == 0 ? bytes : std::min(smallest, bytes);
    largest = std::max(largest, bytes);
    ++moved;
  }
};

ThresholdEffect effect_of(const hw::SwitchPoint& point, double value, const std::vector<MovableMessage>& messages) {
  ThresholdEffect e;
  e.value = value;
  for (const MovableMessage& m : messages) {
    if (point.serves_below(m.bytes, value) == m.below_now) continue;
    e.add(m.bytes, m.change);
    e.to_below = !m.below_now;
  }
  return e;
}

bool accepted(const hw::Machine& machine, const std::string& variable, double value) {
  try {
    hw::configured_like(machine, {{variable, std::to_string(std::llround(value))}});
    return true;
  } catch (const hw::MachineError&) {
    return false;
  }
}

// "held 12 µs less", "held 3.1 ms more".
std::string held_text(double change) {
  return "held " + duration_text(std::abs(change)) + " " + (change <= 0 ? "less" : "more");
}

// "16 KiB", "128 KiB to 256 KiB".
std::string size_range_text(double smallest, double largest) {
  return smallest == largest ? bytes_text(smallest) : bytes_text(smallest) + " to " + bytes_text(largest);
}

// A setting that moves messages from one protocol to another, with what the move does at both ends.
Recommendation moved_messages(const hw::Machine& machine, const std::string& variable, const std::string& value,
                              const ThresholdEffect& e, const std::string& from, const std::string& to) {
  Recommendation r;
  r.variable = variable;
  r.value = value;
  r.predicted_seconds = -e.change.total();
  r.affected = e.moved;
  r.evidence = std::to_string(e.moved) + " messages of " + size_range_text(e.smallest, e.largest) + " move from " +
               from + " to " + to + ": receivers " + held_text(e.change.receiver) + ", senders " +
               held_text(e.change.sender) + " (the bench's costs at both ends)";
  r.cost = reserved_memory_change(machine, variable, value);
  r.moves = Recommendation::MovedMessages{from, e.smallest, e.largest};
  return r;
}

// A protocol option (MPICH_PTL_EAGER_LONG=1): every message of its protocol moves, priced at both
// ends; recommended when they gain in all.
std::optional<Recommendation> option_recommendation(const hw::Machine& machine, const BenchAnalysis& bench,
                                                    const hw::ProtocolOption& o, const RunSamples& run) {
  const ProtocolCosts* from = find_costs(bench.protocol_costs, o.from);
  const ProtocolCosts* to = find_costs(bench.protocol_costs, o.to);
  if (from == nullptr || to == nullptr) return std::nullopt;
  ThresholdEffect e;
  for (const MessageEnds& m : run.message_ends) {
    if (m.protocol != o.from) continue;
    const auto change = price_change(m, *from, *to);
    if (!change) return std::nullopt;  // a size the bench did not measure: no claim about all of them
    e.add(m.bytes, *change);
  }
  if (e.moved == 0 || !(e.change.total() < 0)) return std::nullopt;
  return moved_messages(machine, o.env_var, o.value, e, o.from, o.to);
}

// A protocol threshold: the value, among those that split the run's own message sizes, that saves
// the most blocked time at both ends of the messages it moves.
std::optional<Recommendation> threshold_recommendation(const hw::Machine& machine, const BenchAnalysis& bench,
                                                       const SwitchCrossover& s, const RunSamples& run) {
  const ProtocolCosts* below = find_costs(bench.protocol_costs, s.point.below);
  const ProtocolCosts* above = find_costs(bench.protocol_costs, s.point.above);
  if (below == nullptr || above == nullptr) return std::nullopt;
  std::vector<MovableMessage> messages;
  std::set<double> unpriced;  // sizes no value may move: the bench did not measure both sides there
  for (const MessageEnds& m : run.message_ends) {
    const bool below_now = m.protocol == s.point.below;
    if (!below_now && m.protocol != s.point.above) continue;  // another path (on-node): not this variable's
    const auto change = below_now ? price_change(m, *below, *above) : price_change(m, *above, *below);
    if (change) {
      messages.push_back({m.bytes, below_now, *change});
    } else {
      unpriced.insert(m.bytes);
    }
  }
  if (messages.empty()) return std::nullopt;
  // Values that put each size on either side: the sizes themselves and one past them.
  std::set<double> values;
  for (const MovableMessage& m : messages) values.insert({m.bytes, m.bytes + (s.point.value_is_first_above ? 1 : -1)});
  const double now = static_cast<double>(s.setting);
  std::optional<ThresholdEffect> best;
  for (const double v : values) {
    if (std::any_of(unpriced.begin(), unpriced.end(),
                    [&](double b) { return s.point.serves_below(b, v) != s.point.serves_below(b, now); })) {
      continue;
    }
    ThresholdEffect e = effect_of(s.point, v, messages);
    if (e.moved == 0 || !(e.change.total() < 0)) continue;
    // Ties go to the value that moves fewer messages: no change the measurements do not ask for.
    const bool better = !best || e.change.total() < best->change.total() - 1e-15 ||
                        (e.change.total() <= best->change.total() + 1e-15 && e.moved < best->moved);
    if (better && accepted(machine, s.point.env_var, v)) best = e;
  }
  if (!best) return std::nullopt;
  Recommendation r =
      moved_messages(machine, s.point.env_var, std::to_string(std::llround(best->value)), *best,
                     best->to_below ? s.above.name : s.below.name, best->to_below ? s.below.name : s.above.name);
  r.evidence += "; " + s.finding;
  if (r.cost.empty() && best->value > now) {
    r.cost = "each of these messages that arrives before its receive is posted holds up to " +
             bytes_text(best->largest) + " of the receiver's buffer space";
    if (machine.find_env_var("MPICH_UNEX_BUFFER_SIZE") != nullptr) {
      r.cost += " (MPICH_UNEX_BUFFER_SIZE=" + std::to_string(machine.env("MPICH_UNEX_BUFFER_SIZE")) + ")";
    }
  }
  return r;
}

// A collective switch: the calls the bench's best value moves, priced by the lines of both sides.
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
  const std::string what = s.point.operation + " calls";
  r.evidence = std::to_string(affected) + " " + what + " of " +
               switch_size_range_text(s.point.unit, smallest, largest) + " move from " +
               (s.point.serves_below(smallest, now) ? s.below.name + " to " + s.above.name
                                                    : s.above.name + " to " + s.below.name) +
               "; " + s.finding;
  if (const std::string reserved = reserved_memory_change(machine, r.variable, r.value); !reserved.empty()) {
    r.cost = reserved;
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
               std::to_string(b.chosen()) + ", " + duration_text(per_call) + " a barrier faster than " +
               std::to_string(now);
  return r;
}

// The largest value of a lower eager limit under which the held data would have fitted, by asking
// the machine so configured which messages still carry their data; none if no limit helps.
std::optional<std::pair<hw::SwitchPoint, std::int64_t>> fitting_eager_limit(const hw::Machine& machine,
                                                                            const RunSamples& run,
                                                                            const UnexpectedPeak& peak, double limit) {
  std::set<double, std::greater<>> values;  // just below each size that was held
  for (const UnexpectedArrival& a : run.unexpected) {
    if (a.receiver == peak.receiver && a.bytes >= 1) values.insert(a.bytes - 1);
  }
  for (const hw::SwitchPoint& s : machine.switch_points()) {
    if (!s.operation.empty() || s.value_is_first_above) continue;
    for (const double v : values) {
      if (v >= static_cast<double>(machine.env(s.env_var))) continue;  // only a lower limit helps
      try {
        const auto then = hw::configured_like(machine, {{s.env_var, std::to_string(std::llround(v))}});
        if (peak_unexpected_data(run.unexpected, *then).bytes <= limit) return std::pair{s, std::llround(v)};
      } catch (const hw::MachineError&) {
      }
    }
  }
  return std::nullopt;
}

// The receiver's buffer for unexpected data overflowed and the run failed (seed 002, "What does
// this mean? (2)": raise MPICH_UNEX_BUFFER_SIZE and/or lower MPICH_MAX_SHORT_MSG_SIZE). The trace
// shows how much data was held when it failed, not how much the rest of the run would have
// needed, so the buffer is doubled; a lower eager limit is named too, but only as the alternative:
// a program whose receives come after a later call of the sender (sends before a barrier) relies
// on buffering and deadlocks without it.
std::optional<Recommendation> unexpected_buffer_recommendation(const hw::Machine& machine, const RunSamples& run) {
  const hw::ReceiveResources limits = machine.receive_resources();
  if (limits.unexpected_buffer_bytes < 0 || limits.unexpected_buffer_variable.empty() || run.unexpected.empty()) {
    return std::nullopt;
  }
  const auto limit = static_cast<double>(limits.unexpected_buffer_bytes);
  const UnexpectedPeak peak = peak_unexpected_data(run.unexpected, machine);
  if (peak.bytes <= limit) return std::nullopt;
  constexpr double kMiB = 1 << 20;
  const auto buffer = static_cast<std::int64_t>(std::ceil(2 * peak.bytes / kMiB) * kMiB);
  if (!accepted(machine, limits.unexpected_buffer_variable, static_cast<double>(buffer))) return std::nullopt;
  Recommendation r;
  r.variable = limits.unexpected_buffer_variable;
  r.value = std::to_string(buffer);
  r.required = true;
  r.affected = peak.messages;
  r.evidence = "rank " + std::to_string(peak.receiver) + " held " + megabytes(static_cast<std::int64_t>(peak.bytes)) +
               " of unexpected data in " + std::to_string(peak.messages) + " messages (up to " +
               bytes_text(peak.largest_message) + ") beyond " + r.variable + "=" +
               std::to_string(limits.unexpected_buffer_bytes) +
               " when the run failed; twice that, since the run could not show what the rest of it needed";
  r.cost = megabytes(buffer) + " of buffer per rank";
  if (const auto lower = fitting_eager_limit(machine, run, peak, limit)) {
    r.cost += "; or export " + lower->first.env_var + "=" + std::to_string(lower->second) +
              ": the larger messages then leave their data with the sender (" + lower->first.above +
              "), if the program does not rely on their being buffered (a send whose receive comes after a "
              "later call of the sender, such as a barrier, then deadlocks)";
  }
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
    auto r = s.point.operation.empty() ? threshold_recommendation(machine, bench, s, run)
                                       : switch_recommendation(machine, s, run);
    if (r) keep(std::move(*r));
  }
  for (const hw::ProtocolOption& o : machine.protocol_options()) {
    if (auto r = option_recommendation(machine, bench, o, run)) keep(std::move(*r));
  }
  if (auto r = branching_recommendation(machine, bench, run)) keep(std::move(*r));
  std::vector<Recommendation> all;
  for (auto& [variable, r] : best_per_variable) all.push_back(std::move(r));
  std::stable_sort(all.begin(), all.end(), [](const Recommendation& a, const Recommendation& b) {
    return a.predicted_seconds > b.predicted_seconds;
  });
  std::vector<Recommendation> out;
  if (auto r = unexpected_buffer_recommendation(machine, run)) {
    // What the run needs to finish replaces any saving the same variable was to bring.
    std::erase_if(all, [&](const Recommendation& other) { return other.variable == r->variable; });
    out.push_back(std::move(*r));
  }
  std::vector<Recommendation> alternatives;
  for (Recommendation& r : all) {
    const auto kept = std::find_if(out.begin(), out.end(), [&](const Recommendation& k) {
      return r.moves && k.moves && k.moves->overlaps(*r.moves);
    });
    if (kept == out.end()) {
      out.push_back(std::move(r));
    } else {  // the same messages another way: listed after, not added
      r.alternative_to = kept->variable;
      alternatives.push_back(std::move(r));
    }
  }
  out.insert(out.end(), std::make_move_iterator(alternatives.begin()), std::make_move_iterator(alternatives.end()));
  return out;
}

}  // namespace xo::analyzer
