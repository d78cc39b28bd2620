#pragma once
// Reads an archive's global definitions into a Definitions table. A definition given twice is a
// problem; the first one is kept.

#include "definitions.hpp"
#include "otf2_archive.hpp"
#include "problem_log.hpp"

namespace xo::tracer {

Definitions read_definitions(Otf2Archive& archive, ProblemLog& log);

}  // namespace xo::tracer
