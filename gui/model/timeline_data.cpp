#include "model/timeline_data.hpp"

#include <algorithm>
#include <numeric>

#include "model/display_text.hpp"
#include "model/phase_kind.hpp"

namespace xo::gui {

namespace {

using analyzer::Index;
using analyzer::TraceModel;

QString text_of(const TraceModel& m, analyzer::StringId id, const char* otherwise) {
  const std::string_view s = m.strings.at(id);
  return s.empty() ? QString(otherwise) : gui::text_of(s);
}

// The rank's outermost MPI calls: a non-MPI region (main, a user function) is not drawn, and an MPI
// call inside another MPI call (a library's own) is part of the outer one.
void add_call_row(const TraceModel& m, analyzer::RankId rank, TimelineData& d) {
  const auto& calls = m.calls;
  TimelineRow row{rank, RowKind::Calls, analyzer::kNoIndex, static_cast<std::uint32_t>(d.spans.size()), 0};
  double covered_until = -1e300;
  for (Index c = calls.first_of_rank[rank]; c < calls.first_of_rank[rank + 1]; ++c) {
    if (!calls.is_mpi[c] || calls.enter[c] < covered_until) continue;
    const auto category = d.categories.id_of(QString::fromStdString(m.regions.name[calls.region[c]]), kCallRole);
    d.span_of_call[c] = static_cast<std::uint32_t>(d.spans.size());
    d.spans.push_back({calls.enter[c], std::max(calls.enter[c], calls.leave[c]), category, c});
    covered_until = std::max(calls.enter[c], calls.leave[c]);
  }
  row.count = static_cast<std::uint32_t>(d.spans.size()) - row.first;
  d.call_row_of_rank[static_cast<std::size_t>(rank)] = static_cast<std::uint32_t>(d.rows.size());
  d.rows.push_back(row);
}

// Phases of one lane, given as PhaseTable rows sorted by start.
void add_phase_row(const TraceModel& m, analyzer::RankId rank, Index lane, const std::vector<Index>& phases,
                   TimelineData& d) {
  TimelineRow row{rank, RowKind::Phases, lane, static_cast<std::uint32_t>(d.spans.size()), 0};
  double covered_until = -1e300;
  for (Index p : phases) {
    const double start = m.phases.start[p], end = std::max(start, m.phases.end[p]);
    if (start < covered_until) {
      ++d.dropped_overlapping_phases;
      continue;
    }
    // Coloured by kind (header, data, ack, ...); the protocol is the label's and the details'.
    const QString kind = QString::fromStdString(m.regions.name[m.phases.region[p]]);
    d.spans.push_back({start, end, d.categories.id_of(kind, kPhaseRole, phase_kind_colour(kind)), p});
    covered_until = end;
  }
  row.count = static_cast<std::uint32_t>(d.spans.size()) - row.first;
  d.rows.push_back(row);
}

void index_messages(const TraceModel& m, TimelineData& d) {
  const auto& msg = m.messages;
  const std::size_t ranks = static_cast<std::size_t>(m.ranks());
  d.first_message_of_sender.assign(ranks + 1, 0);
  for (std::size_t i = 0; i < msg.size(); ++i) {
    if (msg.sender[i] >= 0 && static_cast<std::size_t>(msg.sender[i]) < ranks) ++d.first_message_of_sender[msg.sender[i] + 1];
  }
  std::partial_sum(d.first_message_of_sender.begin(), d.first_message_of_sender.end(), d.first_message_of_sender.begin());
  d.messages_by_sender.resize(d.first_message_of_sender.back());
  std::vector<std::uint32_t> next(d.first_message_of_sender.begin(), d.first_message_of_sender.end() - 1);
  d.message_category.resize(msg.size());
  for (Index i = 0; i < msg.size(); ++i) {
    d.message_category[i] = d.categories.id_of(text_of(m, msg.protocol[i], "(unknown protocol)"), kMessageRole);
    if (msg.sender[i] >= 0 && static_cast<std::size_t>(msg.sender[i]) < ranks) d.messages_by_sender[next[msg.sender[i]]++] = i;
  }
  for (std::size_t r = 0; r < ranks; ++r) {
    std::stable_sort(d.messages_by_sender.begin() + d.first_message_of_sender[r],
                     d.messages_by_sender.begin() + d.first_message_of_sender[r + 1],
                     [&](Index a, Index b) { return msg.send_time[a] < msg.send_time[b]; });
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

TimelineData build_timeline_data(std::shared_ptr<const analyzer::TraceModel> model) {
  TimelineData d;
  const TraceModel& m = *model;
  d.model = std::move(model);
  const int ranks = m.ranks();
  d.call_row_of_rank.assign(static_cast<std::size_t>(ranks), 0);
  d.span_of_call.assign(m.calls.size(), TimelineData::kNoSpan);
  d.spans.reserve(m.calls.size() + m.phases.size());

  // Phases grouped by (rank, lane), each group by start.
  std::vector<Index> phases(m.phases.size());
  std::iota(phases.begin(), phases.end(), Index{0});
  std::stable_sort(phases.begin(), phases.end(), [&](Index a, Index b) {
    if (m.phases.rank[a] != m.phases.rank[b]) return m.phases.rank[a] < m.phases.rank[b];
    if (m.phases.lane[a] != m.phases.lane[b]) return m.phases.lane[a] < m.phases.lane[b];
    return m.phases.start[a] < m.phases.start[b];
  });
  std::size_t next_phase = 0;
  std::vector<Index> lane_phases;
  for (analyzer::RankId r = 0; r < ranks; ++r) {
    add_call_row(m, r, d);
    while (next_phase < phases.size() && m.phases.rank[phases[next_phase]] < r) ++next_phase;  // phases of no rank
    while (next_phase < phases.size() && m.phases.rank[phases[next_phase]] == r) {
      const Index lane = m.phases.lane[phases[next_phase]];
      lane_phases.clear();
      while (next_phase < phases.size() && m.phases.rank[phases[next_phase]] == r && m.phases.lane[phases[next_phase]] == lane) {
        lane_phases.push_back(phases[next_phase++]);
      }
      add_phase_row(m, r, lane, lane_phases, d);
    }
  }

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
