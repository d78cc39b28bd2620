#pragma once
// Where the ranks of each communicator are: MPI events name their peer by a communicator rank,
// and OTF2 maps it to a location through the communicator's group (OTF2_Definitions.h,
// OTF2_GroupType): a COMM_GROUP lists positions in its paradigm's COMM_LOCATIONS group (or, with
// OTF2_GROUP_FLAG_GLOBAL_MEMBERS, event ranks are such positions already), a COMM_LOCATIONS group
// lists locations, and a COMM_SELF communicator has one rank, the location itself. The ranks of an
// inter-communicator are those of the group the location is not in.
//
// Built after the definition checks: a reference they reported broken maps to no location here,
// and events through it are not checked further (the definition problem already says why).

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

class CommunicatorMap {
 public:
  explicit CommunicatorMap(const Definitions& defs);

  enum class PeerStatus {
    Found,
    UndefinedComm,   // the communicator is not defined
    BrokenComm,      // its definition has a problem, reported with the definitions
    RankOutOfRange,  // the communicator has no such rank
    NotMember,       // the location is not in the (inter-)communicator it uses
  };
  struct Peer {
    PeerStatus status;
    LocationIndex location = kNoLocation;
  };
  // Rank `rank` of `comm` as location `self` sees it.
  Peer peer(OTF2_CommRef comm, std::uint32_t rank, LocationIndex self) const;

  enum class Kind { Ranks, Self, Inter, Broken };
  struct Comm {
    Kind kind = Kind::Broken;
    std::vector<LocationIndex> members;  // every member location (both groups of an inter-communicator)
    std::vector<LocationIndex> ranks;    // rank -> location as events name them (group A if Inter)
    std::vector<LocationIndex> remote;   // group B of an inter-communicator
  };
  // nullptr if the communicator is not defined.
  const Comm* find(OTF2_CommRef comm) const;

 private:
  std::unordered_map<OTF2_CommRef, Comm> comms_;
};

}  // namespace xo::tracer
