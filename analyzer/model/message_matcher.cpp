#include "message_matcher.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace xo::analyzer {

namespace {

// A message's channel in 128 bits, with the record's position as the tie-break that keeps each
// side's order.
struct Keyed {
  std::uint64_t high;  // communicator, sender
  std::uint64_t low;   // receiver, tag
  std::uint32_t position;

  bool operator<(const Keyed& o) const {
    if (high != o.high) return high < o.high;
    if (low != o.low) return low < o.low;
    return position < o.position;
  }
  bool same_channel(const Keyed& o) const { return high == o.high && low == o.low; }
};

template <class Record>
Keyed keyed(const Record& r, std::uint32_t position) {
  return {(std::uint64_t{r.comm} << 32) | static_cast<std::uint32_t>(r.sender),
          (std::uint64_t{static_cast<std::uint32_t>(r.receiver)} << 32) | r.tag, position};
}

std::vector<Keyed> sorted_sends(const std::vector<SendRecord>& sends) {
  std::vector<Keyed> out;
  out.reserve(sends.size());
  for (std::uint32_t i = 0; i < sends.size(); ++i) {
    if (!sends[i].cancelled) out.push_back(keyed(sends[i], i));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Keyed> sorted_receives(const std::vector<ReceiveRecord>& receives) {
  std::vector<Keyed> out(receives.size());
  for (std::uint32_t i = 0; i < receives.size(); ++i) out[i] = keyed(receives[i], i);
  std::sort(out.begin(), out.end());
  return out;
}

void append(MessageTable& m, const SendRecord& s, const ReceiveRecord& r) {
  m.sender.push_back(s.sender);
  m.receiver.push_back(s.receiver);
  m.communicator.push_back(s.comm);
  m.tag.push_back(s.tag);
  m.bytes.push_back(s.bytes);
  m.send_time.push_back(s.time);
  m.send_call.push_back(s.call);
  m.send_complete.push_back(s.complete);
  m.receive_posted.push_back(r.posted);
  m.receive_time.push_back(r.time);
  m.receive_call.push_back(r.call);
  m.protocol.push_back(kNoString);
  m.flags.push_back(s.flags | r.flags);
}

template <class Record>
std::string unmatched(const char* side, const Record& r, const TraceModel& model) {
  return std::string(side) + " from rank " + std::to_string(r.sender) + " to rank " + std::to_string(r.receiver) +
         " on " + model.communicators.name[r.comm] + " with tag " + std::to_string(r.tag) + " at " +
         std::to_string(r.time) + " s has no matching " + (side[0] == 's' ? "receive" : "send");
}

}  // namespace

void match_messages(const EventRecords& records, TraceModel& model, ProblemLog& log) {
  const std::vector<Keyed> sends = sorted_sends(records.sends);
  const std::vector<Keyed> receives = sorted_receives(records.receives);
  MessageTable& m = model.messages;
  std::size_t s = 0;
  std::size_t r = 0;
  while (s < sends.size() || r < receives.size()) {
    if (r == receives.size() || (s < sends.size() && !sends[s].same_channel(receives[r]) && sends[s] < receives[r])) {
      log.add(&ReadProblems::unmatched_sends,
              [&] { return unmatched("send", records.sends[sends[s].position], model); });
      ++s;
    } else if (s == sends.size() || !sends[s].same_channel(receives[r])) {
      log.add(&ReadProblems::unmatched_receives,
              [&] { return unmatched("receive", records.receives[receives[r].position], model); });
      ++r;
    } else {
      append(m, records.sends[sends[s].position], records.receives[receives[r].position]);
      ++s;
      ++r;
    }
  }
}

}  // namespace xo::analyzer
