#include "message_matcher.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "parallel_jobs.hpp"
#include "xo/analyzer/huge_page_reserve.hpp"

namespace xo::analyzer {

namespace {

using Order = std::vector<std::uint32_t>;  // positions in a record vector

// `order` (positions in a record vector) stably sorted by `key` (a rank, by position): a counting
// sort. The keys are a compact copy of one field, so the records are not read again.
Order stable_by(const std::vector<RankId>& key, const Order& order) {
  std::uint32_t buckets = 0;
  for (std::uint32_t i : order) buckets = std::max(buckets, static_cast<std::uint32_t>(key[i]) + 1);
  std::vector<std::uint32_t> first(static_cast<std::size_t>(buckets) + 1, 0);
  for (std::uint32_t i : order) ++first[static_cast<std::size_t>(static_cast<std::uint32_t>(key[i])) + 1];
  for (std::size_t b = 1; b < first.size(); ++b) first[b] += first[b - 1];
  Order out;
  reserve_on_huge_pages(out, order.size());
  out.resize(order.size());
  for (std::uint32_t i : order) out[first[static_cast<std::uint32_t>(key[i])]++] = i;
  return out;
}

// Positions of the records that `take`s, ordered by (sender, receiver), each pair in the records'
// own order.
template <class Record, class Take>
Order by_pair(const std::vector<Record>& records, Take take) {
  std::vector<RankId> sender;
  std::vector<RankId> receiver;
  Order order;
  reserve_on_huge_pages(sender, records.size());
  reserve_on_huge_pages(receiver, records.size());
  reserve_on_huge_pages(order, records.size());
  for (std::uint32_t i = 0; i < records.size(); ++i) {
    sender.push_back(records[i].sender);
    receiver.push_back(records[i].receiver);
    if (take(records[i])) order.push_back(i);
  }
  return stable_by(sender, stable_by(receiver, order));
}

template <class Record>
bool same_channel(const SendRecord& s, const Record& r) {
  return s.comm == r.comm && s.tag == r.tag;
}

struct Match {
  std::uint32_t send;
  std::uint32_t receive;
};

class Matcher {
 public:
  Matcher(EventRecords& records, TraceModel& model, ProblemLog& log, unsigned threads)
      : sends_(records.sends), receives_(records.receives), model_(model), log_(log), threads_(threads) {}

  void run() {
    Order s, r;
    run_jobs(threads_, {[&] { s = by_pair(sends_, [](const SendRecord& x) { return !x.cancelled; }); },
                        [&] { r = by_pair(receives_, [](const ReceiveRecord&) { return true; }); }});
    reserve_on_huge_pages(matched_, std::min(s.size(), r.size()));

    const auto pair_of = [](const auto& x) { return std::pair(x.sender, x.receiver); };
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < s.size() || j < r.size()) {
      const bool sends_left = i < s.size();
      const bool receives_left = j < r.size();
      const auto pair = !receives_left ? pair_of(sends_[s[i]])
                        : !sends_left  ? pair_of(receives_[r[j]])
                                       : std::min(pair_of(sends_[s[i]]), pair_of(receives_[r[j]]));
      std::size_t i_end = i;
      while (i_end < s.size() && pair_of(sends_[s[i_end]]) == pair) ++i_end;
      std::size_t j_end = j;
      while (j_end < r.size() && pair_of(receives_[r[j_end]]) == pair) ++j_end;
      match_pair(s.data() + i, s.data() + i_end, r.data() + j, r.data() + j_end);
      i = i_end;
      j = j_end;
    }
    fill_messages();
  }

 private:
  // One (sender, receiver) pair: together while the channels agree, per channel after that.
  void match_pair(const std::uint32_t* s, const std::uint32_t* s_end, const std::uint32_t* r,
                  const std::uint32_t* r_end) {
    for (; s != s_end && r != r_end && same_channel(sends_[*s], receives_[*r]); ++s, ++r) matched_.push_back({*s, *r});
    if (s == s_end || r == r_end) {
      for (; s != s_end; ++s) unmatched_send(*s);
      for (; r != r_end; ++r) unmatched_receive(*r);
      return;
    }
    const auto channel = [](const auto& x) { return std::pair(x.comm, x.tag); };
    Order rest_s(s, s_end);
    Order rest_r(r, r_end);
    std::stable_sort(rest_s.begin(), rest_s.end(),
                     [&](auto a, auto b) { return channel(sends_[a]) < channel(sends_[b]); });
    std::stable_sort(rest_r.begin(), rest_r.end(),
                     [&](auto a, auto b) { return channel(receives_[a]) < channel(receives_[b]); });
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < rest_s.size() || j < rest_r.size()) {
      if (j == rest_r.size() || (i < rest_s.size() && channel(sends_[rest_s[i]]) < channel(receives_[rest_r[j]]))) {
        unmatched_send(rest_s[i++]);
      } else if (i == rest_s.size() || channel(receives_[rest_r[j]]) < channel(sends_[rest_s[i]])) {
        unmatched_receive(rest_r[j++]);
      } else {
        matched_.push_back({rest_s[i++], rest_r[j++]});
      }
    }
  }

  // The message table from the matches, one side at a time: each side's records are freed as soon
  // as its columns are written, so the records and the whole table are never in memory together
  // (at 10^8 events that was a gigabyte of the read's peak). Each side is two jobs that read the
  // records once each and write columns of their own.
  void fill_messages() {
    MessageTable& m = model_.messages;
    const CallTable& calls = model_.calls;
    const std::size_t n = matched_.size();
    auto receive_times = [&] {
      reserve_on_huge_pages(m.receive_posted, n);
      reserve_on_huge_pages(m.receive_time, n);
      reserve_on_huge_pages(m.receive_complete, n);
      for (const Match& match : matched_) {
        const ReceiveRecord& r = receives_[match.receive];
        m.receive_posted.push_back(r.posted);
        m.receive_time.push_back(r.time);
        const bool blocking = (r.flags & MessageTable::kNonblockingReceive) == 0;
        m.receive_complete.push_back(blocking && r.call != kNoIndex ? calls.leave[r.call] : r.arrived);
      }
    };
    auto receive_rest = [&] {
      reserve_on_huge_pages(m.receive_call, n);
      reserve_on_huge_pages(m.flags, n);
      for (const Match& match : matched_) {
        const ReceiveRecord& r = receives_[match.receive];
        m.receive_call.push_back(r.call);
        m.flags.push_back(r.flags);
      }
      reserve_on_huge_pages(m.protocol, n);
      m.protocol.assign(n, kNoString);
    };
    run_jobs(threads_, {receive_times, receive_rest});
    std::vector<ReceiveRecord>().swap(receives_);

    auto send_ids = [&] {
      reserve_on_huge_pages(m.sender, n);
      reserve_on_huge_pages(m.receiver, n);
      reserve_on_huge_pages(m.communicator, n);
      reserve_on_huge_pages(m.tag, n);
      reserve_on_huge_pages(m.send_call, n);
      reserve_on_huge_pages(m.send_complete_call, n);
      for (std::size_t k = 0; k < n; ++k) {
        const SendRecord& s = sends_[matched_[k].send];
        m.sender.push_back(s.sender);
        m.receiver.push_back(s.receiver);
        m.communicator.push_back(s.comm);
        m.tag.push_back(s.tag);
        m.send_call.push_back(s.call);
        m.send_complete_call.push_back(s.complete_call);
        m.flags[k] |= s.flags;
      }
    };
    auto send_times = [&] {
      reserve_on_huge_pages(m.bytes, n);
      reserve_on_huge_pages(m.send_time, n);
      reserve_on_huge_pages(m.send_complete, n);
      reserve_on_huge_pages(m.send_buffer_free, n);
      for (const Match& match : matched_) {
        const SendRecord& s = sends_[match.send];
        m.bytes.push_back(s.bytes);
        m.send_time.push_back(s.time);
        m.send_complete.push_back(s.complete);
        const bool blocking = (s.flags & MessageTable::kNonblockingSend) == 0;
        const bool free_known = !std::isnan(s.buffer_free);
        m.send_buffer_free.push_back(blocking && !free_known && s.call != kNoIndex ? calls.leave[s.call]
                                                                                   : s.buffer_free);
      }
    };
    run_jobs(threads_, {send_ids, send_times});
    std::vector<SendRecord>().swap(sends_);
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

  std::vector<SendRecord>& sends_;  // freed by fill_messages
  std::vector<ReceiveRecord>& receives_;
  TraceModel& model_;
  ProblemLog& log_;
  unsigned threads_;
  std::vector<Match> matched_;  // in the message table's order
};

}  // namespace

void match_messages(EventRecords& records, TraceModel& model, ProblemLog& log, unsigned threads) {
  Matcher(records, model, log, threads).run();
}

}  // namespace xo::analyzer
