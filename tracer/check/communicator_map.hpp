#pragma once
// Each communicator's ranks as the checker looks them up (xo/tracer/communicator_ranks.hpp has the
// rule, shared with the trace model), and each event's peer location through them.
//
// Built after the definition checks: a reference they reported broken maps to no location here,
// and events through it are not checked further (the definition problem already says why).

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "xo/tracer/communicator_ranks.hpp"
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

  using Comm = CommunicatorRanks;
  using Kind = CommunicatorRanks::Kind;
  // nullptr if the communicator is not defined.
  const Comm* find(OTF2_CommRef comm) const;

 private:
  std::unordered_map<OTF2_CommRef, Comm> comms_;
};

}  // namespace xo::tracer
