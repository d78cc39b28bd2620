#pragma once
// Pairs sends with receives into the model's MessageTable: per (communicator, sender, receiver,
// tag), the n-th send with the n-th receive (MPI's non-overtaking rule). Both sides are ordered by
// the key with a sort, keeping each side's own order within a key, then walked together:
// O(n log n). What is left over on either side is counted and the first few described.

#include "event_records.hpp"
#include "problem_log.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

void match_messages(const EventRecords& records, TraceModel& model, ProblemLog& log);

}  // namespace xo::analyzer
