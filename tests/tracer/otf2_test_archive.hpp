#pragma once
// Writes small OTF2 archives with the OTF2 writer API, for tests of code that reads traces.
//
// An archive has `ranks` MPI locations (location ref = rank), each in its own process location
// group under one system tree node; MPI_COMM_WORLD is comm 0 over a COMM_LOCATIONS group (0) and
// a COMM_GROUP (1). Tests add regions, communicators and events, then write(). Every reference
// is a plain number, so a test can write a broken trace by passing one that was never defined;
// the definitions are public for the same reason.

#include <otf2/otf2.h>

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace xo::test {

class Otf2TestArchive {
 public:
  struct Group {
    std::string name;
    OTF2_GroupType type;
    std::vector<std::uint64_t> members;
  };
  struct Comm {
    std::string name;
    OTF2_GroupRef group;
    OTF2_CommRef parent;
    OTF2_CommFlag flags = OTF2_COMM_FLAG_NONE;
  };
  struct Attribute {
    std::string name;
    OTF2_Type type;
  };
  // An attribute an event carries.
  struct Value {
    OTF2_AttributeRef attribute;
    OTF2_Type type;
    OTF2_AttributeValue value;
  };

  explicit Otf2TestArchive(int ranks) : ranks_(ranks) {
    std::vector<std::uint64_t> all;
    for (int r = 0; r < ranks; ++r) all.push_back(static_cast<std::uint64_t>(r));
    groups.push_back({"MPI locations", OTF2_GROUP_TYPE_COMM_LOCATIONS, all});
    groups.push_back({"MPI_COMM_WORLD group", OTF2_GROUP_TYPE_COMM_GROUP, all});
    comms.push_back({"MPI_COMM_WORLD", 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE});
    events_.resize(static_cast<std::size_t>(ranks));
  }

  static constexpr OTF2_CommRef kWorld = 0;

  // Definitions. region() returns the same ref for the same name.
  OTF2_RegionRef region(const std::string& name) {
    for (std::size_t r = 0; r < region_names_.size(); ++r) {
      if (region_names_[r] == name) return static_cast<OTF2_RegionRef>(r);
    }
    region_names_.push_back(name);
    return static_cast<OTF2_RegionRef>(region_names_.size() - 1);
  }
  // Defines region `ref` once more, named `name`, after every other region: a damaged archive.
  void redefine_region(OTF2_RegionRef ref, const std::string& name) { region_redefinitions_.emplace_back(ref, name); }
  // A communicator over the given world ranks (in communicator rank order), made from MPI_COMM_WORLD.
  OTF2_CommRef comm(const std::string& name, std::vector<std::uint64_t> world_ranks,
                    OTF2_CommFlag flags = OTF2_COMM_FLAG_NONE) {
    groups.push_back({name + " group", OTF2_GROUP_TYPE_COMM_GROUP, std::move(world_ranks)});
    comms.push_back({name, static_cast<OTF2_GroupRef>(groups.size() - 1), kWorld, flags});
    return static_cast<OTF2_CommRef>(comms.size() - 1);
  }
  // MPI_COMM_SELF: a COMM_SELF group, whose one rank is each location itself.
  OTF2_CommRef comm_self() {
    groups.push_back({"self", OTF2_GROUP_TYPE_COMM_SELF, {}});
    comms.push_back({"MPI_COMM_SELF", static_cast<OTF2_GroupRef>(groups.size() - 1), OTF2_UNDEFINED_COMM});
    return static_cast<OTF2_CommRef>(comms.size() - 1);
  }
  OTF2_AttributeRef attribute(const std::string& name, OTF2_Type type) {
    attributes_.push_back({name, type});
    return static_cast<OTF2_AttributeRef>(attributes_.size() - 1);
  }

  // Events, per location in the order written.
  void enter(int loc, OTF2_TimeStamp t, OTF2_RegionRef region, std::vector<Value> values = {}) {
    add(loc, [=](OTF2_EvtWriter* w) {
      OTF2_AttributeList* list = OTF2_AttributeList_New();
      for (const Value& v : values) ok(OTF2_AttributeList_AddAttribute(list, v.attribute, v.type, v.value));
      const OTF2_ErrorCode written = OTF2_EvtWriter_Enter(w, list, t, region);
      OTF2_AttributeList_Delete(list);
      return written;
    });
  }
  void leave(int loc, OTF2_TimeStamp t, OTF2_RegionRef region) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_Leave(w, nullptr, t, region); });
  }
  void send(int loc, OTF2_TimeStamp t, std::uint32_t peer, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_MpiSend(w, nullptr, t, peer, comm, tag, bytes); });
  }
  void isend(int loc, OTF2_TimeStamp t, std::uint32_t peer, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
             std::uint64_t request) {
    add(loc,
        [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_MpiIsend(w, nullptr, t, peer, comm, tag, bytes, request); });
  }
  void isend_complete(int loc, OTF2_TimeStamp t, std::uint64_t request) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_MpiIsendComplete(w, nullptr, t, request); });
  }
  void irecv_request(int loc, OTF2_TimeStamp t, std::uint64_t request) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_MpiIrecvRequest(w, nullptr, t, request); });
  }
  void recv(int loc, OTF2_TimeStamp t, std::uint32_t peer, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_MpiRecv(w, nullptr, t, peer, comm, tag, bytes); });
  }
  void irecv(int loc, OTF2_TimeStamp t, std::uint32_t peer, OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes,
             std::uint64_t request) {
    add(loc,
        [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_MpiIrecv(w, nullptr, t, peer, comm, tag, bytes, request); });
  }
  void cancelled(int loc, OTF2_TimeStamp t, std::uint64_t request) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_MpiRequestCancelled(w, nullptr, t, request); });
  }
  void collective_begin(int loc, OTF2_TimeStamp t) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, t); });
  }
  void collective_end(int loc, OTF2_TimeStamp t, OTF2_CollectiveOp op, OTF2_CommRef comm, std::uint32_t root,
                      std::uint64_t sent, std::uint64_t received) {
    add(loc, [=](OTF2_EvtWriter* w) {
      return OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, t, op, comm, root, sent, received);
    });
  }
  void comm_create(int loc, OTF2_TimeStamp t, OTF2_CommRef comm) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_CommCreate(w, nullptr, t, comm); });
  }
  void comm_destroy(int loc, OTF2_TimeStamp t, OTF2_CommRef comm) {
    add(loc, [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_CommDestroy(w, nullptr, t, comm); });
  }
  // Tasks of a thread team (any defined communicator stands for one here).
  void task_create(int loc, OTF2_TimeStamp t, OTF2_CommRef team, std::uint32_t thread, std::uint32_t generation) {
    add(loc,
        [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_ThreadTaskCreate(w, nullptr, t, team, thread, generation); });
  }
  void task_switch(int loc, OTF2_TimeStamp t, OTF2_CommRef team, std::uint32_t thread, std::uint32_t generation) {
    add(loc,
        [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_ThreadTaskSwitch(w, nullptr, t, team, thread, generation); });
  }
  void task_complete(int loc, OTF2_TimeStamp t, OTF2_CommRef team, std::uint32_t thread, std::uint32_t generation) {
    add(loc,
        [=](OTF2_EvtWriter* w) { return OTF2_EvtWriter_ThreadTaskComplete(w, nullptr, t, team, thread, generation); });
  }
  // An MPI call as a region around its events: Enter at `begin`, the events, Leave at `end`.
  void call(int loc, const std::string& name, OTF2_TimeStamp begin, OTF2_TimeStamp end,
            const std::function<void()>& events = {}) {
    enter(loc, begin, region(name));
    if (events) events();
    leave(loc, end, region(name));
  }

  // Writes the archive into `dir` (which must not exist yet) and returns the anchor file's path.
  std::string write(const std::string& dir) const {
    OTF2_Archive* archive = OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                              OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (archive == nullptr) throw std::runtime_error("cannot create OTF2 archive in " + dir);
    OTF2_FlushCallbacks flush{
        [](void*, OTF2_FileType, OTF2_LocationRef, void*, bool) -> OTF2_FlushType { return OTF2_FLUSH; }, nullptr};
    ok(OTF2_Archive_SetFlushCallbacks(archive, &flush, nullptr));
    ok(OTF2_Archive_SetSerialCollectiveCallbacks(archive));
    ok(OTF2_Archive_OpenEvtFiles(archive));
    std::vector<std::uint64_t> counts;
    for (int loc = 0; loc < ranks_; ++loc) {
      OTF2_EvtWriter* writer = OTF2_Archive_GetEvtWriter(archive, static_cast<OTF2_LocationRef>(loc));
      if (writer == nullptr) throw std::runtime_error("no OTF2 event writer");
      for (const auto& event : events_[static_cast<std::size_t>(loc)]) ok(event(writer));
      std::uint64_t count = 0;
      ok(OTF2_EvtWriter_GetNumberOfEvents(writer, &count));
      counts.push_back(count);
      ok(OTF2_Archive_CloseEvtWriter(archive, writer));
    }
    ok(OTF2_Archive_CloseEvtFiles(archive));
    ok(OTF2_Archive_OpenDefFiles(archive));
    for (int loc = 0; loc < ranks_; ++loc) {
      ok(OTF2_Archive_CloseDefWriter(archive, OTF2_Archive_GetDefWriter(archive, static_cast<OTF2_LocationRef>(loc))));
    }
    ok(OTF2_Archive_CloseDefFiles(archive));
    write_definitions(OTF2_Archive_GetGlobalDefWriter(archive), counts);
    ok(OTF2_Archive_Close(archive));
    return dir + "/traces.otf2";
  }

  std::vector<Group> groups;
  std::vector<Comm> comms;

 private:
  using Event = std::function<OTF2_ErrorCode(OTF2_EvtWriter*)>;

  static void ok(OTF2_ErrorCode code) {
    if (code != OTF2_SUCCESS) throw std::runtime_error(std::string("OTF2 writer: ") + OTF2_Error_GetName(code));
  }

  void add(int loc, Event event) { events_.at(static_cast<std::size_t>(loc)).push_back(std::move(event)); }

  void write_definitions(OTF2_GlobalDefWriter* defs, const std::vector<std::uint64_t>& counts) const {
    std::map<std::string, OTF2_StringRef> strings;
    auto string = [&](const std::string& text) {
      auto [it, added] = strings.try_emplace(text, static_cast<OTF2_StringRef>(strings.size()));
      if (added) ok(OTF2_GlobalDefWriter_WriteString(defs, it->second, text.c_str()));
      return it->second;
    };
    ok(OTF2_GlobalDefWriter_WriteClockProperties(defs, 1000000000, 0, 1000000, OTF2_UNDEFINED_TIMESTAMP));
    ok(OTF2_GlobalDefWriter_WriteParadigm(defs, OTF2_PARADIGM_MPI, string("MPI"), OTF2_PARADIGM_CLASS_PROCESS));
    ok(OTF2_GlobalDefWriter_WriteSystemTreeNode(defs, 0, string("machine"), string("machine"),
                                                OTF2_UNDEFINED_SYSTEM_TREE_NODE));
    for (int r = 0; r < ranks_; ++r) {
      const auto ref = static_cast<std::uint32_t>(r);
      const OTF2_StringRef name = string("rank " + std::to_string(r));
      ok(OTF2_GlobalDefWriter_WriteLocationGroup(defs, ref, name, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                                 OTF2_UNDEFINED_LOCATION_GROUP));
      ok(OTF2_GlobalDefWriter_WriteLocation(defs, ref, name, OTF2_LOCATION_TYPE_CPU_THREAD,
                                            counts[static_cast<std::size_t>(r)], ref));
    }
    for (std::size_t a = 0; a < attributes_.size(); ++a) {
      const OTF2_StringRef name = string(attributes_[a].name);
      ok(OTF2_GlobalDefWriter_WriteAttribute(defs, static_cast<OTF2_AttributeRef>(a), name, name, attributes_[a].type));
    }
    for (std::size_t r = 0; r < region_names_.size(); ++r) {
      const OTF2_StringRef text = string(region_names_[r]);
      ok(OTF2_GlobalDefWriter_WriteRegion(defs, static_cast<OTF2_RegionRef>(r), text, text, text,
                                          OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI, OTF2_REGION_FLAG_NONE,
                                          string("test.c"), 0, 0));
    }
    for (const auto& [ref, name] : region_redefinitions_) {
      const OTF2_StringRef text = string(name);
      ok(OTF2_GlobalDefWriter_WriteRegion(defs, ref, text, text, text, OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI,
                                          OTF2_REGION_FLAG_NONE, string("test.c"), 0, 0));
    }
    for (std::size_t g = 0; g < groups.size(); ++g) {
      ok(OTF2_GlobalDefWriter_WriteGroup(
          defs, static_cast<OTF2_GroupRef>(g), string(groups[g].name), groups[g].type, OTF2_PARADIGM_MPI,
          OTF2_GROUP_FLAG_NONE, static_cast<std::uint32_t>(groups[g].members.size()), groups[g].members.data()));
    }
    for (std::size_t c = 0; c < comms.size(); ++c) {
      ok(OTF2_GlobalDefWriter_WriteComm(defs, static_cast<OTF2_CommRef>(c), string(comms[c].name), comms[c].group,
                                        comms[c].parent, comms[c].flags));
    }
  }

  int ranks_;
  std::vector<std::string> region_names_;  // indexed by region ref
  std::vector<std::pair<OTF2_RegionRef, std::string>> region_redefinitions_;
  std::vector<Attribute> attributes_;  // indexed by attribute ref
  std::vector<std::vector<Event>> events_;
};

}  // namespace xo::test
