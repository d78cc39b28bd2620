#include "model/timeline_search.hpp"

#include <algorithm>

namespace xo::gui {

namespace {

void add_row(const TimelineData& d, std::size_t row, std::vector<std::uint32_t>& out) {
  for (std::uint32_t i = d.rows[row].first; i < d.rows[row].first + d.rows[row].count; ++i) out.push_back(i);
}

}  // namespace

FindResult find_spans(const TimelineData& d, FindField field, const QString& text) {
  FindResult r;
  const QString wanted = text.trimmed();
  if (wanted.isEmpty()) {
    r.error = "type a call name (MPI_Send), a rank or a tag";
    return r;
  }
  switch (field) {
    case FindField::Call: {
      std::vector<char> matches(d.categories.size());
      for (std::size_t c = 0; c < matches.size(); ++c) {
        matches[c] = d.categories.name(static_cast<std::uint32_t>(c)).contains(wanted, Qt::CaseInsensitive);
      }
      d.for_each_call_span([&](const RowView& v, std::size_t i) {
        if (matches[v.category(i)]) r.spans.push_back(v.first + static_cast<std::uint32_t>(i));
      });
      break;
    }
    case FindField::Rank: {
      bool ok = false;
      const int rank = wanted.toInt(&ok);
      if (!ok || rank < 0 || static_cast<std::size_t>(rank) >= d.call_row_of_rank.size()) {
        r.error = QString("no rank '%1': the trace has ranks 0 to %2").arg(wanted).arg(d.call_row_of_rank.size() - 1);
        return r;
      }
      add_row(d, d.call_row_of_rank[static_cast<std::size_t>(rank)], r.spans);
      break;
    }
    case FindField::Tag: {
      bool ok = false;
      const uint tag = wanted.toUInt(&ok);
      if (!ok) {
        r.error = QString("'%1' is not a tag: give a whole number").arg(wanted);
        return r;
      }
      const auto& m = d.model->messages;
      for (std::size_t i = 0; i < m.size(); ++i) {
        if (m.tag[i] != tag) continue;
        for (analyzer::Index call : {m.send_call[i], m.receive_call[i]}) {
          if (const std::uint32_t span = d.span_of_call(call); span != TimelineData::kNoSpan) r.spans.push_back(span);
        }
      }
      std::sort(r.spans.begin(), r.spans.end());
      r.spans.erase(std::unique(r.spans.begin(), r.spans.end()), r.spans.end());
      break;
    }
  }
  if (r.spans.empty()) r.error = QString("nothing found for '%1'").arg(wanted);
  return r;
}

std::uint32_t longest_call_at(const TimelineData& d, const QString& call, const analyzer::CallSite& site) {
  const auto& m = *d.model;
  std::vector<char> at_site(m.call_sites.size());
  for (std::size_t i = 0; i < at_site.size(); ++i) {
    at_site[i] = m.call_sites.line[i] == site.line && m.call_sites.file[i] == site.file &&
                 m.call_sites.function[i] == site.function;
  }
  const std::uint32_t category = d.categories.find(call);
  std::uint32_t best = TimelineData::kNoSpan;
  if (category == CategoryTable::kNone) return best;
  double longest = 0;
  d.for_each_call_span([&](const RowView& v, std::size_t i) {
    const analyzer::Index where = m.calls.site_of(v.source(i));
    if (v.category(i) != category || where == analyzer::kNoIndex || !at_site[where]) return;
    if (best == TimelineData::kNoSpan || v.end(i) - v.start(i) > longest) {
      best = v.first + static_cast<std::uint32_t>(i);
      longest = v.end(i) - v.start(i);
    }
  });
  return best;
}

}  // namespace xo::gui
