#pragma once
// Reads an archive's global definitions into the one Definitions table the checker and the trace
// model share. A reference defined twice keeps its first definition; `defined_twice` is told of
// each later one ("region", 7), for the reader's own problem log.

#include <cstdint>
#include <functional>

#include "xo/tracer/otf2_trace_file.hpp"
#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

using DefinedTwice = std::function<void(const char* kind, std::uint64_t ref)>;

Definitions read_definitions(Otf2TraceFile& file, const DefinedTwice& defined_twice);

}  // namespace xo::tracer
