#include "global_definitions.hpp"

#include <algorithm>
#include <map>

#include "mpi_call_kind.hpp"
#include "xo/tracer/file_digest.hpp"
#include "xo/tracer/trace_contract.hpp"

namespace xo::tracer {

namespace {

constexpr std::uint64_t kPicosecondsPerSecond = 1000000000000ull;

struct SystemTreeNodeDef {
  OTF2_StringRef name;
  OTF2_StringRef class_name;
  OTF2_SystemTreeNodeRef parent;
  OTF2_SystemTreeDomain domain;
};

struct RegionDef {
  OTF2_StringRef name;
  OTF2_StringRef description;
  OTF2_RegionRole role;
  OTF2_Paradigm paradigm;
  OTF2_StringRef source_file;
};

struct SourceCodeLocationDef {
  OTF2_StringRef file;
  std::uint32_t line;
};

struct CallingContextDef {
  OTF2_RegionRef region;  // the program's function that made the call
  OTF2_SourceCodeLocationRef location;
};

struct GroupDef {
  OTF2_StringRef name;
  OTF2_GroupType type;
  std::vector<std::uint64_t> members;
  OTF2_Paradigm paradigm;
};

struct CommDef {
  OTF2_StringRef name;
  OTF2_GroupRef group;
  OTF2_CommRef parent;  // an intercommunicator's common communicator
  OTF2_CommFlag flags;
  OTF2_GroupRef remote_group = OTF2_UNDEFINED_GROUP;  // intercommunicators: written as InterComm
};

struct WindowDef {
  OTF2_StringRef name;
  OTF2_CommRef comm;
  OTF2_RmaWinFlag flags;
};

struct AttributeDef {
  OTF2_StringRef name;
  OTF2_StringRef description;
  OTF2_Type type;
};

// Every definition with its strings resolved, so that all String records can go first.
struct Definitions {
  std::vector<AttributeDef> attributes;
  std::vector<SystemTreeNodeDef> nodes;
  std::vector<OTF2_StringRef> rank_names;  // location group names, by rank
  std::vector<OTF2_StringRef> location_names;
  OTF2_StringRef digest_name = OTF2_UNDEFINED_STRING;
  std::vector<RegionDef> regions;
  std::vector<SourceCodeLocationDef> source_locations;
  std::vector<CallingContextDef> calling_contexts;  // one a call site, with its source location
  std::vector<GroupDef> groups;
  std::vector<CommDef> comms;
  std::vector<WindowDef> windows;
};

AttributeDef attribute(const contract::AttributeSpec& spec, StringTable& strings) {
  return {strings.ref(spec.name), strings.ref(spec.description), spec.type};
}

std::vector<AttributeDef> attributes(StringTable& strings) {
  std::vector<AttributeDef> out(kAttributeCount);
  out[kAttributeProtocol] = attribute(contract::kProtocolAttribute, strings);
  out[kAttributeBytes] = attribute(contract::kBytesAttribute, strings);
  out[kAttributePeer] = attribute(contract::kPeerAttribute, strings);
  out[kAttributeAlgorithm] = attribute(contract::kAlgorithmAttribute, strings);
  out[kAttributeBufferFree] = attribute(contract::kBufferFreeAttribute, strings);
  out[kAttributeArrived] = attribute(contract::kArrivedAttribute, strings);
  out[kAttributeCallSite] = attribute(contract::kCallSiteAttribute, strings);
  return out;
}

// The machine at the root, its nodes below: rank r is on node r / ranks_per_node.
std::vector<SystemTreeNodeDef> system_tree(const mpi::RunInfo& info, StringTable& strings) {
  const int per_node = std::max(info.ranks_per_node, 1);
  const int nodes = (info.ranks + per_node - 1) / per_node;
  std::vector<SystemTreeNodeDef> out;
  out.push_back({strings.ref(info.machine), strings.ref("machine"), OTF2_UNDEFINED_SYSTEM_TREE_NODE,
                 OTF2_SYSTEM_TREE_DOMAIN_MACHINE});
  for (int node = 0; node < nodes; ++node) {
    out.push_back(
        {strings.ref("node " + std::to_string(node)), strings.ref("node"), 0, OTF2_SYSTEM_TREE_DOMAIN_SHARED_MEMORY});
  }
  return out;
}

// MPI calls keep their MPI name, so that tools that classify MPI regions by name and paradigm
// (Scalasca, Vampir) recognise them. Protocol phases are the simulated machine's network
// interface at work (trace_contract.hpp): the hardware paradigm says so, where USER would count
// them as the program's computation and MEASUREMENT_SYSTEM as the tool's overhead.
std::vector<RegionDef> regions(const TraceRecorder& run, const ArchivePlan& plan, StringTable& strings) {
  std::vector<RegionDef> out;
  const OTF2_StringRef mpi_file = strings.ref(contract::kMpiRegionFile);
  const OTF2_StringRef no_description = strings.ref("");
  for (std::uint32_t call : plan.calls_by_region) {
    const std::string& name = run.calls().name(call);
    out.push_back({strings.ref(name), no_description, mpi_call_kind(name).role, OTF2_PARADIGM_MPI, mpi_file});
  }
  const OTF2_StringRef protocol_file = strings.ref(contract::kProtocolPhaseFile);
  const OTF2_StringRef phase_description = strings.ref(contract::kProtocolPhaseDescription);
  for (mpi::Phase phase : plan.phases_by_region) {
    out.push_back({strings.ref(mpi::phase_name(phase)), phase_description, OTF2_REGION_ROLE_DATA_TRANSFER,
                   contract::kProtocolPhaseParadigm, protocol_file});
  }
  return out;
}

// The program's call sites (archive_plan.hpp): a CallingContext each, whose region is the calling
// function (a user region, after the MPI calls and phases, one per function and file) and whose
// source code location is the file and line of the call. Without debug information the file is
// the object file, line 0.
void call_sites(const ArchivePlan& plan, StringTable& strings, Definitions& defs) {
  std::map<std::pair<std::string, std::string>, OTF2_RegionRef> region_of_function;
  const OTF2_StringRef description = strings.ref("the program's function that made the MPI call");
  for (const SourceSite& site : plan.call_sites) {
    const std::string& file = site.file.empty() ? site.object : site.file;
    auto [it, added] =
        region_of_function.try_emplace({site.function, file}, static_cast<OTF2_RegionRef>(defs.regions.size()));
    if (added) {
      defs.regions.push_back(
          {strings.ref(site.function), description, OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER, strings.ref(file)});
    }
    defs.calling_contexts.push_back(
        {it->second, static_cast<OTF2_SourceCodeLocationRef>(defs.source_locations.size())});
    defs.source_locations.push_back({strings.ref(file), site.line});
  }
}

// The groups the plan numbered, and each communicator's definition. An intercommunicator is an
// InterComm of two COMM_GROUPs (OTF2 3.0), its parent the common communicator.
void comms_and_groups(const TraceRecorder& run, const ArchivePlan& plan, StringTable& strings, Definitions& defs) {
  for (const ArchivePlan::Group& g : plan.groups) {
    defs.groups.push_back({strings.ref(g.name), g.type, g.members, g.paradigm});
  }
  for (std::size_t ref = 0; ref < plan.comms_by_ref.size(); ++ref) {
    const mpi::CommInfo* comm = plan.comms_by_ref[ref];
    const OTF2_CommRef parent = comm->parent_id == 0 ? OTF2_UNDEFINED_COMM : plan.comm(comm->parent_id);
    const OTF2_CommFlag flags =
        run.has_handle_events(comm->id) ? OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS : OTF2_COMM_FLAG_NONE;
    defs.comms.push_back(
        {strings.ref(comm->name), plan.group_of_comm[ref], parent, flags, plan.remote_group_of_comm[ref]});
  }
  if (plan.lane_team != OTF2_UNDEFINED_COMM) {
    defs.comms.push_back(
        {strings.ref(contract::kNetworkLaneTeam), plan.lane_team_group, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE});
  }
  for (const mpi::WindowInfo* window : plan.windows_by_ref) {
    const OTF2_RmaWinFlag flags =
        run.has_window_events(window->id) ? OTF2_RMA_WIN_FLAG_CREATE_DESTROY_EVENTS : OTF2_RMA_WIN_FLAG_NONE;
    defs.windows.push_back({strings.ref("window " + std::to_string(window->id)), plan.comm(window->comm_id), flags});
  }
}

Definitions resolve(const TraceRecorder& run, ArchivePlan& plan, const std::vector<LocationRecord>& locations) {
  Definitions defs;
  StringTable& strings = plan.strings;
  defs.attributes = attributes(strings);
  defs.nodes = system_tree(run.info(), strings);
  for (int rank = 0; rank < run.info().ranks; ++rank) {
    defs.rank_names.push_back(strings.ref("MPI Rank " + std::to_string(rank)));
  }
  for (const LocationRecord& location : locations) defs.location_names.push_back(strings.ref(location.name));
  defs.digest_name = strings.ref(kLocationPropertyDigest);
  defs.regions = regions(run, plan, strings);
  call_sites(plan, strings, defs);
  comms_and_groups(run, plan, strings, defs);
  return defs;
}

}  // namespace

void write_global_definitions(OTF2_GlobalDefWriter* w, const TraceRecorder& run, ArchivePlan& plan,
                              const std::vector<LocationRecord>& locations, const Otf2Status& status) {
  const Definitions defs = resolve(run, plan, locations);
  const char* what = "writing the global definitions";

  status.check(OTF2_GlobalDefWriter_WriteClockProperties(
                   w, kPicosecondsPerSecond, 0, static_cast<std::uint64_t>(run.end_time()), OTF2_UNDEFINED_TIMESTAMP),
               what);
  const std::vector<std::string>& strings = plan.strings.strings();
  for (std::size_t ref = 0; ref < strings.size(); ++ref) {
    status.check(OTF2_GlobalDefWriter_WriteString(w, static_cast<OTF2_StringRef>(ref), strings[ref].c_str()), what);
  }
  for (std::size_t ref = 0; ref < defs.attributes.size(); ++ref) {
    const AttributeDef& a = defs.attributes[ref];
    status.check(
        OTF2_GlobalDefWriter_WriteAttribute(w, static_cast<OTF2_AttributeRef>(ref), a.name, a.description, a.type),
        what);
  }
  for (std::size_t ref = 0; ref < defs.nodes.size(); ++ref) {
    const SystemTreeNodeDef& n = defs.nodes[ref];
    const auto self = static_cast<OTF2_SystemTreeNodeRef>(ref);
    status.check(OTF2_GlobalDefWriter_WriteSystemTreeNode(w, self, n.name, n.class_name, n.parent), what);
    status.check(OTF2_GlobalDefWriter_WriteSystemTreeNodeDomain(w, self, n.domain), what);
  }
  const int per_node = std::max(run.info().ranks_per_node, 1);
  for (std::size_t rank = 0; rank < defs.rank_names.size(); ++rank) {
    const auto node = static_cast<OTF2_SystemTreeNodeRef>(1 + rank / static_cast<std::size_t>(per_node));
    status.check(
        OTF2_GlobalDefWriter_WriteLocationGroup(w, static_cast<OTF2_LocationGroupRef>(rank), defs.rank_names[rank],
                                                OTF2_LOCATION_GROUP_TYPE_PROCESS, node, OTF2_UNDEFINED_LOCATION_GROUP),
        what);
  }
  for (std::size_t i = 0; i < locations.size(); ++i) {
    const LocationRecord& l = locations[i];
    status.check(OTF2_GlobalDefWriter_WriteLocation(w, l.id, defs.location_names[i], contract::kRankLocationType,
                                                    l.events, l.group),
                 what);
  }
  for (const LocationRecord& l : locations) {
    OTF2_AttributeValue digest;
    digest.uint64 = l.digest;
    status.check(OTF2_GlobalDefWriter_WriteLocationProperty(w, l.id, defs.digest_name, OTF2_TYPE_UINT64, digest), what);
  }
  for (std::size_t ref = 0; ref < defs.regions.size(); ++ref) {
    const RegionDef& r = defs.regions[ref];
    status.check(OTF2_GlobalDefWriter_WriteRegion(w, static_cast<OTF2_RegionRef>(ref), r.name, r.name, r.description,
                                                  r.role, r.paradigm, OTF2_REGION_FLAG_NONE, r.source_file, 0, 0),
                 what);
  }
  for (std::size_t ref = 0; ref < defs.source_locations.size(); ++ref) {
    const SourceCodeLocationDef& l = defs.source_locations[ref];
    status.check(
        OTF2_GlobalDefWriter_WriteSourceCodeLocation(w, static_cast<OTF2_SourceCodeLocationRef>(ref), l.file, l.line),
        what);
  }
  for (std::size_t ref = 0; ref < defs.calling_contexts.size(); ++ref) {
    const CallingContextDef& c = defs.calling_contexts[ref];
    status.check(OTF2_GlobalDefWriter_WriteCallingContext(w, static_cast<OTF2_CallingContextRef>(ref), c.region,
                                                          c.location, OTF2_UNDEFINED_CALLING_CONTEXT),
                 what);
  }
  for (std::size_t ref = 0; ref < defs.groups.size(); ++ref) {
    const GroupDef& g = defs.groups[ref];
    status.check(OTF2_GlobalDefWriter_WriteGroup(w, static_cast<OTF2_GroupRef>(ref), g.name, g.type, g.paradigm,
                                                 OTF2_GROUP_FLAG_NONE, static_cast<std::uint32_t>(g.members.size()),
                                                 g.members.data()),
                 what);
  }
  for (std::size_t ref = 0; ref < defs.comms.size(); ++ref) {
    const CommDef& c = defs.comms[ref];
    const auto self = static_cast<OTF2_CommRef>(ref);
    status.check(c.remote_group != OTF2_UNDEFINED_GROUP
                     ? OTF2_GlobalDefWriter_WriteInterComm(w, self, c.name, c.group, c.remote_group, c.parent, c.flags)
                     : OTF2_GlobalDefWriter_WriteComm(w, self, c.name, c.group, c.parent, c.flags),
                 what);
  }
  for (std::size_t ref = 0; ref < defs.windows.size(); ++ref) {
    const WindowDef& d = defs.windows[ref];
    status.check(OTF2_GlobalDefWriter_WriteRmaWin(w, static_cast<OTF2_RmaWinRef>(ref), d.name, d.comm, d.flags), what);
  }
}

}  // namespace xo::tracer
