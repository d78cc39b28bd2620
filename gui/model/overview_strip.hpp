#pragma once
// The strip under the timeline's ruler, as Vampir's summary timeline: per pixel column, the share
// of the shown ranks inside an MPI call, drawn in the colour of the call most of them are in (the
// "many" colour where most are in columns of several kinds). At most kMostOverviewRanks ranks are
// counted, one per window of consecutive shown ranks: the first of the window the bands drew (the
// renderer feeds the call rows it aggregates for them anyway), else the window's first, which it
// aggregates itself. So a frame over 65,536 ranks, whose bands draw 8 ranks a pixel row, adds no
// row of its own.

#include <QPainter>
#include <QSize>
#include <cstdint>
#include <span>
#include <vector>

#include "model/column_count.hpp"
#include "model/parallel_jobs.hpp"
#include "model/row_record_cache.hpp"
#include "model/span_buckets.hpp"
#include "model/timeline_data.hpp"
#include "model/timeline_layout.hpp"
#include "model/timeline_viewport.hpp"

namespace xo::gui {

class OverviewStrip {
 public:
  static constexpr std::size_t kMostOverviewRanks = 1024;

  void begin(std::size_t shown_ranks);  // each frame, before feeding
  // A shown rank's call row aggregated to pixel records, fed in increasing position: counted if
  // it is the first fed of its window. The records are read when the strip is painted, so they
  // must live until then.
  void feed(std::size_t position, std::span<const PixelRecord> call_row);
  // Aggregates the first rank of each window no row was fed for through `rows` (begun for this
  // frame, on `jobs`' workers), counts a row per window and paints the strip.
  void paint(QPainter& p, QSize size, const TimelineData& d, const TimelineLayout& layout, const ColumnBuckets& buckets,
             RowRecordCache& rows, ParallelJobs& jobs);

 private:
  ColumnCount count_;
  std::size_t shown_ = 0;
  std::size_t step_ = 1;                               // shown ranks a window
  std::vector<std::uint8_t> fed_;                      // by window: a row was fed
  std::vector<std::span<const PixelRecord>> counted_;  // by window: the row counted
};

}  // namespace xo::gui
