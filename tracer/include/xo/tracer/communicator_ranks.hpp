#pragma once
// Where the ranks of a communicator are, by OTF2's rules (OTF2_Definitions.h, OTF2_GroupType): MPI
// events name their peer by a communicator rank. A COMM_GROUP lists positions in its paradigm's
// COMM_LOCATIONS group (or, with OTF2_GROUP_FLAG_GLOBAL_MEMBERS, event ranks are such positions
// already), a COMM_LOCATIONS group lists locations, and a COMM_SELF communicator has one rank, the
// location itself. The ranks of an inter-communicator are those of the group the location is not
// in. One rule for every reader: the checker finds each event's peer location with it, the trace
// model each peer's world rank.

#include <otf2/otf2.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

struct CommunicatorRanks {
  enum class Kind { Ranks, Self, Inter, Broken };
  Kind kind = Kind::Broken;
  bool global = false;                 // GLOBAL_MEMBERS: `ranks` is the paradigm's whole COMM_LOCATIONS group
  std::vector<LocationIndex> members;  // every member location (both groups of an inter-communicator)
  std::vector<LocationIndex> ranks;    // rank -> location as events name them (group A if Inter)
  std::vector<LocationIndex> remote;   // group B of an inter-communicator
  std::string broken;                  // why, if Broken: "has group 4, which is not defined"
};

// Resolves communicators, each paradigm's COMM_LOCATIONS group once.
class CommunicatorResolver {
 public:
  explicit CommunicatorResolver(const Definitions& defs) : defs_(defs) {}

  CommunicatorRanks resolve(const Definitions::Comm& comm);
  // The locations of a group by itself (an RMA group synchronisation's), in its order; empty with
  // `broken` saying why if it does not resolve.
  std::vector<LocationIndex> group_locations(OTF2_GroupRef ref, std::string& broken) {
    Members m = members(ref);
    broken = std::move(m.broken);
    return broken.empty() ? std::move(m.locations) : std::vector<LocationIndex>{};
  }

 private:
  struct Members {
    std::vector<LocationIndex> locations;
    std::string broken;  // empty if every member resolved
  };
  // The locations of a COMM_LOCATIONS or COMM_GROUP group, in rank order.
  Members members(OTF2_GroupRef ref);
  // The paradigm's COMM_LOCATIONS group as locations; null if the paradigm has none.
  const Members* comm_locations(OTF2_Paradigm paradigm);
  Members locations_of(OTF2_GroupRef ref, const std::vector<std::uint64_t>& refs) const;

  const Definitions& defs_;
  std::unordered_map<OTF2_Paradigm, Members> resolved_;
};

}  // namespace xo::tracer
