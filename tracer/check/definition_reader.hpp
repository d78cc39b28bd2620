#pragma once
// Reads an archive's global definitions into a Definitions table. A definition given twice is a
// problem; the first one is kept.

#include "definitions.hpp"
#include "problem_log.hpp"
#include "xo/tracer/otf2_trace_file.hpp"

namespace xo::tracer {

Definitions read_definitions(Otf2TraceFile& file, ProblemLog& log);

}  // namespace xo::tracer
