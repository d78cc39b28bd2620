#include "definition_reader.hpp"

#include <memory>
#include <new>
#include <stdexcept>

namespace xo::analyzer {

namespace {

RawDefinitions& defs(void* user) { return *static_cast<RawDefinitions*>(user); }

OTF2_CallbackCode on_clock(void* user, std::uint64_t resolution, std::uint64_t offset, std::uint64_t length,
                           std::uint64_t) {
  RawDefinitions& d = defs(user);
  d.has_clock = true;
  d.timer_resolution = resolution;
  d.global_offset = offset;
  d.trace_length = length;
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_string(void* user, OTF2_StringRef self, const char* text) {
  defs(user).strings.push_back({self, text});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_attribute(void* user, OTF2_AttributeRef self, OTF2_StringRef name, OTF2_StringRef,
                               OTF2_Type type) {
  defs(user).attributes.push_back({self, name, type});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location(void* user, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type,
                              std::uint64_t events, OTF2_LocationGroupRef group) {
  defs(user).locations.push_back({self, name, type, events, group});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_location_property(void* user, OTF2_LocationRef location, OTF2_StringRef name, OTF2_Type type,
                                       OTF2_AttributeValue value) {
  if (type == OTF2_TYPE_UINT64) defs(user).location_numbers.push_back({location, name, value.uint64});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_region(void* user, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_StringRef,
                            OTF2_RegionRole role, OTF2_Paradigm paradigm, OTF2_RegionFlag, OTF2_StringRef, uint32_t,
                            uint32_t) {
  defs(user).regions.push_back({self, name, role, paradigm});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_source_code_location(void* user, OTF2_SourceCodeLocationRef self, OTF2_StringRef file,
                                          uint32_t line) {
  defs(user).source_locations.push_back({self, file, line});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_calling_context(void* user, OTF2_CallingContextRef self, OTF2_RegionRef region,
                                     OTF2_SourceCodeLocationRef location, OTF2_CallingContextRef) {
  defs(user).calling_contexts.push_back({self, region, location});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_group(void* user, OTF2_GroupRef self, OTF2_StringRef, OTF2_GroupType type, OTF2_Paradigm paradigm,
                           OTF2_GroupFlag flags, uint32_t count, const uint64_t* members) {
  defs(user).groups.push_back({self, type, paradigm, flags, {members, members + count}});
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode on_comm(void* user, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group, OTF2_CommRef parent,
                          OTF2_CommFlag) {
  defs(user).comms.push_back({self, name, group, parent});
  return OTF2_CALLBACK_SUCCESS;
}

// Comm and InterComm definitions share one id space (OTF2 3.0).
OTF2_CallbackCode on_inter_comm(void* user, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group_a,
                                OTF2_GroupRef group_b, OTF2_CommRef common, OTF2_CommFlag) {
  defs(user).comms.push_back({self, name, group_a, common, group_b});
  return OTF2_CALLBACK_SUCCESS;
}

void registered(OTF2_ErrorCode code) {
  if (code != OTF2_SUCCESS) throw std::logic_error("registering an OTF2 definition callback failed");
}

}  // namespace

RawDefinitions read_definitions(tracer::Otf2TraceFile& file) {
  std::unique_ptr<OTF2_GlobalDefReaderCallbacks, decltype(&OTF2_GlobalDefReaderCallbacks_Delete)> owned(
      OTF2_GlobalDefReaderCallbacks_New(), &OTF2_GlobalDefReaderCallbacks_Delete);
  if (owned == nullptr) throw std::bad_alloc();
  OTF2_GlobalDefReaderCallbacks* c = owned.get();
  registered(OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(c, on_clock));
  registered(OTF2_GlobalDefReaderCallbacks_SetStringCallback(c, on_string));
  registered(OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(c, on_attribute));
  registered(OTF2_GlobalDefReaderCallbacks_SetLocationCallback(c, on_location));
  registered(OTF2_GlobalDefReaderCallbacks_SetLocationPropertyCallback(c, on_location_property));
  registered(OTF2_GlobalDefReaderCallbacks_SetRegionCallback(c, on_region));
  registered(OTF2_GlobalDefReaderCallbacks_SetSourceCodeLocationCallback(c, on_source_code_location));
  registered(OTF2_GlobalDefReaderCallbacks_SetCallingContextCallback(c, on_calling_context));
  registered(OTF2_GlobalDefReaderCallbacks_SetGroupCallback(c, on_group));
  registered(OTF2_GlobalDefReaderCallbacks_SetCommCallback(c, on_comm));
  registered(OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(c, on_inter_comm));

  RawDefinitions out;
  file.read_global_definitions(c, &out);
  return out;
}

}  // namespace xo::analyzer
