#pragma once
// An archive's global definitions as read, before any is checked or resolved: references are kept
// as the archive gives them (a definition may name one that comes later, or none), so the checker
// can report a dangling one and the trace model can resolve them into its tables. One table for
// every reader (xo/tracer/definition_reader.hpp); events are never stored here.

#include <otf2/otf2.h>

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "xo/tracer/definition_table.hpp"

namespace xo::tracer {

// A location's position in definition order: per-location state is kept in vectors by it.
using LocationIndex = std::uint32_t;
inline constexpr LocationIndex kNoLocation = std::numeric_limits<LocationIndex>::max();

struct Definitions {
  // OTF2 ClockProperties: ticks per second, the first tick, the length in ticks.
  struct Clock {
    bool defined = false;
    std::uint64_t resolution = 0;
    std::uint64_t global_offset = 0;
    std::uint64_t trace_length = 0;
  };
  struct Attribute {
    OTF2_StringRef name;
    OTF2_StringRef description;
    OTF2_Type type;
  };
  struct SystemTreeNode {
    OTF2_StringRef name;
    OTF2_StringRef class_name;
    OTF2_SystemTreeNodeRef parent;
  };
  struct LocationGroup {
    OTF2_StringRef name;
    OTF2_SystemTreeNodeRef parent;
    OTF2_LocationGroupRef creator;
  };
  struct Location {
    OTF2_LocationRef ref;
    OTF2_StringRef name;
    OTF2_LocationType type;
    OTF2_LocationGroupRef group;
    std::uint64_t events;  // as the definition announces them
    // A rank `xo record --trace-ranks` left out (xo/tracer/trace_filter.hpp): the archive names it
    // in its COMM_LOCATIONS groups and defines no location (nor files) for it; the reader adds
    // one, without events, so that communicators resolve.
    bool untraced = false;
  };
  struct Region {
    OTF2_StringRef name;
    OTF2_StringRef canonical_name;
    OTF2_StringRef description;
    OTF2_RegionRole role;
    OTF2_Paradigm paradigm;
    OTF2_StringRef source_file;
  };
  struct SourceCodeLocation {
    OTF2_StringRef file;
    std::uint32_t line;
  };
  struct CallingContext {
    OTF2_RegionRef region;
    OTF2_SourceCodeLocationRef source_code_location;
    OTF2_CallingContextRef parent;
  };
  struct Group {
    OTF2_StringRef name;
    OTF2_GroupType type;
    OTF2_Paradigm paradigm;
    OTF2_GroupFlag flags;
    std::vector<std::uint64_t> members;
    std::uint32_t order;  // position among the group definitions: COMM_LOCATIONS must precede COMM_GROUP
  };
  struct Comm {
    OTF2_StringRef name;
    OTF2_GroupRef group;         // group A of an inter-communicator
    OTF2_GroupRef remote_group;  // group B of an inter-communicator; OTF2_UNDEFINED_GROUP otherwise
    OTF2_CommRef parent;         // the common communicator of an inter-communicator
    OTF2_CommFlag flags;
    bool inter;
  };
  enum class PropertyOwner { SystemTreeNode, LocationGroup, Location, Paradigm };
  struct Property {
    PropertyOwner owner_kind;
    std::uint64_t owner;
    OTF2_StringRef name;  // OTF2_UNDEFINED_STRING for paradigm properties, which are named by an enum
    OTF2_Type type;
    OTF2_AttributeValue value;
  };

  Clock clock;
  DefinitionTable<OTF2_StringRef, std::string> strings;
  DefinitionTable<OTF2_AttributeRef, Attribute> attributes;
  DefinitionTable<OTF2_SystemTreeNodeRef, SystemTreeNode> system_tree_nodes;
  DefinitionTable<OTF2_LocationGroupRef, LocationGroup> location_groups;
  std::vector<Location> locations;  // in definition order, the first of each ref
  std::unordered_map<OTF2_LocationRef, LocationIndex> location_index;
  // The archive records a trace filter (xo/tracer/trace_filter.hpp) of calls or of time: a message's
  // other end, a request's completion, may have been left out of it.
  bool events_filtered = false;
  DefinitionTable<OTF2_RegionRef, Region> regions;
  DefinitionTable<OTF2_SourceCodeLocationRef, SourceCodeLocation> source_code_locations;
  DefinitionTable<OTF2_CallingContextRef, CallingContext> calling_contexts;
  DefinitionTable<OTF2_GroupRef, Group> groups;
  DefinitionTable<OTF2_CommRef, Comm> comms;
  DefinitionTable<OTF2_Paradigm, OTF2_StringRef> paradigms;
  // The first COMM_LOCATIONS group of each paradigm: the one its COMM_GROUP groups index into.
  std::unordered_map<OTF2_Paradigm, OTF2_GroupRef> comm_locations;
  std::vector<Property> properties;

  LocationIndex find_location(OTF2_LocationRef ref) const {
    auto it = location_index.find(ref);
    return it == location_index.end() ? kNoLocation : it->second;
  }
  // Whether a typed value that is a reference names a definition this table keeps; values of other
  // types (numbers, and references to definitions not kept, such as metrics) always resolve.
  bool resolves(OTF2_Type type, const OTF2_AttributeValue& value) const;

  // Labels for problem text: `location 3 "rank 3"`, `region 7 "MPI_Send"`, `region 99 (undefined)`.
  std::string location_label(LocationIndex location) const;
  std::string region_label(OTF2_RegionRef ref) const;
  std::string comm_label(OTF2_CommRef ref) const;
  std::string group_label(OTF2_GroupRef ref) const;
  std::string attribute_label(OTF2_AttributeRef ref) const;
  std::string paradigm_label(OTF2_Paradigm paradigm) const;
  std::string string_label(OTF2_StringRef ref) const;  // `string 12`, or `string 12 (undefined)`

 private:
  std::string named(const char* kind, std::uint64_t ref, bool defined, OTF2_StringRef name) const;
};

// `"text"`, with quotes and backslashes escaped so a problem stays one line.
std::string quoted(const std::string& text);

// The OTF2 name of a type or collective operation, for problem text ("UINT64", "BCAST").
std::string type_name(OTF2_Type type);
std::string collective_op_name(OTF2_CollectiveOp op);

}  // namespace xo::tracer
