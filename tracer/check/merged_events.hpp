#pragma once
// The checker's read of events: every location's events merged in time order (OTF2's global event
// reader), after their local definitions (mapping tables and clock offsets, which OTF2 then
// applies). The archive is opened as every reader of traces opens it (Otf2TraceFile), so a file
// OTF2 did not finish writing is refused before OTF2 parses it.

#include <otf2/otf2.h>

#include <vector>

#include "xo/tracer/otf2_trace_file.hpp"

namespace xo::tracer {

void read_merged_events(const Otf2TraceFile& file, const std::vector<OTF2_LocationRef>& locations,
                        const OTF2_GlobalEvtReaderCallbacks* callbacks, void* user_data);

}  // namespace xo::tracer
