#include "xo/analyzer/analysis/bench_analysis.hpp"

#include <stdexcept>

#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace xo::analyzer {

BenchAnalysis analyze_bench(const hw::Machine& machine, const std::vector<std::string>& anchors,
                            const AnalysisProgress& progress) {
  std::vector<ProtocolSamples> messages;
  std::vector<CollectiveSample> collectives;
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    if (progress) progress(i, anchors.size());
    const TraceModel model = read_trace(anchors[i]);
    add_message_samples(model, messages);
    add_collective_samples(model, collectives);
  }
  if (progress) progress(anchors.size(), anchors.size());

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
  analysis.switches = find_switch_crossovers(machine, messages, collectives);
  analysis.branching = fit_branching(collectives);
  return analysis;
}

}  // namespace xo::analyzer
