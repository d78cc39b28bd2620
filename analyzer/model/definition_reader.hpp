#pragma once
// The archive's global definitions as OTF2 gives them (refs not yet resolved: a definition may
// name one that comes later). Only what the model uses is registered; OTF2 skips the rest.

#include <otf2/otf2.h>

#include <cstdint>
#include <string>
#include <vector>

#include "xo/tracer/otf2_trace_file.hpp"

namespace xo::analyzer {

struct RawDefinitions {
  struct String {
    OTF2_StringRef ref;
    std::string text;
  };
  struct Attribute {
    OTF2_AttributeRef ref;
    OTF2_StringRef name;
    OTF2_Type type;
  };
  struct Location {
    OTF2_LocationRef ref;
    OTF2_StringRef name;
    OTF2_LocationType type;
    std::uint64_t events;
    OTF2_LocationGroupRef group;
  };
  struct Region {
    OTF2_RegionRef ref;
    OTF2_StringRef name;
    OTF2_RegionRole role;
    OTF2_Paradigm paradigm;
  };
  // A location property of type uint64 (Crossover's writer records event file digests so).
  struct LocationNumber {
    OTF2_LocationRef location;
    OTF2_StringRef name;
    std::uint64_t value;
  };
  struct SourceCodeLocation {
    OTF2_SourceCodeLocationRef ref;
    OTF2_StringRef file;
    std::uint32_t line;
  };
  struct CallingContext {
    OTF2_CallingContextRef ref;
    OTF2_RegionRef region;
    OTF2_SourceCodeLocationRef location;
  };
  struct Group {
    OTF2_GroupRef ref;
    OTF2_GroupType type;
    OTF2_Paradigm paradigm;
    OTF2_GroupFlag flags;
    std::vector<std::uint64_t> members;
  };
  struct Comm {
    OTF2_CommRef ref;
    OTF2_StringRef name;
    OTF2_GroupRef group;                                // an InterComm's group A
    OTF2_CommRef parent;                                // an InterComm's common communicator
    OTF2_GroupRef remote_group = OTF2_UNDEFINED_GROUP;  // an InterComm's group B
  };

  bool has_clock = false;
  std::uint64_t timer_resolution = 0;
  std::uint64_t global_offset = 0;
  std::uint64_t trace_length = 0;
  std::vector<String> strings;
  std::vector<Attribute> attributes;
  std::vector<Location> locations;
  std::vector<LocationNumber> location_numbers;
  std::vector<Region> regions;
  std::vector<SourceCodeLocation> source_locations;
  std::vector<CallingContext> calling_contexts;
  std::vector<Group> groups;
  std::vector<Comm> comms;
};

RawDefinitions read_definitions(tracer::Otf2TraceFile& file);

}  // namespace xo::analyzer
