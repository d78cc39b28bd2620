#pragma once
// Pairs sends with receives into the model's MessageTable: per (communicator, sender, receiver,
// tag), the n-th send with the n-th receive (MPI's non-overtaking rule).
//
// Both sides are first ordered by (sender, receiver), each side keeping its own order, by stable
// counting sorts: O(records + ranks). A side's own rank (a send's sender, a receive's receiver) is
// not a column: the reader reads ranks in order, so each rank's sides are a range of rows. Within a pair, a program's
// receives usually come in the order of its sends, so the two lists are walked together while each send and receive
// agree on communicator and tag; from the first disagreement on, the rest of the pair is matched per (communicator,
// tag) after a stable sort of just that rest. Messages come out ordered by sender, then receiver. What is left over on
// either side is counted and the first few described.
//
// On `threads` threads (read_threads.hpp) the two sides are ordered at once, and each side's half
// of the message table's columns is filled by two jobs. The sends and receives of `records` are
// consumed: each side is freed as soon as its columns are written.

#include "event_records.hpp"
#include "problem_log.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

void match_messages(EventRecords& records, TraceModel& model, ProblemLog& log, unsigned threads);

}  // namespace xo::analyzer
