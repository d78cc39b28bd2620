#pragma once
// What the timeline draws, built once per trace off the GUI thread and immutable afterwards: a row
// per rank with its outermost MPI calls, beneath it a row per network lane with the protocol
// phases; the messages by sender in order of sending; the collective instances in order of their
// end; the one-sided epochs of each rank. Every row's spans are sorted by start and do not overlap, which is what lets
// the per-pixel aggregation clip by binary search.
//
// Rows draw from the model's own columns: a row whose spans are consecutive rows of the CallTable
// or PhaseTable (a rank's calls when none nests in another, a lane's phases as the reader appends
// them) is that range of the model, with nothing copied. Another row (a foreign trace's user
// regions or nested calls) keeps a copy of its spans' starts and model rows (12 bytes a span).
// A span's end and category are always the model's, read through its model row. Spans are
// numbered row after row, in the rows' order. A row of many spans also has a summary of what meets
// each of a fixed grid of buckets, which whole-trace frames read instead of its spans.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "model/category_table.hpp"
#include "model/pixel_aggregation.hpp"
#include "model/rma_epochs.hpp"
#include "model/span.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::gui {

enum class RowKind : std::uint8_t { Calls, Phases };

struct TimelineRow {
  analyzer::RankId rank = 0;
  RowKind kind = RowKind::Calls;
  analyzer::Index location = analyzer::kNoIndex;  // phase rows: row of the LocationTable
  std::uint32_t lane = 0;                         // ... and the lane in it (PhaseTable::lane)
  std::uint32_t first = 0;                        // spans [first, first + count)
  std::uint32_t count = 0;
  // The model row of span `first` when the row's spans are consecutive model rows; else kNoIndex,
  // and the spans are copied_start/copied_source[copied_first, copied_first + count).
  analyzer::Index source_first = analyzer::kNoIndex;
  std::uint32_t copied_first = 0;
  // The row's summary: bucket_codes[summary * SpanBuckets::kCount, ...); kNoSummary for a row of
  // fewer spans than buckets.
  std::uint32_t summary = kNoSummary;
  // Its runs of SpanRun::kLong spans or more: TimelineData::long_runs[first_long_run, long_runs_end),
  // so that a frame finds a row's first run among its own, not the trace's.
  std::uint32_t first_long_run = 0, long_runs_end = 0;

  static constexpr std::uint32_t kNoSummary = 0xffffffffu;
};

// A collective instance as drawn: a line across its members' rows when the last member left.
struct CollectiveMark {
  double begin = 0;  // the first member's MpiCollectiveBegin
  double end = 0;    // the last member's MpiCollectiveEnd
  analyzer::Index instance = 0;
  std::uint32_t category = 0;     // the operation's algorithm (or call)
  analyzer::RankId low_rank = 0;  // members' lowest and highest world rank
  analyzer::RankId high_rank = 0;
};

struct TimelineData {
  std::shared_ptr<const analyzer::TraceModel> model;
  CategoryTable categories;
  std::vector<TimelineRow> rows;
  std::vector<double> copied_start;            // spans of the rows that are not a range of the model
  std::vector<analyzer::Index> copied_source;  // their model rows
  // Category of a region's calls and of its phases: regions + 1 entries (the last for kNoIndex).
  std::vector<std::uint32_t> call_category_of_region;
  std::vector<std::uint32_t> phase_category_of_region;
  std::vector<SpanRun> long_runs;           // every row's runs of at least SpanRun::kLong spans of one category
  std::vector<std::uint64_t> same_as_next;  // bit per span: it has the category of the next in its row
  // Dense rows' summaries (span_buckets.hpp), SpanBuckets::kCount bytes each, on bucket_grid:
  // [start_time, end_time] in SpanBuckets::kCount buckets.
  std::vector<std::uint8_t> bucket_codes;
  PixelScale bucket_grid;
  std::vector<std::uint32_t> call_row_of_rank;  // world rank -> row
  // Category of a protocol's messages: a string of the trace -> category, the last for kNoString.
  std::vector<std::uint32_t> message_category_of_protocol;
  // Messages grouped by sender, each group by send time: rows of the MessageTable, read through
  // message_by_sender. Empty when that is the table's own order (the table is in sender order, and
  // each sender's messages are often in send order too).
  std::vector<analyzer::Index> messages_by_sender;
  std::vector<std::uint32_t> first_message_of_sender;  // ranks + 1 entries
  std::vector<CollectiveMark> collectives;             // by end
  RmaEpochs epochs;                                    // one-sided epochs by rank
  double start_time = 0;
  double end_time = 0;
  std::uint64_t dropped_overlapping_phases = 0;  // phases nested on a lane (foreign writers), not drawn

  static constexpr std::uint32_t kNoSpan = 0xffffffffu;

  analyzer::Index message_by_sender(std::size_t k) const {
    return messages_by_sender.empty() ? static_cast<analyzer::Index>(k) : messages_by_sender[k];
  }
  std::size_t span_count() const { return rows.empty() ? 0 : rows.back().first + rows.back().count; }
  std::size_t row_of_span(std::uint32_t span) const;
  Span span(std::uint32_t i) const;  // (a search for its row: iterate a row by row_view instead)
  // A row as aggregate_row, the hit test and searches read it.
  RowView row_view(std::size_t row) const;
  // Calls f(view, i) for span i of every calls row's view.
  template <class F>
  void for_each_call_span(F f) const {
    for (std::size_t row = 0; row < rows.size(); ++row) {
      if (rows[row].kind != RowKind::Calls) continue;
      const RowView v = row_view(row);
      for (std::size_t i = 0; i < v.size(); ++i) f(v, i);
    }
  }
  std::uint32_t message_category(analyzer::Index message) const {
    const std::size_t protocol = model->messages.protocol[message];
    return message_category_of_protocol[std::min(protocol, message_category_of_protocol.size() - 1)];
  }
  // The span of a CallTable row, or kNoSpan (a call nested in another, or not MPI).
  std::uint32_t span_of_call(analyzer::Index call) const;
};

TimelineData build_timeline_data(std::shared_ptr<const analyzer::TraceModel> model);

}  // namespace xo::gui
