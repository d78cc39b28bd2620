#include "collective_assembler.hpp"

#include <algorithm>
#include <string>
#include <tuple>

namespace xo::analyzer {

void assemble_collectives(EventRecords& records, TraceModel& model, ProblemLog& log) {
  std::vector<CollectiveMemberRecord>& members = records.collective_members;
  std::sort(members.begin(), members.end(), [](const CollectiveMemberRecord& a, const CollectiveMemberRecord& b) {
    return std::tie(a.comm, a.sequence, a.rank) < std::tie(b.comm, b.sequence, b.rank);
  });
  CollectiveTable& c = model.collectives;
  for (std::size_t first = 0; first < members.size();) {
    const CollectiveMemberRecord& lead = members[first];
    std::size_t last = first;
    StringId algorithm = kNoString;
    const auto instance = static_cast<Index>(c.size());
    for (; last < members.size() && members[last].comm == lead.comm && members[last].sequence == lead.sequence;
         ++last) {
      const CollectiveMemberRecord& m = members[last];
      if (m.operation != lead.operation || m.root != lead.root || m.nonblocking != lead.nonblocking) {
        log.add(&ReadProblems::inconsistent_collectives, [&] {
          return "collective " + std::to_string(lead.sequence) + " on " + model.communicators.name[lead.comm] +
                 ": rank " + std::to_string(m.rank) + " disagrees with rank " + std::to_string(lead.rank) +
                 " on the operation, root or whether it blocks";
        });
      }
      if (algorithm == kNoString) algorithm = m.algorithm;
      c.instance.push_back(instance);
      c.rank.push_back(m.rank);
      c.begin.push_back(m.begin);
      c.end.push_back(m.end);
      c.call.push_back(m.call);
      c.complete_call.push_back(m.complete_call);
      c.bytes_sent.push_back(m.bytes_sent);
      c.bytes_received.push_back(m.bytes_received);
    }
    c.operation.push_back(lead.operation);
    c.communicator.push_back(lead.comm);
    c.root.push_back(lead.root);
    c.algorithm.push_back(algorithm);
    c.nonblocking.push_back(lead.nonblocking);
    c.first_member.push_back(static_cast<Index>(first));
    c.member_count.push_back(static_cast<std::uint32_t>(last - first));
    first = last;
  }
}

}  // namespace xo::analyzer
