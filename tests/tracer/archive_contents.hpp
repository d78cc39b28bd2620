#pragma once
// An OTF2 archive read back with OTF2's reader into plain values, for tests to check what a writer
// wrote. Events keep their record name, time, fields in OTF2's callback order and attributes by
// attribute name (strings resolved, numbers in decimal).

#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace xo::test {

struct ReadEvent {
  std::string record;  // "Enter", "MpiSend", ...
  std::uint64_t time = 0;
  std::vector<std::uint64_t> fields;
  std::map<std::string, std::string> attributes;
};

struct ArchiveContents {
  struct SystemTreeNode {
    std::string name;
    std::string class_name;
    OTF2_SystemTreeNodeRef parent;
  };
  struct LocationGroup {
    std::string name;
    OTF2_LocationGroupType type;
    OTF2_SystemTreeNodeRef parent;
  };
  struct Location {
    OTF2_LocationRef id;
    std::string name;
    OTF2_LocationType type;
    std::uint64_t events;
    OTF2_LocationGroupRef group;
  };
  struct Region {
    std::string name;
    std::string canonical_name;
    OTF2_RegionRole role;
    OTF2_Paradigm paradigm;
    std::string source_file;
  };
  struct Attribute {
    std::string name;
    OTF2_Type type;
  };
  struct Group {
    std::string name;
    OTF2_GroupType type;
    OTF2_Paradigm paradigm;
    std::vector<std::uint64_t> members;
  };
  struct Comm {
    std::string name;
    OTF2_GroupRef group;
    OTF2_CommRef parent;  // an InterComm's common communicator
    OTF2_CommFlag flags;
    OTF2_GroupRef remote_group = OTF2_UNDEFINED_GROUP;  // an InterComm's group B (group is its group A)
  };

  std::string creator;
  std::string machine_name;
  std::string description;
  std::map<std::string, std::string> properties;
  std::uint64_t timer_resolution = 0;
  std::uint64_t global_offset = 0;
  std::uint64_t trace_length = 0;
  std::map<OTF2_StringRef, std::string> strings;
  std::map<OTF2_SystemTreeNodeRef, SystemTreeNode> nodes;
  std::map<OTF2_LocationGroupRef, LocationGroup> location_groups;
  std::vector<Location> locations;  // in definition order
  std::map<OTF2_RegionRef, Region> regions;
  std::map<OTF2_AttributeRef, Attribute> attributes;
  std::map<OTF2_GroupRef, Group> groups;
  std::map<OTF2_CommRef, Comm> comms;
  // By location, in stream order; task records are "ThreadTaskCreate", "ThreadTaskSwitch" and
  // "ThreadTaskComplete" with fields (team, creating thread, generation).
  std::map<OTF2_LocationRef, std::vector<ReadEvent>> events;

  // The events of `location` while its task of `generation` ran (0: the implicit task, which runs
  // until the first switch), without the task records.
  std::vector<ReadEvent> task_events(OTF2_LocationRef location, std::uint64_t generation) const;

  const Location* location_named(const std::string& name) const;
  // The ref of the region, comm ... of that name; -1 if none.
  long long region_ref(const std::string& name) const;
  long long comm_ref(const std::string& name) const;
};

// Reads the archive whose anchor file is given; a failure is a test failure (and empty contents).
ArchiveContents read_archive(const std::string& anchor_path);

}  // namespace xo::test
