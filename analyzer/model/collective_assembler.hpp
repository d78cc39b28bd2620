#pragma once
// Groups the members' collective records into instances: on each communicator, the k-th
// collective every member started is instance k (members of a communicator start its collectives,
// blocking and nonblocking, in the same order). Instances are ordered by communicator, then k;
// members by rank. Members that disagree on the operation, root or blocking are counted; the first
// member's values are kept.

#include "event_records.hpp"
#include "problem_log.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

void assemble_collectives(EventRecords& records, TraceModel& model, ProblemLog& log);

}  // namespace xo::analyzer
