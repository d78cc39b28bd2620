#pragma once
// The numbering of a buffered run's definitions, fixed before any event is written: regions
// (MPI calls by name, then protocol phases in Phase order), communicators (by observer id), the
// attributes, and the strings that events carry as attribute values.

#include <otf2/otf2.h>

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "call_site_resolver.hpp"
#include "string_table.hpp"
#include "trace_recorder.hpp"

namespace xo::tracer {

// Attribute definitions, in this order.
enum AttributeId : OTF2_AttributeRef {
  kAttributeProtocol,    // phase Enter: the protocol path (string)
  kAttributeBytes,       // phase Enter: bytes (uint64)
  kAttributePeer,        // phase Enter: the other rank, world rank (int32); absent if none
  kAttributeAlgorithm,   // MpiCollectiveEnd: the algorithm the machine chose (string)
  kAttributeBufferFree,  // MpiIsendComplete: when the send's buffer became free (timestamp, uint64)
  kAttributeArrived,     // MpiIrecv: when the message had arrived, the request complete (timestamp, uint64)
  kAttributeCallSite,    // MPI call Enter: where the program called it (calling context)
  kAttributeCount,
};

struct ArchivePlan {
  StringTable strings;
  std::vector<OTF2_RegionRef> region_of_call;          // by call name id
  std::vector<std::uint32_t> calls_by_region;          // call name ids in region order
  std::array<OTF2_RegionRef, 256> region_of_phase{};   // by Phase value, for the phases that occurred
  std::vector<mpi::Phase> phases_by_region;            // in region order, after the calls
  std::vector<OTF2_CommRef> comm_of_id;                // by observer comm id; OTF2_UNDEFINED_COMM if undefined
  std::vector<const mpi::CommInfo*> comms_by_ref;      // in OTF2 comm ref order
  std::vector<OTF2_RmaWinRef> window_of_id;            // by observer window id; OTF2_UNDEFINED_RMA_WIN if undefined
  std::vector<const mpi::WindowInfo*> windows_by_ref;  // in OTF2 window ref order
  // Groups: the COMM_LOCATIONS group (ref 0), then the members of communicators and of the
  // post-start-complete-wait calls, each member list once (OTF2_Definitions.h, OTF2_GroupType);
  // last, if any rank has protocol phases, the network lane team's two (hardware paradigm).
  struct Group {
    std::string name;
    OTF2_GroupType type;
    std::vector<std::uint64_t> members;
    OTF2_Paradigm paradigm = OTF2_PARADIGM_MPI;
  };
  std::vector<Group> groups;
  std::vector<OTF2_GroupRef> group_of_comm;         // by OTF2 comm ref
  std::vector<OTF2_GroupRef> remote_group_of_comm;  // intercommunicators' group B; OTF2_UNDEFINED_GROUP else
  std::vector<OTF2_GroupRef> group_of_rma_group;    // by TraceRecorder::rma_groups id
  // The thread team of the network lanes' tasks (trace_contract.hpp), after the MPI communicators;
  // OTF2_UNDEFINED_COMM if no rank has protocol phases.
  OTF2_CommRef lane_team = OTF2_UNDEFINED_COMM;
  OTF2_GroupRef lane_team_group = OTF2_UNDEFINED_GROUP;
  std::vector<OTF2_StringRef> path_strings;       // by path name id
  std::vector<OTF2_StringRef> algorithm_strings;  // by algorithm name id
  // The program's call sites, by calling context ref (sorted, so that the numbering does not depend
  // on where the program was loaded), and the context of each return address Enter events carry.
  std::vector<SourceSite> call_sites;
  std::unordered_map<std::uint64_t, OTF2_CallingContextRef> context_of_address;

  OTF2_CommRef comm(std::uint32_t observer_id) const {
    return observer_id < comm_of_id.size() ? comm_of_id[observer_id] : OTF2_UNDEFINED_COMM;
  }
  OTF2_RmaWinRef window(std::uint32_t observer_id) const {
    return observer_id < window_of_id.size() ? window_of_id[observer_id] : OTF2_UNDEFINED_RMA_WIN;
  }
  OTF2_CallingContextRef context(std::uint64_t address) const {
    if (address == 0) return OTF2_UNDEFINED_CALLING_CONTEXT;
    auto it = context_of_address.find(address);
    return it == context_of_address.end() ? OTF2_UNDEFINED_CALLING_CONTEXT : it->second;
  }
};

ArchivePlan make_plan(const TraceRecorder& run);

}  // namespace xo::tracer
