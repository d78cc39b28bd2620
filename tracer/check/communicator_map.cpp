#include "communicator_map.hpp"

#include <algorithm>

namespace xo::tracer {

CommunicatorMap::CommunicatorMap(const Definitions& defs) {
  CommunicatorResolver resolver(defs);
  for (const auto& [ref, comm] : defs.comms) {
    Comm resolved = resolver.resolve(comm);
    // Members a trace filter left out record no collectives.
    std::erase_if(resolved.members, [&](LocationIndex l) { return defs.locations[l].untraced; });
    comms_.emplace(ref, std::move(resolved));
  }
}

const CommunicatorMap::Comm* CommunicatorMap::find(OTF2_CommRef comm) const {
  auto it = comms_.find(comm);
  return it == comms_.end() ? nullptr : &it->second;
}

CommunicatorMap::Peer CommunicatorMap::peer(OTF2_CommRef comm, std::uint32_t rank, LocationIndex self) const {
  const Comm* c = find(comm);
  if (c == nullptr) return {PeerStatus::UndefinedComm};
  const std::vector<LocationIndex>* ranks = &c->ranks;
  switch (c->kind) {
    case Kind::Broken: return {PeerStatus::BrokenComm};
    case Kind::Self: return rank == 0 ? Peer{PeerStatus::Found, self} : Peer{PeerStatus::RankOutOfRange};
    case Kind::Inter:
      if (std::find(c->ranks.begin(), c->ranks.end(), self) != c->ranks.end()) {
        ranks = &c->remote;
      } else if (std::find(c->remote.begin(), c->remote.end(), self) == c->remote.end()) {
        return {PeerStatus::NotMember};
      }
      break;
    case Kind::Ranks: break;
  }
  if (rank >= ranks->size()) return {PeerStatus::RankOutOfRange};
  return {PeerStatus::Found, (*ranks)[rank]};
}

}  // namespace xo::tracer
