#include "collective_matcher.hpp"

#include <algorithm>

namespace xo::tracer {

CollectiveMatcher::Stream& CollectiveMatcher::stream(OTF2_CommRef ref, const CommunicatorMap::Comm& comm,
                                                     LocationIndex self) {
  const bool per_location = comm.kind == CommunicatorMap::Kind::Self;
  const auto key = std::make_pair(ref, per_location ? self : kNoLocation);
  auto it = streams_.find(key);
  if (it != streams_.end()) return it->second;
  Stream s;
  s.members = per_location ? std::vector<LocationIndex>{self} : comm.members;
  for (std::uint32_t p = 0; p < s.members.size(); ++p) s.position.emplace(s.members[p], p);
  s.counts.assign(s.members.size(), 0);
  s.check_root = comm.kind != CommunicatorMap::Kind::Inter;
  return streams_.emplace(key, std::move(s)).first->second;
}

CollectiveMatcher::Outcome CollectiveMatcher::add(OTF2_CommRef ref, const CommunicatorMap::Comm& comm,
                                                  const Record& record, Record* first, std::uint64_t* instance) {
  Stream& s = stream(ref, comm, record.location);
  auto member = s.position.find(record.location);
  if (member == s.position.end()) return Outcome::NotMember;
  const std::uint64_t index = s.counts[member->second]++;
  *instance = index + 1;
  if (index - s.first_pending == s.pending.size()) {
    s.pending.push_back({record, 0});
  }
  Instance& inst = s.pending[index - s.first_pending];
  ++inst.arrived;
  const bool same = inst.first.op == record.op && (!s.check_root || inst.first.root == record.root);
  if (!same) *first = inst.first;
  // Members record instances in order, so the oldest is always the first to be complete.
  while (!s.pending.empty() && s.pending.front().arrived == s.members.size()) {
    s.pending.pop_front();
    ++s.first_pending;
  }
  return same ? Outcome::Agrees : Outcome::Differs;
}

std::vector<CollectiveMatcher::CountMismatch> CollectiveMatcher::count_mismatches() const {
  std::vector<CountMismatch> out;
  for (const auto& [key, s] : streams_) {
    if (s.pending.empty()) continue;  // every instance was recorded by every member
    std::map<std::uint64_t, std::size_t> members_per_count;
    for (std::uint64_t c : s.counts) ++members_per_count[c];
    const auto usual = std::max_element(members_per_count.begin(), members_per_count.end(),
                                        [](const auto& a, const auto& b) { return a.second < b.second; });
    CountMismatch m{key.first, key.second, usual->first, {}};
    for (std::size_t p = 0; p < s.members.size(); ++p) {
      if (s.counts[p] != usual->first) m.others.emplace_back(s.members[p], s.counts[p]);
    }
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace xo::tracer
