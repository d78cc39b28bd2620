#pragma once
// Settings to change for one traced run, each with its predicted saving, the evidence (which calls,
// sizes, crossover) and the cost (the receive-buffer memory a larger eager limit asks for).
// A protocol threshold takes the value that saves the run's own messages the most time at both
// ends (message_ends.hpp), among the sizes the run sent; a collective switch prices the calls it
// moves with the bench's fitted lines of both algorithms.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "xo/analyzer/analysis/bench_analysis.hpp"
#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/analysis/message_ends.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/analysis/unexpected_data.hpp"

namespace xo::analyzer {

struct Recommendation {
  std::string variable;  // "MPICH_MAX_SHORT_MSG_SIZE"
  std::string value;     // "262144"
  // Saved: the time the affected messages hold their senders and receivers, or the affected
  // collective calls' time (their slowest member's), by the bench's measurements.
  double predicted_seconds = 0;
  std::size_t affected = 0;  // messages or collective calls that change side
  std::string evidence;      // one line
  std::string cost;          // one line, empty if none is known
  // Point-to-point: the protocol whose messages of these sizes it moves. Two settings that move the
  // same messages are alternatives, not savings to add: the one predicted to save less is listed
  // after, as an alternative, for the simulation of the program to judge (report_candidates).
  struct MovedMessages {
    std::string protocol;
    double smallest = 0, largest = 0;
    bool overlaps(const MovedMessages& o) const {
      return protocol == o.protocol && smallest <= o.largest && o.smallest <= largest;
    }
  };
  std::optional<MovedMessages> moves;
  // The run failed for want of it (an exhausted buffer): listed first, with no saving to predict.
  bool required = false;
  // The variable of the setting predicted to save more on the same messages; empty if none. An
  // alternative's saving is not added to that one's, and it is applied only if the simulation
  // chooses it.
  std::string alternative_to;

  // Settings without which this one has no effect, exported and verified with it (Open MPI's forced
  // collective algorithms need OMPI_MCA_coll_tuned_use_dynamic_rules=1).
  std::vector<std::pair<std::string, std::string>> with;

  std::string export_line() const {
    std::string line = "export";
    for (const auto& [name, setting] : with) line += " " + name + "=" + setting;
    return line + " " + variable + "=" + value;
  }
  // A knob of this tool (XO_...), where the machine's MPI had none: an experiment with the model,
  // not a setting a user of the real machine could make.
  bool model_experiment() const { return variable.rfind("XO_", 0) == 0; }
};

struct RunSamples {
  std::vector<ProtocolSamples> messages;
  std::vector<MessageEnds> message_ends;
  std::vector<UnexpectedArrival> unexpected;
  std::vector<CollectiveSample> collectives;
};

// What the run needed first (required), then the largest saving first, alternatives after the
// setting they compete with; only changes the models predict to save time.
std::vector<Recommendation> recommend(const hw::Machine& machine, const BenchAnalysis& bench, const RunSamples& run);

}  // namespace xo::analyzer
