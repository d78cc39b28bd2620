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

// The positions `for_each` visits (it calls its argument with each, in order), stably sorted by
// `key_of` (a rank, by position): a counting sort. The keys are a compact column of one field, or
// the ranges of the sides' own ranks, so the records are not read again.
template <class KeyOf, class ForEach>
Order stable_by(KeyOf key_of, ForEach for_each) {
  std::uint32_t buckets = 0;
  for_each([&](std::uint32_t i) { buckets = std::max(buckets, static_cast<std::uint32_t>(key_of(i)) + 1); });
  std::vector<std::uint32_t> first(static_cast<std::size_t>(buckets) + 1, 0);
  for_each([&](std::uint32_t i) { ++first[static_cast<std::size_t>(static_cast<std::uint32_t>(key_of(i))) + 1]; });
  for (std::size_t b = 1; b < first.size(); ++b) first[b] += first[b - 1];
  Order out;
  reserve_on_huge_pages(out, first.back());
  out.resize(first.back());
  for_each([&](std::uint32_t i) { out[first[static_cast<std::uint32_t>(key_of(i))]++] = i; });
  return out;
}

// The rank of a side's row, from the ranges of its sides' own ranks (SendSides::first_of_rank). Rows
// asked in runs of one rank, or of the next, cost a comparison or two; others a search.
class RankOfRow {
 public:
  explicit RankOfRow(const std::vector<Index>& first_of_rank) : first_(first_of_rank) {}
  RankId operator()(std::uint32_t row) {
    if (row >= first_[at_] && row < first_[at_ + 1]) return static_cast<RankId>(at_);
    if (row >= first_[at_ + 1] && at_ + 2 < first_.size() && row < first_[at_ + 2]) return static_cast<RankId>(++at_);
    at_ = static_cast<std::size_t>(std::upper_bound(first_.begin(), first_.end(), row) - first_.begin()) - 1;
    return static_cast<RankId>(at_);
  }

 private:
  const std::vector<Index>& first_;
  std::size_t at_ = 0;
};

// Whether each sender's sends come in receiver order (every rank sending to one partner, or to its
// partners in rank order), so that the sends are in (sender, receiver) order already.
bool in_pair_order(const SendSides& sends) {
  const std::vector<Index>& first = sends.first_of_rank;
  for (std::size_t rank = 0; rank + 1 < first.size(); ++rank) {
    const auto begin = sends.receiver.begin() + first[rank], end = sends.receiver.begin() + first[rank + 1];
    if (!std::is_sorted(begin, end)) return false;
  }
  return true;
}

// Positions of the sends not cancelled, ordered by (sender, receiver), each pair in the sends' own
// order. Sends come in sender order, so a sort by receiver and a stable one by sender, or none
// when each sender's come in receiver order. No other order of all the sides is made, as these are
// the read's largest transients.
Order sends_by_pair(const SendSides& sends) {
  const auto taken = [&](auto visit) {
    for (std::uint32_t i = 0; i < sends.size(); ++i) {
      if (!(sends.flags[i] & SendSides::kCancelled)) visit(i);
    }
  };
  if (in_pair_order(sends)) {
    Order out;
    reserve_on_huge_pages(out, sends.size());
    taken([&](std::uint32_t i) { out.push_back(i); });
    return out;
  }
  const Order by_receiver = stable_by([&](std::uint32_t i) { return sends.receiver[i]; }, taken);
  RankOfRow sender(sends.first_of_rank);
  return stable_by([&](std::uint32_t i) { return sender(i); },
                   [&](auto visit) {
                     for (std::uint32_t i : by_receiver) visit(i);
                   });
}

// Positions of the receives, ordered by (sender, receiver): they come in receiver order, so one
// stable sort by sender.
Order receives_by_pair(const ReceiveSides& receives) {
  return stable_by([&](std::uint32_t i) { return receives.sender[i]; },
                   [&](auto visit) {
                     for (std::uint32_t i = 0; i < receives.size(); ++i) visit(i);
                   });
}

class Matcher {
 public:
  Matcher(EventRecords& records, TraceModel& model, ProblemLog& log, unsigned threads)
      : sends_(records.sends), receives_(records.receives), model_(model), log_(log), threads_(threads) {}

  void run() {
    Order& s = send_of_message_;
    Order& r = receive_of_message_;
    run_jobs(threads_, {[&] { s = sends_by_pair(sends_); }, [&] { r = receives_by_pair(receives_); }});

    RankOfRow sender(sends_.first_of_rank), receiver(receives_.first_of_rank);
    const auto send_pair = [&](std::uint32_t i) { return std::pair(sender(i), sends_.receiver[i]); };
    const auto receive_pair = [&](std::uint32_t i) { return std::pair(receives_.sender[i], receiver(i)); };
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < s.size() || j < r.size()) {
      const bool sends_left = i < s.size();
      const bool receives_left = j < r.size();
      const auto pair = !receives_left ? send_pair(s[i])
                        : !sends_left  ? receive_pair(r[j])
                                       : std::min(send_pair(s[i]), receive_pair(r[j]));
      std::size_t i_end = i;
      while (i_end < s.size() && send_pair(s[i_end]) == pair) ++i_end;
      std::size_t j_end = j;
      while (j_end < r.size() && receive_pair(r[j_end]) == pair) ++j_end;
      match_pair(s.data() + i, s.data() + i_end, r.data() + j, r.data() + j_end);
      i = i_end;
      j = j_end;
    }
    s.resize(messages_);
    r.resize(messages_);
    fill_messages();
  }

 private:
  // One (sender, receiver) pair: together while the channels agree, per channel after that.
  void match_pair(const std::uint32_t* s, const std::uint32_t* s_end, const std::uint32_t* r,
                  const std::uint32_t* r_end) {
    for (; s != s_end && r != r_end && send_channel(*s) == receive_channel(*r); ++s, ++r) add_message(*s, *r);
    if (s == s_end || r == r_end) {
      for (; s != s_end; ++s) unmatched_send(*s);
      for (; r != r_end; ++r) unmatched_receive(*r);
      return;
    }
    Order rest_s(s, s_end);
    Order rest_r(r, r_end);
    std::stable_sort(rest_s.begin(), rest_s.end(), [&](auto a, auto b) { return send_channel(a) < send_channel(b); });
    std::stable_sort(rest_r.begin(), rest_r.end(),
                     [&](auto a, auto b) { return receive_channel(a) < receive_channel(b); });
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < rest_s.size() || j < rest_r.size()) {
      if (j == rest_r.size() || (i < rest_s.size() && send_channel(rest_s[i]) < receive_channel(rest_r[j]))) {
        unmatched_send(rest_s[i++]);
      } else if (i == rest_s.size() || receive_channel(rest_r[j]) < send_channel(rest_s[i])) {
        unmatched_receive(rest_r[j++]);
      } else {
        add_message(rest_s[i++], rest_r[j++]);
      }
    }
  }

  std::pair<Index, std::uint32_t> send_channel(std::uint32_t i) const { return {sends_.comm[i], sends_.tag[i]}; }
  std::pair<Index, std::uint32_t> receive_channel(std::uint32_t i) const {
    return {receives_.comm[i], receives_.tag[i]};
  }

  // The next message: written over the orders being walked, at a position already read, as each
  // message takes a send and a receive from them (so no third array of all the messages is made).
  void add_message(std::uint32_t send, std::uint32_t receive) {
    send_of_message_[messages_] = send;
    receive_of_message_[messages_] = receive;
    ++messages_;
  }

  // Column `from` of a side in the order of the messages (`side_of_message`), into `to`; `from` is
  // freed.
  template <class T>
  static void gather(std::vector<T>& from, const Order& side_of_message, std::vector<T>& to) {
    reserve_on_huge_pages(to, side_of_message.size());
    for (std::uint32_t k : side_of_message) to.push_back(from[k]);
    std::vector<T>().swap(from);
  }
  template <class Wide, class Narrow>
  static void gather(NarrowColumn<Wide, Narrow>& from, const Order& side_of_message, NarrowColumn<Wide, Narrow>& to) {
    to.reserve(side_of_message.size());
    for (std::uint32_t k : side_of_message) to.push_back(from[k]);
    from = {};
  }

  // The message table from the matches, a column at a time: each side's column is freed as soon as
  // it is gathered, so the sides and the whole table are never in memory together. A job per side.
  void fill_messages() {
    MessageTable& m = model_.messages;
    const std::size_t n = messages_;
    auto receives = [&] {
      ReceiveSides& r = receives_;
      // The columns matching compared are the send's in the table.
      r.comm = {};
      std::vector<RankId>().swap(r.sender);
      r.tag = {};
      // A blocking receive was posted when its call entered and complete when it left; a nonblocking
      // one was complete when it arrived. Most receive events are at their call's leave.
      for (const std::uint32_t k : receive_of_message_) {
        const Index call = r.call[k];
        const double enter = model_.enter_of(call);
        const double leave = model_.leave_of(call);
        m.receive_posted.push(r.posted.get(k, [&] { return enter; }), enter);
        const bool blocking = (r.flags[k] & MessageTable::kNonblockingReceive) == 0;
        const double arrived = r.arrived.get(k, [] { return TraceModel::kNoTime; });
        m.receive_complete.push(blocking && call != kNoIndex ? leave : arrived, leave);
        m.receive_time.push(r.time.get(k, [&] { return leave; }), leave);
      }
      m.receive_posted.shrink_to_fit();
      m.receive_complete.shrink_to_fit();
      m.receive_time.shrink_to_fit();
      r.posted = {};
      r.arrived = {};
      r.time = {};
      gather(r.call, receive_of_message_, m.receive_call);
      gather(r.flags, receive_of_message_, m.flags);
      m.protocol.assign(n, kNoString);
      receives_ = ReceiveSides{};
      Order().swap(receive_of_message_);
    };
    auto sends = [&] {
      SendSides& s = sends_;
      // A blocking send's buffer was free when its call left, unless the trace says when.
      for (const std::uint32_t k : send_of_message_) {
        const Index call = s.call[k];
        const double leave = model_.leave_of(call);
        const bool blocking = (s.flags[k] & MessageTable::kNonblockingSend) == 0;
        const double free = s.buffer_free.get(k, [] { return TraceModel::kNoTime; });
        m.send_buffer_free.push(blocking && std::isnan(free) ? leave : free, leave);
        m.send_complete_call.push(s.complete_call.get(k, [] { return kNoIndex; }), kNoIndex);
      }
      m.send_buffer_free.shrink_to_fit();
      m.send_complete_call.shrink_to_fit();
      s.buffer_free = {};
      s.complete_call = {};
      // The table is in sender order: each sender's range is asked in turn.
      RankOfRow sender(s.first_of_rank);
      for (const std::uint32_t k : send_of_message_) m.sender.push_back(sender(k));
      gather(s.receiver, send_of_message_, m.receiver);
      gather(s.comm, send_of_message_, m.communicator);
      gather(s.tag, send_of_message_, m.tag);
      gather(s.bytes, send_of_message_, m.bytes);
      gather(s.time, send_of_message_, m.send_time);
      gather(s.call, send_of_message_, m.send_call);
    };
    run_jobs(threads_, {receives, sends});
    // The send flags join the receive's (the receive job wrote m.flags).
    for (std::size_t k = 0; k < n; ++k) {
      m.flags[k] |= static_cast<std::uint8_t>(sends_.flags[send_of_message_[k]] & ~SendSides::kCancelled);
    }
    sends_ = SendSides{};
    Order().swap(send_of_message_);
  }

  template <class Sides>
  std::string describe(const char* side, RankId from, RankId to, const Sides& sides, std::uint32_t i, double at,
                       const char* missing) const {
    return std::string(side) + " from rank " + std::to_string(from) + " to rank " + std::to_string(to) + " on " +
           model_.communicators.name[sides.comm[i]] + " with tag " + std::to_string(sides.tag[i]) + " at " +
           std::to_string(at) + " s has no matching " + missing;
  }
  // Whether a message end's other end, on rank `peer`, may be outside the trace its filter made.
  bool outside_trace(RankId peer) const {
    const std::optional<CrossoverRun>& run = model_.run.crossover;
    if (!run || !run->filtered()) return false;
    return run->events_filtered() || model_.rank_left_out(peer);
  }
  void unmatched_send(std::uint32_t i) {
    if (outside_trace(sends_.receiver[i])) {
      log_.count(&ReadProblems::ends_outside_trace);
      return;
    }
    const RankId from = RankOfRow(sends_.first_of_rank)(i);
    UnreceivedSendTable& u = model_.unreceived;
    u.sender.push_back(from);
    u.receiver.push_back(sends_.receiver[i]);
    u.bytes.push_back(sends_.bytes[i]);
    u.send_time.push_back(sends_.time[i]);
    log_.add(&ReadProblems::unmatched_sends,
             [&] { return describe("send", from, sends_.receiver[i], sends_, i, sends_.time[i], "receive"); });
  }
  void unmatched_receive(std::uint32_t i) {
    if (outside_trace(receives_.sender[i])) {
      log_.count(&ReadProblems::ends_outside_trace);
      return;
    }
    log_.add(&ReadProblems::unmatched_receives, [&] {
      const double at = receives_.time.get(i, [&] { return model_.leave_of(receives_.call[i]); });
      return describe("receive", receives_.sender[i], RankOfRow(receives_.first_of_rank)(i), receives_, i, at, "send");
    });
  }

  SendSides& sends_;  // freed by fill_messages
  ReceiveSides& receives_;
  TraceModel& model_;
  ProblemLog& log_;
  unsigned threads_;
  // The send and the receive of each message, in the message table's order: the pair orders of the
  // sides, the first messages_ positions overwritten as messages are found.
  Order send_of_message_;
  Order receive_of_message_;
  std::size_t messages_ = 0;
};

}  // namespace

void match_messages(EventRecords& records, TraceModel& model, ProblemLog& log, unsigned threads) {
  Matcher(records, model, log, threads).run();
}

}  // namespace xo::analyzer
