#pragma once
// Reads the events of every location in index.read_order into the model's call and phase tables,
// and returns the message and collective records for matching. Locations are read independently
// (OTF2 gives each its own reader), so with several threads each reads a contiguous share of the
// read order into tables of its own, and the shares are appended in read order: the model is the
// one a single thread reads, row for row.

#include <cstdint>

#include "definition_index.hpp"
#include "event_records.hpp"
#include "otf2_trace_file.hpp"
#include "problem_log.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace xo::analyzer {

// The threads: XO_READ_THREADS if set (1 reads serially), else one per core up to 8, and one for
// an archive of fewer than 200,000 events. Problems found while reading go to model.problems,
// after those already there, in read order.
EventRecords read_locations(Otf2TraceFile& file, const DefinitionIndex& index, TraceModel& model,
                            const ReadProgress& progress);

}  // namespace xo::analyzer
