#include "xo/tracer/definition_reader.hpp"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include "xo/tracer/trace_filter.hpp"

namespace xo::tracer {

namespace {

struct Reading {
  Definitions& defs;
  const DefinedTwice& defined_twice;

  // Adds a definition to `table` unless its ref is taken.
  template <typename Table, typename Value>
  bool add(Table& table, const char* kind, typename Table::key_type ref, Value&& value) {
    const bool added = table.add(ref, std::forward<Value>(value));
    if (!added) twice(kind, ref);
    return added;
  }
  void twice(const char* kind, std::uint64_t ref) {
    if (defined_twice) defined_twice(kind, ref);
  }
};

Reading& reading(void* user_data) { return *static_cast<Reading*>(user_data); }

OTF2_CallbackCode on_clock(void* user, std::uint64_t resolution, std::uint64_t offset, std::uint64_t length,
                           std::uint64_t) {
  Definitions::Clock& clock = reading(user).defs.clock;
  clock = {true, resolution, offset, length};
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_string(void* user, OTF2_StringRef self, const char* text) {
  reading(user).add(reading(user).defs.strings, "string", self, text);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_attribute(void* user, OTF2_AttributeRef self, OTF2_StringRef name, OTF2_StringRef description,
                               OTF2_Type type) {
  reading(user).add(reading(user).defs.attributes, "attribute", self, Definitions::Attribute{name, description, type});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_system_tree_node(void* user, OTF2_SystemTreeNodeRef self, OTF2_StringRef name,
                                      OTF2_StringRef class_name, OTF2_SystemTreeNodeRef parent) {
  reading(user).add(reading(user).defs.system_tree_nodes, "system tree node", self,
                    Definitions::SystemTreeNode{name, class_name, parent});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location_group(void* user, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType,
                                    OTF2_SystemTreeNodeRef parent, OTF2_LocationGroupRef creator) {
  reading(user).add(reading(user).defs.location_groups, "location group", self,
                    Definitions::LocationGroup{name, parent, creator});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location(void* user, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type,
                              std::uint64_t events, OTF2_LocationGroupRef group) {
  Definitions& defs = reading(user).defs;
  const auto index = static_cast<LocationIndex>(defs.locations.size());
  if (!defs.location_index.try_emplace(self, index).second) {
    reading(user).twice("location", self);
  } else {
    defs.locations.push_back({self, name, type, group, events});
  }
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_region(void* user, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical_name,
                            OTF2_StringRef description, OTF2_RegionRole role, OTF2_Paradigm paradigm, OTF2_RegionFlag,
                            OTF2_StringRef source_file, uint32_t, uint32_t) {
  reading(user).add(reading(user).defs.regions, "region", self,
                    Definitions::Region{name, canonical_name, description, role, paradigm, source_file});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_source_code_location(void* user, OTF2_SourceCodeLocationRef self, OTF2_StringRef file,
                                          uint32_t line) {
  reading(user).add(reading(user).defs.source_code_locations, "source code location", self,
                    Definitions::SourceCodeLocation{file, line});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_calling_context(void* user, OTF2_CallingContextRef self, OTF2_RegionRef region,
                                     OTF2_SourceCodeLocationRef location, OTF2_CallingContextRef parent) {
  reading(user).add(reading(user).defs.calling_contexts, "calling context", self,
                    Definitions::CallingContext{region, location, parent});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_group(void* user, OTF2_GroupRef self, OTF2_StringRef name, OTF2_GroupType type,
                           OTF2_Paradigm paradigm, OTF2_GroupFlag flags, uint32_t count, const uint64_t* members) {
  Definitions& defs = reading(user).defs;
  const auto order = static_cast<std::uint32_t>(defs.groups.size());
  const bool added = reading(user).add(
      defs.groups, "group", self, Definitions::Group{name, type, paradigm, flags, {members, members + count}, order});
  if (added && type == OTF2_GROUP_TYPE_COMM_LOCATIONS) defs.comm_locations.try_emplace(paradigm, self);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_comm(void* user, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group, OTF2_CommRef parent,
                          OTF2_CommFlag flags) {
  reading(user).add(reading(user).defs.comms, "communicator", self,
                    Definitions::Comm{name, group, OTF2_UNDEFINED_GROUP, parent, flags, false});
  return OTF2_CALLBACK_SUCCESS;
}

// Comm and InterComm definitions share one id space: events name either by an OTF2_CommRef.
OTF2_CallbackCode on_inter_comm(void* user, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group_a,
                                OTF2_GroupRef group_b, OTF2_CommRef common, OTF2_CommFlag flags) {
  reading(user).add(reading(user).defs.comms, "communicator", self,
                    Definitions::Comm{name, group_a, group_b, common, flags, true});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_paradigm(void* user, OTF2_Paradigm paradigm, OTF2_StringRef name, OTF2_ParadigmClass) {
  reading(user).add(reading(user).defs.paradigms, "paradigm", paradigm, name);
  return OTF2_CALLBACK_SUCCESS;
}

void add_property(void* user, Definitions::PropertyOwner owner_kind, std::uint64_t owner, OTF2_StringRef name,
                  OTF2_Type type, OTF2_AttributeValue value) {
  reading(user).defs.properties.push_back({owner_kind, owner, name, type, value});
}

OTF2_CallbackCode on_paradigm_property(void* user, OTF2_Paradigm paradigm, OTF2_ParadigmProperty, OTF2_Type type,
                                       OTF2_AttributeValue value) {
  add_property(user, Definitions::PropertyOwner::Paradigm, paradigm, OTF2_UNDEFINED_STRING, type, value);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_system_tree_node_property(void* user, OTF2_SystemTreeNodeRef node, OTF2_StringRef name,
                                               OTF2_Type type, OTF2_AttributeValue value) {
  add_property(user, Definitions::PropertyOwner::SystemTreeNode, node, name, type, value);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location_group_property(void* user, OTF2_LocationGroupRef group, OTF2_StringRef name,
                                             OTF2_Type type, OTF2_AttributeValue value) {
  add_property(user, Definitions::PropertyOwner::LocationGroup, group, name, type, value);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location_property(void* user, OTF2_LocationRef location, OTF2_StringRef name, OTF2_Type type,
                                       OTF2_AttributeValue value) {
  add_property(user, Definitions::PropertyOwner::Location, location, name, type, value);
  return OTF2_CALLBACK_SUCCESS;
}

void registered(OTF2_ErrorCode code) {
  if (code != OTF2_SUCCESS) throw std::logic_error("registering an OTF2 definition callback failed");
}

}  // namespace

// The ranks a trace filter left out: members of a COMM_LOCATIONS group that no location defines.
void add_untraced_ranks(Definitions& defs) {
  for (const auto& [paradigm, ref] : defs.comm_locations) {
    for (std::uint64_t member : defs.groups.at(ref).members) {
      if (defs.find_location(member) != kNoLocation) continue;
      const auto index = static_cast<LocationIndex>(defs.locations.size());
      defs.locations.push_back(
          {member, OTF2_UNDEFINED_STRING, OTF2_LOCATION_TYPE_CPU_THREAD, OTF2_UNDEFINED_LOCATION_GROUP, 0, true});
      defs.location_index.emplace(member, index);
    }
  }
}

Definitions read_definitions(Otf2TraceFile& file, const DefinedTwice& defined_twice) {
  std::unique_ptr<OTF2_GlobalDefReaderCallbacks, decltype(&OTF2_GlobalDefReaderCallbacks_Delete)> callbacks(
      OTF2_GlobalDefReaderCallbacks_New(), &OTF2_GlobalDefReaderCallbacks_Delete);
  if (callbacks == nullptr) throw std::bad_alloc();
  OTF2_GlobalDefReaderCallbacks* c = callbacks.get();
  registered(OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(c, on_clock));
  registered(OTF2_GlobalDefReaderCallbacks_SetStringCallback(c, on_string));
  registered(OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(c, on_attribute));
  registered(OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(c, on_system_tree_node));
  registered(OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(c, on_location_group));
  registered(OTF2_GlobalDefReaderCallbacks_SetLocationCallback(c, on_location));
  registered(OTF2_GlobalDefReaderCallbacks_SetRegionCallback(c, on_region));
  registered(OTF2_GlobalDefReaderCallbacks_SetSourceCodeLocationCallback(c, on_source_code_location));
  registered(OTF2_GlobalDefReaderCallbacks_SetCallingContextCallback(c, on_calling_context));
  registered(OTF2_GlobalDefReaderCallbacks_SetGroupCallback(c, on_group));
  registered(OTF2_GlobalDefReaderCallbacks_SetCommCallback(c, on_comm));
  registered(OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(c, on_inter_comm));
  registered(OTF2_GlobalDefReaderCallbacks_SetParadigmCallback(c, on_paradigm));
  registered(OTF2_GlobalDefReaderCallbacks_SetParadigmPropertyCallback(c, on_paradigm_property));
  registered(OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodePropertyCallback(c, on_system_tree_node_property));
  registered(OTF2_GlobalDefReaderCallbacks_SetLocationGroupPropertyCallback(c, on_location_group_property));
  registered(OTF2_GlobalDefReaderCallbacks_SetLocationPropertyCallback(c, on_location_property));

  Definitions defs;
  Reading state{defs, defined_twice};
  file.read_global_definitions(c, &state);
  const std::map<std::string, std::string> properties = file.read_anchor().properties;
  if (properties.count(kPropertyTraceRanks) != 0) add_untraced_ranks(defs);
  defs.events_filtered = properties.count(kPropertyTraceCalls) != 0 || properties.count(kPropertyTraceFrom) != 0 ||
                         properties.count(kPropertyTraceTo) != 0;
  return defs;
}

}  // namespace xo::tracer
