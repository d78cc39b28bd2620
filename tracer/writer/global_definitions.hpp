#pragma once
// The archive's global definitions, written once the events are (the locations carry their event
// counts): clock, strings, attributes, system tree, location groups, locations, regions, the MPI
// groups and communicators.

#include <otf2/otf2.h>

#include <cstdint>
#include <string>
#include <vector>

#include "archive_plan.hpp"
#include "otf2_status.hpp"
#include "trace_recorder.hpp"

namespace xo::tracer {

struct LocationRecord {
  OTF2_LocationRef id;
  std::string name;
  OTF2_LocationGroupRef group;  // the rank
  std::uint64_t events;
  std::uint64_t digest = 0;  // of its event file (xo/tracer/file_digest.hpp)
};

// `locations` in id order. Adds its strings to the plan's table.
void write_global_definitions(OTF2_GlobalDefWriter* writer, const TraceRecorder& run, ArchivePlan& plan,
                              const std::vector<LocationRecord>& locations, const Otf2Status& status);

}  // namespace xo::tracer
