#include "model/timeline_data.hpp"

#include <algorithm>
#include <numeric>
#include <span>

#include "model/display_text.hpp"
#include "model/parallel_jobs.hpp"
#include "model/phase_kind.hpp"
#include "model/span_buckets.hpp"
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
  // Key -> category, for the keys asked (the others kUnknown), the last entry for any other key.
  std::vector<std::uint32_t> take_ids() { return std::move(ids_); }

 private:
  static constexpr std::uint32_t kUnknown = 0xffffffffu;
  CategoryTable& table_;
  std::vector<std::uint32_t> ids_;
};

// Appends a row of the given model rows (sorted by start, disjoint) to d: as a range of the model
// when they are consecutive, else as a copy of their starts and rows.
void add_row(TimelineRow row, std::span<const Index> sources, const std::vector<double>& starts, TimelineData& d) {
  row.first = static_cast<std::uint32_t>(d.span_count());
  row.count = static_cast<std::uint32_t>(sources.size());
  const bool consecutive =
      std::adjacent_find(sources.begin(), sources.end(), [](Index a, Index b) { return b != a + 1; }) == sources.end();
  if (consecutive && !sources.empty()) {
    row.source_first = sources.front();
  } else {
    row.copied_first = static_cast<std::uint32_t>(d.copied_start.size());
    for (Index s : sources) {
      d.copied_start.push_back(starts[s]);
      d.copied_source.push_back(s);
    }
  }
  d.rows.push_back(row);
}

// The rank's outermost MPI calls: a non-MPI region (main, a user function) is not drawn, and an MPI
// call inside another MPI call (a library's own) is part of the outer one.
void add_call_row(const TraceModel& m, analyzer::RankId rank, CategoriesByKey& by_region, std::vector<Index>& drawn,
                  TimelineData& d) {
  const auto& calls = m.calls;
  drawn.clear();
  double covered_until = -1e300;
  for (Index c = calls.first_of_rank[rank]; c < calls.first_of_rank[rank + 1]; ++c) {
    if (!m.is_mpi_call(c) || calls.enter[c] < covered_until) continue;
    by_region.get(calls.region[c], [&](CategoryTable& t) {
      return t.id_of(QString::fromStdString(m.regions.name[calls.region[c]]), kCallRole);
    });
    drawn.push_back(c);
    covered_until = std::max(calls.enter[c], calls.leave[c]);
  }
  d.call_row_of_rank[static_cast<std::size_t>(rank)] = static_cast<std::uint32_t>(d.rows.size());
  add_row({rank, RowKind::Calls}, drawn, calls.enter, d);
}

// Phases of one lane, given as PhaseTable rows sorted by start.
void add_phase_row(const TraceModel& m, analyzer::RankId rank, Index location, std::uint32_t lane,
                   std::span<const Index> phases, CategoriesByKey& by_region, std::vector<Index>& drawn,
                   TimelineData& d) {
  drawn.clear();
  double covered_until = -1e300;
  for (Index p : phases) {
    const double start = m.phases.start[p], end = std::max(start, m.phases.end[p]);
    if (start < covered_until) {
      ++d.dropped_overlapping_phases;
      continue;
    }
    // Coloured by kind (header, data, ack, ...); the protocol is the label's and the details'.
    by_region.get(m.phases.region[p], [&](CategoryTable& t) {
      const QString kind = QString::fromStdString(m.regions.name[m.phases.region[p]]);
      return t.id_of(kind, kPhaseRole, phase_kind_colour(kind));
    });
    drawn.push_back(p);
    covered_until = end;
  }
  add_row({rank, RowKind::Phases, location, lane}, drawn, m.phases.start, d);
}

// A row's runs of one category: the bits of d.same_as_next, and those of SpanRun::kLong or more
// spans appended to d.long_runs.
void add_category_runs(const RowView& row, TimelineData& d) {
  for (std::size_t i = 0; i < row.size();) {
    const std::uint32_t category = row.category(i);
    std::size_t end = i + 1;
    while (end < row.size() && row.category(end) == category) ++end;
    for (std::size_t k = row.first + i; k + 1 < row.first + end; ++k)
      d.same_as_next[k / 64] |= std::uint64_t{1} << (k % 64);
    if (end - i >= SpanRun::kLong) {
      d.long_runs.push_back({row.first + static_cast<std::uint32_t>(i), row.first + static_cast<std::uint32_t>(end)});
    }
    i = end;
  }
}

// A summary for each row of at least as many spans as buckets, on a grid over the whole trace.
void summarize_dense_rows(TimelineData& d) {
  d.bucket_grid = PixelScale(d.start_time, (d.end_time - d.start_time) / SpanBuckets::kCount);
  std::vector<std::size_t> dense_rows;  // row summary k is dense_rows[k]'s
  for (std::size_t row = 0; row < d.rows.size(); ++row) {
    if (d.rows[row].count < static_cast<std::uint32_t>(SpanBuckets::kCount)) continue;
    d.rows[row].summary = static_cast<std::uint32_t>(dense_rows.size());
    dense_rows.push_back(row);
  }
  d.bucket_codes = std::vector<std::uint8_t>(dense_rows.size() * SpanBuckets::kCount);
  // On every core: at 10^8 events this reads every span once (0.3 s on one core here).
  ParallelJobs jobs;
  jobs.run(dense_rows.size(), [&](std::size_t j, std::size_t) {
    const std::size_t row = dense_rows[j];
    summarize_spans(d.row_view(row), d.bucket_grid, SpanBuckets::kCount,
                    d.bucket_codes.data() + static_cast<std::size_t>(d.rows[row].summary) * SpanBuckets::kCount);
  });
}

// A rank's phases on one lane: phase_order[begin, end), by start.
struct PhaseGroup {
  analyzer::RankId rank = 0;
  Index location = analyzer::kNoIndex;
  std::uint32_t lane = 0;
  std::size_t begin = 0, end = 0;
};

// The phases grouped by lane, each lane's by start (stable), into `order`; the groups in order of
// (rank, location, lane). The reader appends a location's phases in the order of its events, so a
// counting sort by location, a stable sort by lane within each (none where all are on one lane),
// and a check that each lane is in order (sorting only one that is not) stand in for sorting them all.
std::vector<PhaseGroup> group_phases(const TraceModel& m, std::vector<Index>& order) {
  const auto& ph = m.phases;
  const std::size_t locations = m.locations.size();
  std::vector<std::size_t> first(locations + 1, 0);
  ph.location.for_each_run([&](std::size_t begin, std::size_t end, Index l) { first[l + 1] += end - begin; });
  std::partial_sum(first.begin(), first.end(), first.begin());
  order.resize(ph.size());
  std::vector<std::size_t> next(first.begin(), first.end() - 1);
  ph.location.for_each_run([&](std::size_t begin, std::size_t end, Index l) {
    for (std::size_t p = begin; p < end; ++p) order[next[l]++] = static_cast<Index>(p);
  });
  const auto by_start = [&ph](Index a, Index b) { return ph.start[a] < ph.start[b]; };
  const auto by_lane = [&ph](Index a, Index b) { return ph.lane[a] < ph.lane[b]; };
  std::vector<PhaseGroup> groups;
  for (std::size_t l = 0; l < locations; ++l) {
    const auto begin = order.begin() + static_cast<std::ptrdiff_t>(first[l]);
    const auto end = order.begin() + static_cast<std::ptrdiff_t>(first[l + 1]);
    if (!std::is_sorted(begin, end, by_lane)) std::stable_sort(begin, end, by_lane);
    for (auto lane_begin = begin; lane_begin != end;) {
      const std::uint32_t lane = ph.lane[*lane_begin];
      auto lane_end = lane_begin;
      while (lane_end != end && ph.lane[*lane_end] == lane) ++lane_end;
      if (!std::is_sorted(lane_begin, lane_end, by_start)) std::stable_sort(lane_begin, lane_end, by_start);
      groups.push_back({m.locations.world_rank[l], static_cast<Index>(l), lane,
                        static_cast<std::size_t>(lane_begin - order.begin()),
                        static_cast<std::size_t>(lane_end - order.begin())});
      lane_begin = lane_end;
    }
  }
  std::stable_sort(groups.begin(), groups.end(), [](const PhaseGroup& a, const PhaseGroup& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    return a.location != b.location ? a.location < b.location : a.lane < b.lane;
  });
  return groups;
}

// The message table is in sender order already: a sender's messages are its range of rows. They
// are reordered by send time only when some sender's rows are not in that order already.
void index_messages(const TraceModel& m, TimelineData& d) {
  const auto& msg = m.messages;
  const std::size_t ranks = static_cast<std::size_t>(m.ranks());
  const std::vector<Index>& first = msg.sender.run_firsts();
  const std::vector<analyzer::RankId>& sender = msg.sender.run_values();
  d.first_message_of_sender.resize(ranks + 1);
  for (std::size_t r = 0, k = 0; r <= ranks; ++r) {  // a run per sender, in rank order
    while (k < sender.size() && static_cast<std::size_t>(sender[k]) < r) ++k;
    d.first_message_of_sender[r] = k < sender.size() ? first[k] : static_cast<std::uint32_t>(msg.size());
  }
  CategoriesByKey by_protocol(d.categories, m.strings.text.size());
  for (Index i = 0; i < msg.size(); ++i) {
    by_protocol.get(msg.protocol[i], [&](CategoryTable& t) {
      return t.id_of(text_of(m, msg.protocol[i], "(unknown protocol)"), kMessageRole);
    });
  }
  d.message_category_of_protocol = by_protocol.take_ids();
  const auto by_send_time = [&](Index a, Index b) { return msg.send_time[a] < msg.send_time[b]; };
  const auto in_send_order = [&](std::size_t r) {
    for (Index i = d.first_message_of_sender[r]; i + 1 < d.first_message_of_sender[r + 1]; ++i) {
      if (by_send_time(i + 1, i)) return false;
    }
    return true;
  };
  bool sorted = true;
  for (std::size_t r = 0; r < ranks && sorted; ++r) sorted = in_send_order(r);
  if (sorted) return;
  analyzer::reserve_on_huge_pages(d.messages_by_sender, msg.size());
  d.messages_by_sender.resize(msg.size());
  std::iota(d.messages_by_sender.begin(), d.messages_by_sender.end(), Index{0});
  for (std::size_t r = 0; r < ranks; ++r) {
    const auto begin = d.messages_by_sender.begin() + d.first_message_of_sender[r];
    const auto end = d.messages_by_sender.begin() + d.first_message_of_sender[r + 1];
    if (!std::is_sorted(begin, end, by_send_time)) std::stable_sort(begin, end, by_send_time);
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

Span TimelineData::span(std::uint32_t i) const {
  const std::size_t row = row_of_span(i);
  const RowView v = row_view(row);
  const std::size_t k = i - rows[row].first;
  return {v.start(k), v.end(k), v.category(k), v.source(k)};
}

RowView TimelineData::row_view(std::size_t row) const {
  const TimelineRow& r = rows[row];
  const bool calls = r.kind == RowKind::Calls;
  const auto& category_of_region = calls ? call_category_of_region : phase_category_of_region;
  RowView v;
  if (r.source_first != analyzer::kNoIndex) {
    v.starts = {(calls ? model->calls.enter : model->phases.start).data() + r.source_first, r.count};
    v.source_first = r.source_first;
  } else {
    v.starts = {copied_start.data() + r.copied_first, r.count};
    v.sources = copied_source.data() + r.copied_first;
  }
  v.source_ends = calls ? model->calls.leave.data() : model->phases.end.data();
  v.source_regions = calls ? &model->calls.region : &model->phases.region;
  v.category_of_region = category_of_region.data();
  v.regions = static_cast<std::uint32_t>(category_of_region.size() - 1);
  v.long_runs = std::span(long_runs).subspan(r.first_long_run, r.long_runs_end - r.first_long_run);
  v.same_as_next = same_as_next.data();
  v.first = r.first;
  if (r.summary != TimelineRow::kNoSummary) {
    v.buckets = bucket_codes.data() + static_cast<std::size_t>(r.summary) * SpanBuckets::kCount;
  }
  return v;
}

std::size_t TimelineData::row_of_span(std::uint32_t span) const {
  const auto it = std::upper_bound(rows.begin(), rows.end(), span,
                                   [](std::uint32_t s, const TimelineRow& r) { return s < r.first; });
  return static_cast<std::size_t>(it - rows.begin()) - 1;
}

std::uint32_t TimelineData::span_of_call(analyzer::Index call) const {
  const auto& calls = model->calls;
  if (call >= calls.size()) return kNoSpan;
  const auto rank = static_cast<std::size_t>(model->call_rank(call));
  if (rank >= call_row_of_rank.size()) return kNoSpan;
  const TimelineRow& row = rows[call_row_of_rank[rank]];
  if (row.source_first != analyzer::kNoIndex) {
    return call >= row.source_first && call - row.source_first < row.count ? row.first + (call - row.source_first)
                                                                           : kNoSpan;
  }
  const auto begin = copied_source.begin() + row.copied_first, end = begin + row.count;
  const auto it = std::lower_bound(begin, end, call);
  if (it == end || *it != call) return kNoSpan;
  return row.first + static_cast<std::uint32_t>(it - begin);
}

TimelineData build_timeline_data(std::shared_ptr<const analyzer::TraceModel> model) {
  TimelineData d;
  const TraceModel& m = *model;
  d.model = std::move(model);
  const int ranks = m.ranks();
  d.call_row_of_rank.assign(static_cast<std::size_t>(ranks), 0);

  std::vector<Index> phase_order;
  const std::vector<PhaseGroup> groups = group_phases(m, phase_order);
  CategoriesByKey calls_by_region(d.categories, m.regions.size()), phases_by_region(d.categories, m.regions.size());
  std::vector<Index> drawn;
  std::size_t g = 0;
  for (analyzer::RankId r = 0; r < ranks; ++r) {
    add_call_row(m, r, calls_by_region, drawn, d);
    while (g < groups.size() && groups[g].rank < r) ++g;  // phases of no rank
    for (; g < groups.size() && groups[g].rank == r; ++g) {
      const std::span<const Index> phases(phase_order.data() + groups[g].begin, groups[g].end - groups[g].begin);
      add_phase_row(m, r, groups[g].location, groups[g].lane, phases, phases_by_region, drawn, d);
    }
  }
  d.call_category_of_region = calls_by_region.take_ids();
  d.phase_category_of_region = phases_by_region.take_ids();
  d.same_as_next.assign((d.span_count() + 63) / 64, 0);
  for (std::size_t row = 0; row < d.rows.size(); ++row) {
    const RowView v = d.row_view(row);
    d.rows[row].first_long_run = static_cast<std::uint32_t>(d.long_runs.size());
    add_category_runs(v, d);
    d.rows[row].long_runs_end = static_cast<std::uint32_t>(d.long_runs.size());
    if (v.size() > 0) d.end_time = std::max(d.end_time, v.end(v.size() - 1));  // ends ascend along a row
  }
  index_messages(m, d);
  add_collectives(m, d);
  d.epochs = build_rma_epochs(m);

  if (m.run.timer_resolution > 0) {
    d.end_time = std::max(d.end_time, static_cast<double>(m.run.trace_length) / m.run.timer_resolution);
  }
  if (d.end_time <= d.start_time) d.end_time = d.start_time + 1e-6;
  summarize_dense_rows(d);
  return d;
}

}  // namespace xo::gui
