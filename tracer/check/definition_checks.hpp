#pragma once
// Reference checks over the global definitions: every string, system tree node, location group,
// location, region, group, communicator and attribute a definition names is itself defined, and
// communicator groups index what OTF2 says they index.

#include "problem_log.hpp"
#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

void check_definitions(const Definitions& defs, ProblemLog& log);

// The OTF2 name of a group type ("COMM_LOCATIONS"), for problem text.
const char* group_type_name(OTF2_GroupType type);

}  // namespace xo::tracer
