#pragma once
// What the timeline draws, built once per trace off the GUI thread and immutable afterwards: a row
// per rank with its outermost MPI calls, beneath it a row per network lane with the protocol
// phases; the messages by sender in order of sending; the collective instances in order of their
// end. Every row's spans are sorted by start and do not overlap, which is what lets the per-pixel
// aggregation clip by binary search.
//
// A span is stored as its start and its row of the model (16 bytes with same_category_until, where
// a copy of the span took 28): its end and category are the model's, read through that row. The
// starts, which a frame searches, lie together, so a frame of the whole trace reads 8 bytes a span
// rather than 24. Call spans come first (every rank's calls row), then the phase spans.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "model/category_table.hpp"
#include "model/pixel_aggregation.hpp"
#include "model/span.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::gui {

enum class RowKind : std::uint8_t { Calls, Phases };

struct TimelineRow {
  analyzer::RankId rank = 0;
  RowKind kind = RowKind::Calls;
  analyzer::Index lane = analyzer::kNoIndex;  // phase rows: row of the LocationTable
  std::uint32_t first = 0;                    // spans[first, first + count)
  std::uint32_t count = 0;
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
  std::vector<double> span_start;            // by span
  std::vector<analyzer::Index> span_source;  // by span: row of the CallTable (call spans) or PhaseTable
  std::uint32_t first_phase_span = 0;        // spans before it are calls, the rest phases
  // Category of a region's calls and of its phases: regions + 1 entries (the last for kNoIndex).
  std::vector<std::uint32_t> call_category_of_region;
  std::vector<std::uint32_t> phase_category_of_region;
  // For span i: one past the last span of its row, from i on, whose category is i's; tells in O(1)
  // whether a run of spans is all one call.
  std::vector<std::uint32_t> same_category_until;
  std::vector<std::uint32_t> call_row_of_rank;  // world rank -> row
  std::vector<std::uint32_t> phase_rows;        // the rows of phases, in order of their spans
  std::vector<std::uint32_t> message_category;  // MessageTable row -> category of its protocol
  // Messages grouped by sender, each group by send time: rows of the MessageTable.
  std::vector<analyzer::Index> messages_by_sender;
  std::vector<std::uint32_t> first_message_of_sender;  // ranks + 1 entries
  std::vector<CollectiveMark> collectives;             // by end
  double start_time = 0;
  double end_time = 0;
  std::uint64_t dropped_overlapping_phases = 0;  // phases nested on a lane (foreign writers), not drawn

  static constexpr std::uint32_t kNoSpan = 0xffffffffu;

  std::size_t span_count() const { return span_start.size(); }
  bool is_call_span(std::uint32_t span) const { return span < first_phase_span; }
  Span span(std::uint32_t i) const;
  double span_end(std::uint32_t i) const { return span(i).end; }
  std::uint32_t span_category(std::uint32_t i) const { return span(i).category; }
  std::size_t row_of_span(std::uint32_t span) const;
  // A row as aggregate_row (and the hit test) reads it.
  RowView row_view(std::size_t row) const;
  // The span of a CallTable row, or kNoSpan (a call nested in another, or not MPI): a search of its
  // rank's calls row, whose sources ascend (a table of every call would be 4 bytes a call).
  std::uint32_t span_of_call(analyzer::Index call) const;
};

TimelineData build_timeline_data(std::shared_ptr<const analyzer::TraceModel> model);

}  // namespace xo::gui
