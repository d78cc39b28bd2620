#pragma once
// What `xo bench` concludes from the traces of its runs on one machine: a LogGP model per protocol,
// where each of the machine's switch points should be, the best tree branching factor and each
// collective algorithm's time against bytes and ranks.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/branching_fit.hpp"
#include "xo/analyzer/analysis/collective_model.hpp"
#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/analysis/protocol_costs.hpp"
#include "xo/analyzer/analysis/switch_crossovers.hpp"
#include "xo/analyzer/fit/loggp_fit.hpp"
#include "xo/analyzer/fit/segmented_fit.hpp"
#include "xo/hwmodels/machine.hpp"

namespace xo::analyzer {

struct ProtocolModel {
  std::string protocol;
  std::size_t samples = 0;
  std::optional<fit::LogGpFit> loggp;
  std::string missing;  // why there is no fit (too few samples of a kind), when there is none
};

struct BenchAnalysis {
  std::vector<ProtocolModel> protocols;       // in order of first appearance
  std::vector<ProtocolCosts> protocol_costs;  // what each protocol costs each end, by size
  std::vector<SwitchCrossover> switches;
  std::optional<BranchingFit> branching;
  // Time against bytes and communicator size per collective algorithm, where the runs measured it
  // on three or more sizes (xo bench --ranks 8,16,32).
  std::vector<CollectiveModel> collective_models;
  // Protocol boundaries found without the trace's labels, as on a real MPI: a segmented fit of
  // end-to-end time against bytes over the runs with the machine's own settings.
  std::optional<fit::SegmentedFit> unlabelled;
};

// What the bench's traces hold for the analysis, gathered one trace at a time so that each can be
// deleted once read.
struct BenchSamples {
  std::vector<ProtocolSamples> messages;
  std::vector<ProtocolSamples> own_settings_messages;  // of the runs with the machine's own settings
  std::vector<CollectiveSample> collectives;

  // `machine` carries the settings the runs had in common (parameters, the user's environment).
  void add(const TraceModel& trace, const hw::Machine& machine);
  // Adds another's samples (a run's, from the report's bench cache).
  void add(BenchSamples&& other);
};

BenchAnalysis analyze_bench(const hw::Machine& machine, const BenchSamples& samples);

// Called with the number of traces read so far and the total.
using AnalysisProgress = std::function<void(std::size_t done, std::size_t total)>;

// `machine` carries the settings the runs had in common (parameters, the user's environment).
// Throws TraceReadError if a trace cannot be read.
BenchAnalysis analyze_bench(const hw::Machine& machine, const std::vector<std::string>& anchors,
                            const AnalysisProgress& progress = {});

}  // namespace xo::analyzer
