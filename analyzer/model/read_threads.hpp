#pragma once
// How many threads read a trace (location_reading.hpp, message_matcher.hpp): XO_READ_THREADS if
// set, else one per core up to 8, and one for an archive of fewer than 200,000 events, where
// starting threads costs more than they save.

#include <cstdint>

#include "xo/tracer/otf2_trace_file.hpp"

namespace xo::analyzer {

// `events` is what the location definitions announce. A XO_READ_THREADS that is not a whole number
// from 1 to 64 (1 reads serially) fails through `file`: one message naming the variable and the
// values it takes. Set but empty, it counts as unset.
unsigned read_threads(std::uint64_t events, const tracer::Otf2TraceFile& file);

}  // namespace xo::analyzer
