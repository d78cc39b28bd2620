#pragma once
// Reads the events of every location in index.read_order into the model's call and phase tables,
// and returns the message and collective records for matching. Locations are read independently,
// so with several threads each reads a contiguous share of the read order with a decoder of its
// own (evt_file_decoder.hpp, or an OTF2 reader: otf2_event_files.hpp). The first share goes straight into the model's
// tables, the others into tables of their own that are then appended in read order, a column per job on every thread:
// the model is the one a single thread reads, row for row.

#include <cstdint>

#include "definition_index.hpp"
#include "event_records.hpp"
#include "problem_log.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/tracer/otf2_trace_file.hpp"

namespace xo::analyzer {

// The events the definitions of the locations in index.read_order announce.
std::uint64_t announced_events(const DefinitionIndex& index, const TraceModel& model);

// How event files are decoded: by Crossover's own decoder (evt_file_decoder.hpp), or by libotf2.
enum class EventDecoding { Own, Otf2 };

// Reads on `threads` threads (read_threads.hpp), at most one per location. Problems found while
// reading go to model.problems, after those already there, in read order. If reading fails, the
// failure of the first location in read order that failed is thrown: with EventDecoding::Own,
// DecodingRefused for anything the own decoder does not read (the model is then incomplete); with
// Damage::Refuse, the refusal of a location that shows damage, and libotf2 is not handed an event
// file of Crossover's whose digest differs from the recorded one.
EventRecords read_locations(tracer::Otf2TraceFile& file, const DefinitionIndex& index, TraceModel& model,
                            unsigned threads, EventDecoding decoding, Damage damage, const ReadProgress& progress);

}  // namespace xo::analyzer
