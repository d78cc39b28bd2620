#include "archive_contents.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace xo::test {

namespace {

using Contents = ArchiveContents;

Contents& of(void* user_data) { return *static_cast<Contents*>(user_data); }

std::string text(const Contents& c, OTF2_StringRef ref) {
  auto it = c.strings.find(ref);
  return it == c.strings.end() ? "<undefined string " + std::to_string(ref) + ">" : it->second;
}

// Attribute values by attribute name: the writer's attributes are strings, uint64 and int32.
std::map<std::string, std::string> attributes_of(const Contents& c, OTF2_AttributeList* list) {
  std::map<std::string, std::string> out;
  const std::uint32_t count = OTF2_AttributeList_GetNumberOfElements(list);
  for (std::uint32_t i = 0; i < count; ++i) {
    OTF2_AttributeRef id;
    OTF2_Type type;
    OTF2_AttributeValue value;
    if (OTF2_AttributeList_GetAttributeByIndex(list, i, &id, &type, &value) != OTF2_SUCCESS) {
      ADD_FAILURE() << "unreadable attribute " << i;
      continue;
    }
    auto def = c.attributes.find(id);
    const std::string name = def == c.attributes.end() ? "<undefined attribute>" : def->second.name;
    switch (type) {
      case OTF2_TYPE_STRING: out[name] = text(c, value.stringRef); break;
      case OTF2_TYPE_UINT64: out[name] = std::to_string(value.uint64); break;
      case OTF2_TYPE_INT32: out[name] = std::to_string(value.int32); break;
      default: out[name] = "<type " + std::to_string(type) + ">";
    }
  }
  return out;
}

OTF2_CallbackCode add_event(OTF2_LocationRef location, OTF2_TimeStamp time, void* user_data, OTF2_AttributeList* list,
                            const char* record, std::vector<std::uint64_t> fields) {
  Contents& c = of(user_data);
  c.events[location].push_back({record, time, std::move(fields), attributes_of(c, list)});
  return OTF2_CALLBACK_SUCCESS;
}

void register_definition_callbacks(OTF2_GlobalDefReaderCallbacks* d) {
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(d, [](void* u, OTF2_StringRef self, const char* s) {
    of(u).strings[self] = s;
    return OTF2_CALLBACK_SUCCESS;
  });
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(
      d, [](void* u, std::uint64_t resolution, std::uint64_t offset, std::uint64_t length, std::uint64_t) {
        of(u).timer_resolution = resolution;
        of(u).global_offset = offset;
        of(u).trace_length = length;
        return OTF2_CALLBACK_SUCCESS;
      });
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(
      d, [](void* u, OTF2_SystemTreeNodeRef self, OTF2_StringRef name, OTF2_StringRef class_name,
            OTF2_SystemTreeNodeRef parent) {
        of(u).nodes[self] = {text(of(u), name), text(of(u), class_name), parent};
        return OTF2_CALLBACK_SUCCESS;
      });
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(
      d, [](void* u, OTF2_LocationGroupRef self, OTF2_StringRef name, OTF2_LocationGroupType type,
            OTF2_SystemTreeNodeRef parent, OTF2_LocationGroupRef) {
        of(u).location_groups[self] = {text(of(u), name), type, parent};
        return OTF2_CALLBACK_SUCCESS;
      });
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(
      d, [](void* u, OTF2_LocationRef self, OTF2_StringRef name, OTF2_LocationType type, std::uint64_t events,
            OTF2_LocationGroupRef group) {
        of(u).locations.push_back({self, text(of(u), name), type, events, group});
        return OTF2_CALLBACK_SUCCESS;
      });
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(
      d, [](void* u, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef canonical, OTF2_StringRef,
            OTF2_RegionRole role, OTF2_Paradigm paradigm, OTF2_RegionFlag, OTF2_StringRef file, std::uint32_t,
            std::uint32_t) {
        of(u).regions[self] = {text(of(u), name), text(of(u), canonical), role, paradigm, text(of(u), file)};
        return OTF2_CALLBACK_SUCCESS;
      });
  OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(
      d, [](void* u, OTF2_AttributeRef self, OTF2_StringRef name, OTF2_StringRef, OTF2_Type type) {
        of(u).attributes[self] = {text(of(u), name), type};
        return OTF2_CALLBACK_SUCCESS;
      });
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback(
      d, [](void* u, OTF2_GroupRef self, OTF2_StringRef name, OTF2_GroupType type, OTF2_Paradigm paradigm,
            OTF2_GroupFlag, std::uint32_t count, const std::uint64_t* members) {
        of(u).groups[self] = {text(of(u), name), type, paradigm, std::vector<std::uint64_t>(members, members + count)};
        return OTF2_CALLBACK_SUCCESS;
      });
  OTF2_GlobalDefReaderCallbacks_SetCommCallback(d, [](void* u, OTF2_CommRef self, OTF2_StringRef name,
                                                      OTF2_GroupRef group, OTF2_CommRef parent, OTF2_CommFlag flags) {
    of(u).comms[self] = {text(of(u), name), group, parent, flags};
    return OTF2_CALLBACK_SUCCESS;
  });
  OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(
      d, [](void* u, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group_a, OTF2_GroupRef group_b,
            OTF2_CommRef common, OTF2_CommFlag flags) {
        of(u).comms[self] = {text(of(u), name), group_a, common, flags, group_b};
        return OTF2_CALLBACK_SUCCESS;
      });
}

void register_event_callbacks(OTF2_GlobalEvtReaderCallbacks* e) {
  OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_RegionRef region) {
        return add_event(l, t, u, a, "Enter", {region});
      });
  OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_RegionRef region) {
        return add_event(l, t, u, a, "Leave", {region});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiSendCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, std::uint32_t peer, OTF2_CommRef comm,
            std::uint32_t tag, std::uint64_t length) {
        return add_event(l, t, u, a, "MpiSend", {peer, comm, tag, length});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, std::uint32_t peer, OTF2_CommRef comm,
            std::uint32_t tag, std::uint64_t length, std::uint64_t request) {
        return add_event(l, t, u, a, "MpiIsend", {peer, comm, tag, length, request});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCompleteCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, std::uint64_t request) {
        return add_event(l, t, u, a, "MpiIsendComplete", {request});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvRequestCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, std::uint64_t request) {
        return add_event(l, t, u, a, "MpiIrecvRequest", {request});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiRecvCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, std::uint32_t peer, OTF2_CommRef comm,
            std::uint32_t tag, std::uint64_t length) {
        return add_event(l, t, u, a, "MpiRecv", {peer, comm, tag, length});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, std::uint32_t peer, OTF2_CommRef comm,
            std::uint32_t tag, std::uint64_t length, std::uint64_t request) {
        return add_event(l, t, u, a, "MpiIrecv", {peer, comm, tag, length, request});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiRequestCancelledCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, std::uint64_t request) {
        return add_event(l, t, u, a, "MpiRequestCancelled", {request});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveBeginCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a) {
        return add_event(l, t, u, a, "MpiCollectiveBegin", {});
      });
  OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveEndCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_CollectiveOp op,
            OTF2_CommRef comm, std::uint32_t root, std::uint64_t sent, std::uint64_t received) {
        return add_event(l, t, u, a, "MpiCollectiveEnd", {op, comm, root, sent, received});
      });
  OTF2_GlobalEvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, std::uint64_t request) {
        return add_event(l, t, u, a, "NonBlockingCollectiveRequest", {request});
      });
  OTF2_GlobalEvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_CollectiveOp op,
            OTF2_CommRef comm, std::uint32_t root, std::uint64_t sent, std::uint64_t received, std::uint64_t request) {
        return add_event(l, t, u, a, "NonBlockingCollectiveComplete", {op, comm, root, sent, received, request});
      });
  OTF2_GlobalEvtReaderCallbacks_SetCommCreateCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_CommRef comm) {
        return add_event(l, t, u, a, "CommCreate", {comm});
      });
  OTF2_GlobalEvtReaderCallbacks_SetCommDestroyCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_CommRef comm) {
        return add_event(l, t, u, a, "CommDestroy", {comm});
      });
  OTF2_GlobalEvtReaderCallbacks_SetThreadTaskCreateCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_CommRef team,
            std::uint32_t thread, std::uint32_t generation) {
        return add_event(l, t, u, a, "ThreadTaskCreate", {team, thread, generation});
      });
  OTF2_GlobalEvtReaderCallbacks_SetThreadTaskSwitchCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_CommRef team,
            std::uint32_t thread, std::uint32_t generation) {
        return add_event(l, t, u, a, "ThreadTaskSwitch", {team, thread, generation});
      });
  OTF2_GlobalEvtReaderCallbacks_SetThreadTaskCompleteCallback(
      e, [](OTF2_LocationRef l, OTF2_TimeStamp t, void* u, OTF2_AttributeList* a, OTF2_CommRef team,
            std::uint32_t thread, std::uint32_t generation) {
        return add_event(l, t, u, a, "ThreadTaskComplete", {team, thread, generation});
      });
}

std::string take(char* malloced) {
  std::string out = malloced != nullptr ? malloced : "";
  std::free(malloced);
  return out;
}

void read_description(OTF2_Reader* reader, Contents& c) {
  char* value = nullptr;
  if (OTF2_Reader_GetCreator(reader, &value) == OTF2_SUCCESS) c.creator = take(value);
  if (OTF2_Reader_GetMachineName(reader, &value) == OTF2_SUCCESS) c.machine_name = take(value);
  if (OTF2_Reader_GetDescription(reader, &value) == OTF2_SUCCESS) c.description = take(value);
  std::uint32_t count = 0;
  char** names = nullptr;
  ASSERT_EQ(OTF2_Reader_GetPropertyNames(reader, &count, &names), OTF2_SUCCESS);
  for (std::uint32_t i = 0; i < count; ++i) {
    ASSERT_EQ(OTF2_Reader_GetProperty(reader, names[i], &value), OTF2_SUCCESS) << names[i];
    c.properties[names[i]] = take(value);
  }
  std::free(names);
}

void read_definitions(OTF2_Reader* reader, Contents& c) {
  OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader);
  ASSERT_NE(defs, nullptr);
  OTF2_GlobalDefReaderCallbacks* callbacks = OTF2_GlobalDefReaderCallbacks_New();
  register_definition_callbacks(callbacks);
  ASSERT_EQ(OTF2_Reader_RegisterGlobalDefCallbacks(reader, defs, callbacks, &c), OTF2_SUCCESS);
  OTF2_GlobalDefReaderCallbacks_Delete(callbacks);
  std::uint64_t read = 0;
  ASSERT_EQ(OTF2_Reader_ReadAllGlobalDefinitions(reader, defs, &read), OTF2_SUCCESS);
  ASSERT_EQ(OTF2_Reader_CloseGlobalDefReader(reader, defs), OTF2_SUCCESS);
}

// As OTF2's documentation reads a whole trace: select every location, read its local
// definitions, then all events through the global event reader.
void read_events(OTF2_Reader* reader, Contents& c) {
  if (c.locations.empty()) return;
  for (const auto& l : c.locations) ASSERT_EQ(OTF2_Reader_SelectLocation(reader, l.id), OTF2_SUCCESS);
  ASSERT_EQ(OTF2_Reader_OpenDefFiles(reader), OTF2_SUCCESS);
  ASSERT_EQ(OTF2_Reader_OpenEvtFiles(reader), OTF2_SUCCESS);
  for (const auto& l : c.locations) {
    OTF2_DefReader* defs = OTF2_Reader_GetDefReader(reader, l.id);
    if (defs != nullptr) {
      std::uint64_t read = 0;
      ASSERT_EQ(OTF2_Reader_ReadAllLocalDefinitions(reader, defs, &read), OTF2_SUCCESS);
      ASSERT_EQ(OTF2_Reader_CloseDefReader(reader, defs), OTF2_SUCCESS);
    }
    ASSERT_NE(OTF2_Reader_GetEvtReader(reader, l.id), nullptr);
  }
  ASSERT_EQ(OTF2_Reader_CloseDefFiles(reader), OTF2_SUCCESS);
  OTF2_GlobalEvtReader* events = OTF2_Reader_GetGlobalEvtReader(reader);
  ASSERT_NE(events, nullptr);
  OTF2_GlobalEvtReaderCallbacks* callbacks = OTF2_GlobalEvtReaderCallbacks_New();
  register_event_callbacks(callbacks);
  ASSERT_EQ(OTF2_Reader_RegisterGlobalEvtCallbacks(reader, events, callbacks, &c), OTF2_SUCCESS);
  OTF2_GlobalEvtReaderCallbacks_Delete(callbacks);
  std::uint64_t read = 0;
  ASSERT_EQ(OTF2_Reader_ReadAllGlobalEvents(reader, events, &read), OTF2_SUCCESS);
  ASSERT_EQ(OTF2_Reader_CloseGlobalEvtReader(reader, events), OTF2_SUCCESS);
  ASSERT_EQ(OTF2_Reader_CloseEvtFiles(reader), OTF2_SUCCESS);
}

}  // namespace

const ArchiveContents::Location* ArchiveContents::location_named(const std::string& name) const {
  for (const Location& l : locations) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

long long ArchiveContents::region_ref(const std::string& name) const {
  for (const auto& [ref, region] : regions) {
    if (region.name == name) return ref;
  }
  return -1;
}

long long ArchiveContents::comm_ref(const std::string& name) const {
  for (const auto& [ref, comm] : comms) {
    if (comm.name == name) return ref;
  }
  return -1;
}

std::vector<ReadEvent> ArchiveContents::task_events(OTF2_LocationRef location, std::uint64_t generation) const {
  std::vector<ReadEvent> out;
  auto all = events.find(location);
  if (all == events.end()) return out;
  std::uint64_t running = 0;
  for (const ReadEvent& e : all->second) {
    if (e.record == "ThreadTaskSwitch") running = e.fields.at(2);
    if (e.record.rfind("ThreadTask", 0) == 0) continue;
    if (running == generation) out.push_back(e);
  }
  return out;
}

ArchiveContents read_archive(const std::string& anchor_path) {
  Contents c;
  OTF2_Reader* reader = OTF2_Reader_Open(anchor_path.c_str());
  if (reader == nullptr) {
    ADD_FAILURE() << "OTF2 cannot open " << anchor_path;
    return c;
  }
  EXPECT_EQ(OTF2_Reader_SetSerialCollectiveCallbacks(reader), OTF2_SUCCESS);
  read_description(reader, c);
  read_definitions(reader, c);
  read_events(reader, c);
  EXPECT_EQ(OTF2_Reader_Close(reader), OTF2_SUCCESS);
  return c;
}

}  // namespace xo::test
