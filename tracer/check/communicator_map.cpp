#include "communicator_map.hpp"

#include <algorithm>
#include <optional>

namespace xo::tracer {

namespace {

using Locations = std::vector<LocationIndex>;

// Location refs to indices; nothing if one is not defined.
std::optional<Locations> locations_of(const Definitions& defs, const std::vector<std::uint64_t>& refs) {
  Locations out;
  out.reserve(refs.size());
  for (std::uint64_t ref : refs) {
    const LocationIndex l = defs.find_location(ref);
    if (l == kNoLocation) return std::nullopt;
    out.push_back(l);
  }
  return out;
}

class GroupResolver {
 public:
  explicit GroupResolver(const Definitions& defs) : defs_(defs) {}

  // The locations of a COMM_LOCATIONS or COMM_GROUP group, in rank order; nothing if it is broken.
  std::optional<Locations> members(OTF2_GroupRef ref) {
    auto it = defs_.groups.find(ref);
    if (it == defs_.groups.end()) return std::nullopt;
    const Definitions::Group& g = it->second;
    if (g.type == OTF2_GROUP_TYPE_COMM_LOCATIONS) return locations_of(defs_, g.members);
    if (g.type != OTF2_GROUP_TYPE_COMM_GROUP) return std::nullopt;
    const std::optional<Locations>* all = comm_locations(g.paradigm);
    if (all == nullptr || !all->has_value()) return std::nullopt;
    Locations out;
    out.reserve(g.members.size());
    for (std::uint64_t position : g.members) {
      if (position >= (*all)->size()) return std::nullopt;
      out.push_back((**all)[position]);
    }
    return out;
  }

  // The paradigm's COMM_LOCATIONS group as locations, resolved once per paradigm.
  const std::optional<Locations>* comm_locations(OTF2_Paradigm paradigm) {
    auto known = resolved_.find(paradigm);
    if (known != resolved_.end()) return &known->second;
    auto it = defs_.comm_locations.find(paradigm);
    if (it == defs_.comm_locations.end()) return nullptr;
    return &resolved_.emplace(paradigm, locations_of(defs_, defs_.groups.at(it->second).members)).first->second;
  }

 private:
  const Definitions& defs_;
  std::unordered_map<OTF2_Paradigm, std::optional<Locations>> resolved_;
};

CommunicatorMap::Comm resolve(const Definitions& defs, GroupResolver& groups, const Definitions::Comm& c) {
  CommunicatorMap::Comm out;
  auto group = defs.groups.find(c.group);
  if (group == defs.groups.end()) return out;
  if (c.inter) {
    auto a = groups.members(c.group);
    auto b = groups.members(c.remote_group);
    if (!a || !b) return out;
    out.kind = CommunicatorMap::Kind::Inter;
    out.members = *a;
    out.members.insert(out.members.end(), b->begin(), b->end());
    out.ranks = std::move(*a);
    out.remote = std::move(*b);
    return out;
  }
  if (group->second.type == OTF2_GROUP_TYPE_COMM_SELF) {
    out.kind = CommunicatorMap::Kind::Self;
    return out;
  }
  auto members = groups.members(c.group);
  if (!members) return out;
  out.kind = CommunicatorMap::Kind::Ranks;
  out.members = std::move(*members);
  if (group->second.type == OTF2_GROUP_TYPE_COMM_GROUP && (group->second.flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS)) {
    const auto* all = groups.comm_locations(group->second.paradigm);
    out.ranks = **all;
  } else {
    out.ranks = out.members;
  }
  return out;
}

}  // namespace

CommunicatorMap::CommunicatorMap(const Definitions& defs) {
  GroupResolver groups(defs);
  for (const auto& [ref, comm] : defs.comms) comms_.emplace(ref, resolve(defs, groups, comm));
}

const CommunicatorMap::Comm* CommunicatorMap::find(OTF2_CommRef comm) const {
  auto it = comms_.find(comm);
  return it == comms_.end() ? nullptr : &it->second;
}

CommunicatorMap::Peer CommunicatorMap::peer(OTF2_CommRef comm, std::uint32_t rank, LocationIndex self) const {
  const Comm* c = find(comm);
  if (c == nullptr) return {PeerStatus::UndefinedComm};
  const Locations* ranks = &c->ranks;
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
