#include "message_matcher.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace xo::analyzer {

namespace {

using Order = std::vector<std::uint32_t>;  // positions in a record vector

// `order` (positions in `records`) stably sorted by `key` (a rank): a counting sort.
template <class Record, class Key>
Order stable_by(const std::vector<Record>& records, const Order& order, Key key) {
  std::uint32_t buckets = 0;
  for (std::uint32_t i : order) buckets = std::max(buckets, static_cast<std::uint32_t>(key(records[i])) + 1);
  std::vector<std::uint32_t> first(static_cast<std::size_t>(buckets) + 1, 0);
  for (std::uint32_t i : order) ++first[static_cast<std::size_t>(key(records[i])) + 1];
  for (std::size_t b = 1; b < first.size(); ++b) first[b] += first[b - 1];
  Order out(order.size());
  for (std::uint32_t i : order) out[first[static_cast<std::size_t>(key(records[i]))]++] = i;
  return out;
}

// Positions ordered by (sender, receiver), each pair in the records' own order.
template <class Record>
Order by_pair(const std::vector<Record>& records, Order order) {
  order = stable_by(records, order, [](const Record& r) { return r.receiver; });
  return stable_by(records, order, [](const Record& r) { return r.sender; });
}

template <class Record>
bool same_channel(const SendRecord& s, const Record& r) {
  return s.comm == r.comm && s.tag == r.tag;
}

class Matcher {
 public:
  Matcher(const EventRecords& records, TraceModel& model, ProblemLog& log)
      : sends_(records.sends), receives_(records.receives), model_(model), log_(log) {}

  void run() {
    Order live_sends;
    live_sends.reserve(sends_.size());
    for (std::uint32_t i = 0; i < sends_.size(); ++i) {
      if (!sends_[i].cancelled) live_sends.push_back(i);
    }
    Order all_receives(receives_.size());
    for (std::uint32_t i = 0; i < receives_.size(); ++i) all_receives[i] = i;
    const Order s = by_pair(sends_, std::move(live_sends));
    const Order r = by_pair(receives_, std::move(all_receives));
    reserve(std::min(s.size(), r.size()));

    std::size_t i = 0;
    std::size_t j = 0;
    while (i < s.size() || j < r.size()) {
      const auto pair_of = [](const auto& x) { return std::pair(x.sender, x.receiver); };
      const bool sends_left = i < s.size();
      const bool receives_left = j < r.size();
      const auto pair = !receives_left ? pair_of(sends_[s[i]])
                        : !sends_left  ? pair_of(receives_[r[j]])
                                       : std::min(pair_of(sends_[s[i]]), pair_of(receives_[r[j]]));
      std::size_t i_end = i;
      while (i_end < s.size() && pair_of(sends_[s[i_end]]) == pair) ++i_end;
      std::size_t j_end = j;
      while (j_end < r.size() && pair_of(receives_[r[j_end]]) == pair) ++j_end;
      match_pair(Order(s.begin() + static_cast<std::ptrdiff_t>(i), s.begin() + static_cast<std::ptrdiff_t>(i_end)),
                 Order(r.begin() + static_cast<std::ptrdiff_t>(j), r.begin() + static_cast<std::ptrdiff_t>(j_end)));
      i = i_end;
      j = j_end;
    }
  }

 private:
  // One (sender, receiver) pair: together while the channels agree, per channel after that.
  void match_pair(Order s, Order r) {
    std::size_t k = 0;
    for (; k < s.size() && k < r.size() && same_channel(sends_[s[k]], receives_[r[k]]); ++k) append(s[k], r[k]);
    if (k == s.size() || k == r.size()) {
      for (std::size_t i = k; i < s.size(); ++i) unmatched_send(s[i]);
      for (std::size_t i = k; i < r.size(); ++i) unmatched_receive(r[i]);
      return;
    }
    const auto channel = [](const auto& x) { return std::pair(x.comm, x.tag); };
    s.erase(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(k));
    r.erase(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(k));
    std::stable_sort(s.begin(), s.end(), [&](auto a, auto b) { return channel(sends_[a]) < channel(sends_[b]); });
    std::stable_sort(r.begin(), r.end(), [&](auto a, auto b) { return channel(receives_[a]) < channel(receives_[b]); });
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < s.size() || j < r.size()) {
      if (j == r.size() || (i < s.size() && channel(sends_[s[i]]) < channel(receives_[r[j]]))) {
        unmatched_send(s[i++]);
      } else if (i == s.size() || channel(receives_[r[j]]) < channel(sends_[s[i]])) {
        unmatched_receive(r[j++]);
      } else {
        append(s[i++], r[j++]);
      }
    }
  }

  void reserve(std::size_t n) {
    MessageTable& m = model_.messages;
    m.sender.reserve(n);
    m.receiver.reserve(n);
    m.communicator.reserve(n);
    m.tag.reserve(n);
    m.bytes.reserve(n);
    m.send_time.reserve(n);
    m.send_call.reserve(n);
    m.send_complete.reserve(n);
    m.send_complete_call.reserve(n);
    m.send_buffer_free.reserve(n);
    m.receive_posted.reserve(n);
    m.receive_time.reserve(n);
    m.receive_complete.reserve(n);
    m.receive_call.reserve(n);
    m.protocol.reserve(n);
    m.flags.reserve(n);
  }

  void append(std::uint32_t send, std::uint32_t receive) {
    const SendRecord& s = sends_[send];
    const ReceiveRecord& r = receives_[receive];
    MessageTable& m = model_.messages;
    m.sender.push_back(s.sender);
    m.receiver.push_back(s.receiver);
    m.communicator.push_back(s.comm);
    m.tag.push_back(s.tag);
    m.bytes.push_back(s.bytes);
    m.send_time.push_back(s.time);
    m.send_call.push_back(s.call);
    m.send_complete.push_back(s.complete);
    m.send_complete_call.push_back(s.complete_call);
    const bool blocking = (s.flags & MessageTable::kNonblockingSend) == 0;
    const bool free_known = !std::isnan(s.buffer_free);
    m.send_buffer_free.push_back(blocking && !free_known && s.call != kNoIndex ? model_.calls.leave[s.call]
                                                                              : s.buffer_free);
    m.receive_posted.push_back(r.posted);
    m.receive_time.push_back(r.time);
    const bool blocking_receive = (r.flags & MessageTable::kNonblockingReceive) == 0;
    m.receive_complete.push_back(blocking_receive && r.call != kNoIndex ? model_.calls.leave[r.call] : r.arrived);
    m.receive_call.push_back(r.call);
    m.protocol.push_back(kNoString);
    m.flags.push_back(s.flags | r.flags);
  }

  template <class Record>
  std::string describe(const char* side, const Record& r, const char* missing) const {
    return std::string(side) + " from rank " + std::to_string(r.sender) + " to rank " + std::to_string(r.receiver) +
           " on " + model_.communicators.name[r.comm] + " with tag " + std::to_string(r.tag) + " at " +
           std::to_string(r.time) + " s has no matching " + missing;
  }
  void unmatched_send(std::uint32_t i) {
    const SendRecord& s = sends_[i];
    UnreceivedSendTable& u = model_.unreceived;
    u.sender.push_back(s.sender);
    u.receiver.push_back(s.receiver);
    u.bytes.push_back(s.bytes);
    u.send_time.push_back(s.time);
    log_.add(&ReadProblems::unmatched_sends, [&] { return describe("send", s, "receive"); });
  }
  void unmatched_receive(std::uint32_t i) {
    log_.add(&ReadProblems::unmatched_receives, [&] { return describe("receive", receives_[i], "send"); });
  }

  const std::vector<SendRecord>& sends_;
  const std::vector<ReceiveRecord>& receives_;
  TraceModel& model_;
  ProblemLog& log_;
};

}  // namespace

void match_messages(const EventRecords& records, TraceModel& model, ProblemLog& log) {
  Matcher(records, model, log).run();
}

}  // namespace xo::analyzer
