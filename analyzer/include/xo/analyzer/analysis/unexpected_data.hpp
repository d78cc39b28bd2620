#pragma once
// Messages that arrived before their receive was posted (or that no receive ever took), and the
// data they held at their receiver at once. Whether a message holds data there (an eager
// protocol) or only a header depends on the machine's protocol for its size and settings, so the
// analysis asks the machine, or the machine configured otherwise, rather than the trace's labels:
// that is how a lower eager limit is priced in buffer memory (seed 002, "What does this mean? (2)").

#include <vector>

#include "xo/analyzer/trace_model.hpp"
#include "xo/hwmodels/machine.hpp"

namespace xo::analyzer {

struct UnexpectedArrival {
  RankId sender = kNoRank;
  RankId receiver = kNoRank;
  double bytes = 0;
  double arrived = 0;  // the send event: the data lands a latency later at most, so this errs early
  double taken = 0;    // the receive posted; +infinity if no receive took it
};

std::vector<UnexpectedArrival> unexpected_arrivals(const TraceModel& model);

struct UnexpectedPeak {
  RankId receiver = kNoRank;
  double bytes = 0;            // the most data held at once at one receiver
  std::size_t messages = 0;    // messages holding it then
  double largest_message = 0;  // the largest of them
};

// The peak over every receiver, by `machine`'s protocols: only eager messages hold their data.
UnexpectedPeak peak_unexpected_data(const std::vector<UnexpectedArrival>& arrivals, const hw::Machine& machine);

}  // namespace xo::analyzer
