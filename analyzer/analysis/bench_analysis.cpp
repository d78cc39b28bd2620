#include "xo/analyzer/analysis/bench_analysis.hpp"

#include <algorithm>
#include <stdexcept>

#include "xo/analyzer/analysis/bench_trace.hpp"
#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/analysis/run_fits.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace xo::analyzer {

namespace {

// Whether the run had the machine's own settings: every variable the trace records has the value
// the machine has (the bench's other runs force one threshold each).
bool has_settings_of(const TraceModel& model, const hw::Machine& machine) {
  if (!model.run.crossover) return false;
  for (const Setting& s : model.run.crossover->environment) {
    const hw::EnvVar* var = machine.find_env_var(s.name);
    if (var != nullptr && machine.env_value_text(*var, machine.env(s.name)) != s.value) return false;
  }
  return true;
}

// Appends `more` to `into`, protocol by protocol, keeping the order of first appearance.
void merge(std::vector<ProtocolSamples>& into, std::vector<ProtocolSamples>&& more) {
  for (ProtocolSamples& p : more) {
    auto at =
        std::find_if(into.begin(), into.end(), [&](const ProtocolSamples& q) { return q.protocol == p.protocol; });
    if (at == into.end()) {
      into.push_back(std::move(p));
    } else {
      at->samples.insert(at->samples.end(), p.samples.begin(), p.samples.end());
    }
  }
}

}  // namespace

void BenchSamples::add(const TraceModel& trace, const hw::Machine& machine) {
  // Point-to-point models come from the ping-pongs alone: the messages inside a collective sweep
  // share NICs and links with each other, which is the collective's cost, not the protocol's.
  if (is_bench_pingpong(trace)) {
    add_message_samples(trace, messages);
    if (has_settings_of(trace, machine)) add_message_samples(trace, own_settings_messages);
  }
  add_collective_samples(trace, collectives);
}

void BenchSamples::add(BenchSamples&& other) {
  merge(messages, std::move(other.messages));
  merge(own_settings_messages, std::move(other.own_settings_messages));
  collectives.insert(collectives.end(), other.collectives.begin(), other.collectives.end());
}

BenchAnalysis analyze_bench(const hw::Machine& machine, const std::vector<std::string>& anchors,
                            const AnalysisProgress& progress) {
  BenchSamples samples;
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    if (progress) progress(i, anchors.size());
    samples.add(read_trace(anchors[i]), machine);
  }
  if (progress) progress(anchors.size(), anchors.size());
  return analyze_bench(machine, samples);
}

BenchAnalysis analyze_bench(const hw::Machine& machine, const BenchSamples& samples) {
  const auto& messages = samples.messages;
  BenchAnalysis analysis;
  for (const ProtocolSamples& p : messages) {
    ProtocolModel model{p.protocol, p.samples.size(), std::nullopt, {}};
    try {
      model.loggp = fit::fit_loggp(p.samples);
    } catch (const std::invalid_argument& too_few) {
      model.missing = too_few.what();
    }
    analysis.protocols.push_back(std::move(model));
  }
  analysis.protocol_costs = measure_protocol_costs(messages);
  analysis.switches = find_switch_crossovers(machine, messages, samples.collectives);
  analysis.branching = fit_branching(samples.collectives);
  const bool has_branching = machine.find_env_var("XO_COLL_BRANCHING") != nullptr;
  analysis.collective_models = fit_collective_models(
      samples.collectives, has_branching ? static_cast<int>(machine.env("XO_COLL_BRANCHING")) : 0);
  analysis.unlabelled = fit_boundaries(samples.own_settings_messages);
  return analysis;
}

}  // namespace xo::analyzer
