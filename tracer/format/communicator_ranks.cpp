#include "xo/tracer/communicator_ranks.hpp"

#include <utility>

namespace xo::tracer {

CommunicatorResolver::Members CommunicatorResolver::locations_of(OTF2_GroupRef ref,
                                                                 const std::vector<std::uint64_t>& refs) const {
  Members out;
  out.locations.reserve(refs.size());
  for (std::uint64_t location : refs) {
    const LocationIndex l = defs_.find_location(location);
    if (l == kNoLocation) {
      out.broken = "has group " + std::to_string(ref) + " naming location " + std::to_string(location) +
                   ", which is not defined";
      return out;
    }
    out.locations.push_back(l);
  }
  return out;
}

const CommunicatorResolver::Members* CommunicatorResolver::comm_locations(OTF2_Paradigm paradigm) {
  auto known = resolved_.find(paradigm);
  if (known != resolved_.end()) return &known->second;
  auto it = defs_.comm_locations.find(paradigm);
  if (it == defs_.comm_locations.end()) return nullptr;
  return &resolved_.emplace(paradigm, locations_of(it->second, defs_.groups.at(it->second).members)).first->second;
}

CommunicatorResolver::Members CommunicatorResolver::members(OTF2_GroupRef ref) {
  auto it = defs_.groups.find(ref);
  if (it == defs_.groups.end()) return {{}, "has group " + std::to_string(ref) + ", which is not defined"};
  const Definitions::Group& g = it->second;
  if (g.type == OTF2_GROUP_TYPE_COMM_LOCATIONS) return locations_of(ref, g.members);
  if (g.type != OTF2_GROUP_TYPE_COMM_GROUP) {
    return {{}, "has group " + std::to_string(ref) + ", which is not a communicator group"};
  }
  const Members* all = comm_locations(g.paradigm);
  if (all == nullptr) return {{}, "has group " + std::to_string(ref) + ", whose paradigm has no COMM_LOCATIONS group"};
  if (!all->broken.empty()) return {{}, all->broken};
  Members out;
  out.locations.reserve(g.members.size());
  for (std::uint64_t position : g.members) {
    if (position >= all->locations.size()) {
      out.broken = "has member " + std::to_string(position) + " of only " + std::to_string(all->locations.size()) +
                   " locations in its paradigm's COMM_LOCATIONS group";
      return out;
    }
    out.locations.push_back(all->locations[position]);
  }
  return out;
}

CommunicatorRanks CommunicatorResolver::resolve(const Definitions::Comm& c) {
  CommunicatorRanks out;
  auto group = defs_.groups.find(c.group);
  if (group == defs_.groups.end()) {
    out.broken = "has group " + std::to_string(c.group) + ", which is not defined";
    return out;
  }
  if (c.inter) {
    Members a = members(c.group);
    Members b = members(c.remote_group);
    if (!a.broken.empty() || !b.broken.empty()) {
      out.broken = !a.broken.empty() ? std::move(a.broken) : std::move(b.broken);
      return out;
    }
    out.kind = CommunicatorRanks::Kind::Inter;
    out.members = a.locations;
    out.members.insert(out.members.end(), b.locations.begin(), b.locations.end());
    out.ranks = std::move(a.locations);
    out.remote = std::move(b.locations);
    return out;
  }
  const Definitions::Group& g = group->second;
  if (g.type == OTF2_GROUP_TYPE_COMM_SELF) {
    out.kind = CommunicatorRanks::Kind::Self;
    return out;
  }
  Members own = members(c.group);
  if (!own.broken.empty()) {
    out.broken = std::move(own.broken);
    return out;
  }
  out.kind = CommunicatorRanks::Kind::Ranks;
  out.members = std::move(own.locations);
  out.global = g.type == OTF2_GROUP_TYPE_COMM_GROUP && (g.flags & OTF2_GROUP_FLAG_GLOBAL_MEMBERS) != 0;
  out.ranks = out.global ? comm_locations(g.paradigm)->locations : out.members;
  return out;
}

}  // namespace xo::tracer
