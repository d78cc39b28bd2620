#include "model/timeline_data.hpp"

#include <algorithm>
#include <numeric>
#include <span>

#include "model/display_text.hpp"
#include "model/phase_kind.hpp"
#include "xo/analyzer/huge_page_reserve.hpp"

namespace xo::gui {

namespace {

using analyzer::Index;
using analyzer::TraceModel;

QString text_of(const TraceModel& m, analyzer::StringId id, const char* otherwise) {
  const std::string_view s = m.strings.at(id);
  return s.empty() ? QString(otherwise) : gui::text_of(s);
}

// Category ids by a small key (a region, a string of the trace), each name looked up once: a 10^8
// event trace has tens of millions of spans and a few dozen names, and a lookup by name (a QString
// made and hashed) cost more than the rest of building the timeline.
class CategoriesByKey {
 public:
  CategoriesByKey(CategoryTable& table, std::size_t keys) : table_(table), ids_(keys + 1, kUnknown) {}
  // `key` may be kNoIndex / kNoString (the last slot); `lookup(table)` asks the table by name, once.
  template <class Lookup>
  std::uint32_t get(std::size_t key, Lookup lookup) {
    std::uint32_t& id = ids_[std::min(key, ids_.size() - 1)];
    if (id == kUnknown) return id = lookup(table_);  // id_of counted this use
    table_.use(id);
    return id;
  }

 private:
  static constexpr std::uint32_t kUnknown = 0xffffffffu;
  CategoryTable& table_;
  std::vector<std::uint32_t> ids_;
};

// The rank's outermost MPI calls: a non-MPI region (main, a user function) is not drawn, and an MPI
// call inside another MPI call (a library's own) is part of the outer one.
void add_call_row(const TraceModel& m, analyzer::RankId rank, CategoriesByKey& by_region, TimelineData& d) {
  const auto& calls = m.calls;
  TimelineRow row{rank, RowKind::Calls, analyzer::kNoIndex, static_cast<std::uint32_t>(d.spans.size()), 0};
  double covered_until = -1e300;
  for (Index c = calls.first_of_rank[rank]; c < calls.first_of_rank[rank + 1]; ++c) {
    if (!calls.is_mpi[c] || calls.enter[c] < covered_until) continue;
    const auto category = by_region.get(calls.region[c], [&](CategoryTable& t) {
      return t.id_of(QString::fromStdString(m.regions.name[calls.region[c]]), kCallRole);
    });
    d.spans.push_back({calls.enter[c], std::max(calls.enter[c], calls.leave[c]), category, c});
    covered_until = std::max(calls.enter[c], calls.leave[c]);
  }
  row.count = static_cast<std::uint32_t>(d.spans.size()) - row.first;
  d.call_row_of_rank[static_cast<std::size_t>(rank)] = static_cast<std::uint32_t>(d.rows.size());
  d.rows.push_back(row);
}

// Phases of one lane, given as PhaseTable rows sorted by start.
void add_phase_row(const TraceModel& m, analyzer::RankId rank, Index lane, std::span<const Index> phases,
                   CategoriesByKey& by_region, TimelineData& d) {
  TimelineRow row{rank, RowKind::Phases, lane, static_cast<std::uint32_t>(d.spans.size()), 0};
  double covered_until = -1e300;
  for (Index p : phases) {
    const double start = m.phases.start[p], end = std::max(start, m.phases.end[p]);
    if (start < covered_until) {
      ++d.dropped_overlapping_phases;
      continue;
    }
    // Coloured by kind (header, data, ack, ...); the protocol is the label's and the details'.
    const auto category = by_region.get(m.phases.region[p], [&](CategoryTable& t) {
      const QString kind = QString::fromStdString(m.regions.name[m.phases.region[p]]);
      return t.id_of(kind, kPhaseRole, phase_kind_colour(kind));
    });
    d.spans.push_back({start, end, category, p});
    covered_until = end;
  }
  row.count = static_cast<std::uint32_t>(d.spans.size()) - row.first;
  d.rows.push_back(row);
}

// A rank's phases on one lane: phase_order[begin, end), by start.
struct PhaseGroup {
  analyzer::RankId rank = 0;
  Index lane = analyzer::kNoIndex;
  std::size_t begin = 0, end = 0;
};

// The phases grouped by (rank, lane) in that order, each group by start (stable), into `order`.
// The reader appends a lane's phases in the order of its events, so a counting sort by lane and a
// check that each lane is in order (sorting only one that is not) stand in for sorting them all.
std::vector<PhaseGroup> group_phases(const TraceModel& m, std::vector<Index>& order) {
  const auto& ph = m.phases;
  const std::size_t lanes = m.locations.size();
  const auto slot = [lanes](Index lane) { return std::min<std::size_t>(lane, lanes); };  // kNoIndex: the last
  std::vector<std::size_t> first(lanes + 2, 0);
  for (Index p = 0; p < ph.size(); ++p) ++first[slot(ph.lane[p]) + 1];
  std::partial_sum(first.begin(), first.end(), first.begin());
  order.resize(ph.size());
  std::vector<std::size_t> next(first.begin(), first.end() - 1);
  for (Index p = 0; p < ph.size(); ++p) order[next[slot(ph.lane[p])]++] = p;
  const auto by_rank_then_start = [&ph](Index a, Index b) {
    return ph.rank[a] != ph.rank[b] ? ph.rank[a] < ph.rank[b] : ph.start[a] < ph.start[b];
  };
  std::vector<PhaseGroup> groups;
  for (std::size_t l = 0; l <= lanes; ++l) {
    const auto begin = order.begin() + static_cast<std::ptrdiff_t>(first[l]);
    const auto end = order.begin() + static_cast<std::ptrdiff_t>(first[l + 1]);
    if (!std::is_sorted(begin, end, by_rank_then_start)) std::stable_sort(begin, end, by_rank_then_start);
    for (auto it = begin; it != end;) {
      const analyzer::RankId rank = ph.rank[*it];
      const auto group_end = std::find_if(it, end, [&](Index p) { return ph.rank[p] != rank; });
      groups.push_back({rank, ph.lane[*it], static_cast<std::size_t>(it - order.begin()),
                        static_cast<std::size_t>(group_end - order.begin())});
      it = group_end;
    }
  }
  std::stable_sort(groups.begin(), groups.end(), [](const PhaseGroup& a, const PhaseGroup& b) {
    return a.rank != b.rank ? a.rank < b.rank : a.lane < b.lane;
  });
  return groups;
}

void index_messages(const TraceModel& m, TimelineData& d) {
  const auto& msg = m.messages;
  const std::size_t ranks = static_cast<std::size_t>(m.ranks());
  d.first_message_of_sender.assign(ranks + 1, 0);
  for (std::size_t i = 0; i < msg.size(); ++i) {
    if (msg.sender[i] >= 0 && static_cast<std::size_t>(msg.sender[i]) < ranks)
      ++d.first_message_of_sender[msg.sender[i] + 1];
  }
  std::partial_sum(d.first_message_of_sender.begin(), d.first_message_of_sender.end(),
                   d.first_message_of_sender.begin());
  analyzer::reserve_on_huge_pages(d.messages_by_sender, d.first_message_of_sender.back());
  d.messages_by_sender.resize(d.first_message_of_sender.back());
  std::vector<std::uint32_t> next(d.first_message_of_sender.begin(), d.first_message_of_sender.end() - 1);
  analyzer::reserve_on_huge_pages(d.message_category, msg.size());
  d.message_category.resize(msg.size());
  CategoriesByKey by_protocol(d.categories, m.strings.text.size());
  for (Index i = 0; i < msg.size(); ++i) {
    d.message_category[i] = by_protocol.get(msg.protocol[i], [&](CategoryTable& t) {
      return t.id_of(text_of(m, msg.protocol[i], "(unknown protocol)"), kMessageRole);
    });
    if (msg.sender[i] >= 0 && static_cast<std::size_t>(msg.sender[i]) < ranks)
      d.messages_by_sender[next[msg.sender[i]]++] = i;
  }
  const auto by_send_time = [&](Index a, Index b) { return msg.send_time[a] < msg.send_time[b]; };
  for (std::size_t r = 0; r < ranks; ++r) {
    const auto begin = d.messages_by_sender.begin() + d.first_message_of_sender[r];
    const auto end = d.messages_by_sender.begin() + d.first_message_of_sender[r + 1];
    if (!std::is_sorted(begin, end, by_send_time)) std::stable_sort(begin, end, by_send_time);  // mostly they are
  }
}

void add_collectives(const TraceModel& m, TimelineData& d) {
  const auto& c = m.collectives;
  for (Index i = 0; i < c.size(); ++i) {
    if (c.member_count[i] == 0) continue;
    CollectiveMark mark{1e300, -1e300, i, 0, c.rank[c.first_member[i]], c.rank[c.first_member[i]]};
    for (Index k = c.first_member[i]; k < c.first_member[i] + c.member_count[i]; ++k) {
      mark.begin = std::min(mark.begin, c.begin[k]);
      mark.end = std::max(mark.end, c.end[k]);
      mark.low_rank = std::min(mark.low_rank, c.rank[k]);
      mark.high_rank = std::max(mark.high_rank, c.rank[k]);
    }
    mark.category = d.categories.id_of(text_of(m, c.algorithm[i], "(collective)"), kCollectiveRole);
    d.collectives.push_back(mark);
  }
  std::stable_sort(d.collectives.begin(), d.collectives.end(),
                   [](const CollectiveMark& a, const CollectiveMark& b) { return a.end < b.end; });
}

}  // namespace

std::size_t TimelineData::row_of_span(std::uint32_t span) const {
  const auto it = std::upper_bound(rows.begin(), rows.end(), span,
                                   [](std::uint32_t s, const TimelineRow& r) { return s < r.first; });
  return static_cast<std::size_t>(it - rows.begin()) - 1;
}

std::uint32_t TimelineData::span_of_call(analyzer::Index call) const {
  const auto& calls = model->calls;
  if (call >= calls.size()) return kNoSpan;
  const auto rank = static_cast<std::size_t>(calls.rank[call]);
  if (rank >= call_row_of_rank.size()) return kNoSpan;
  const auto row = row_spans(call_row_of_rank[rank]);
  const auto it = std::partition_point(row.begin(), row.end(), [call](const Span& s) { return s.source < call; });
  if (it == row.end() || it->source != call) return kNoSpan;
  return rows[call_row_of_rank[rank]].first + static_cast<std::uint32_t>(it - row.begin());
}

TimelineData build_timeline_data(std::shared_ptr<const analyzer::TraceModel> model) {
  TimelineData d;
  const TraceModel& m = *model;
  d.model = std::move(model);
  const int ranks = m.ranks();
  d.call_row_of_rank.assign(static_cast<std::size_t>(ranks), 0);
  // Hundreds of megabytes at 10^8 events: on huge pages, since a fault per 4 KiB page costs more
  // than building the spans (huge_page_reserve.hpp).
  analyzer::reserve_on_huge_pages(d.spans, m.calls.size() + m.phases.size());

  std::vector<Index> phase_order;
  const std::vector<PhaseGroup> groups = group_phases(m, phase_order);
  CategoriesByKey calls_by_region(d.categories, m.regions.size()), phases_by_region(d.categories, m.regions.size());
  std::size_t g = 0;
  for (analyzer::RankId r = 0; r < ranks; ++r) {
    add_call_row(m, r, calls_by_region, d);
    while (g < groups.size() && groups[g].rank < r) ++g;  // phases of no rank
    for (; g < groups.size() && groups[g].rank == r; ++g) {
      const std::span<const Index> phases(phase_order.data() + groups[g].begin, groups[g].end - groups[g].begin);
      add_phase_row(m, r, groups[g].lane, phases, phases_by_region, d);
    }
  }

  analyzer::reserve_on_huge_pages(d.same_category_until, d.spans.size());
  d.same_category_until.resize(d.spans.size());
  for (const TimelineRow& row : d.rows) {
    for (std::uint32_t i = row.first + row.count; i-- > row.first;) {
      const bool continues = i + 1 < row.first + row.count && d.spans[i + 1].category == d.spans[i].category;
      d.same_category_until[i] = continues ? d.same_category_until[i + 1] : i + 1;
    }
  }
  index_messages(m, d);
  add_collectives(m, d);

  d.end_time = m.run.timer_resolution > 0 ? static_cast<double>(m.run.trace_length) / m.run.timer_resolution : 0;
  for (const Span& s : d.spans) d.end_time = std::max(d.end_time, s.end);
  if (d.end_time <= d.start_time) d.end_time = d.start_time + 1e-6;
  return d;
}

}  // namespace xo::gui
