#pragma once
// The timeline's bands as boxes, on every core. Each band becomes one row of pixel records (its row
// aggregated, or several rows voted into one) written into an image's scanlines; bands are
// disjoint in y, so chunks of them are drawn in parallel with nothing shared but the image. What
// must happen in band order (the overview's vote over the call rows, the names written in boxes)
// is handed back per chunk and done by the caller, so a frame is the same on any number of cores.

#include <QImage>
#include <QPainter>
#include <cstdint>
#include <span>
#include <vector>

#include "model/parallel_jobs.hpp"
#include "model/pixel_aggregation.hpp"
#include "model/row_record_cache.hpp"
#include "model/span_buckets.hpp"
#include "model/timeline_data.hpp"
#include "model/timeline_layout.hpp"

namespace xo::gui {

// One frame's bands: [first, last) of the layout over `width` columns, at the scale `rows` was
// begun for.
struct BandFrame {
  const TimelineData* data = nullptr;
  const TimelineLayout* layout = nullptr;
  std::size_t first = 0, last = 0;
  int width = 0;
  int scroll_y = 0;  // content y drawn at the image's top
  // Bands at least this tall get the names of their wide Single boxes: call bands, lane bands.
  int named_calls_height = 0, named_phases_height = 0;
  // The summaries' buckets in each column at the frame's scale (span_buckets.hpp), or none: every
  // span read.
  const ColumnBuckets* buckets = nullptr;
  // Where rows are aggregated: begun for this frame's trace, scale and width.
  RowRecordCache* rows = nullptr;
};

// A box wide enough (over 60 pixels) to carry a name, in a band tall enough.
struct BoxToName {
  std::size_t band = 0;
  PixelRecord record;
};

class BandPainter {
 public:
  // Draws the frame's bands into `image` (its y 0 is the frame's scroll_y; columns from x 0) on
  // `jobs`' workers; or, without an image, one `painter` rectangle per box at `origin`, on this
  // thread (a vector device such as SVG export).
  void draw(const BandFrame& frame, ParallelJobs& jobs, QImage* image, QPainter* painter = nullptr, QPoint origin = {});

  // After draw: the boxes to name, in band order.
  const std::vector<BoxToName>& boxes_to_name() const { return boxes_to_name_; }
  // After draw, in band order: each call row aggregated, by its shown position (the overview's
  // feed). The records are the frame's RowRecordCache's, valid until its next frame.
  template <class Feed>
  void for_each_call_row(Feed feed) const {
    for (const Chunk& chunk : chunks_) {
      for (const FedRow& row : chunk.call_rows) feed(row.position, row.records);
    }
  }
  std::size_t records() const { return records_; }  // draw records of the last frame

 private:
  struct FedRow {
    std::size_t position = 0;
    std::span<const PixelRecord> records;
  };
  struct Chunk {
    std::size_t first = 0, last = 0;  // bands
    std::vector<FedRow> call_rows;
    std::vector<BoxToName> boxes_to_name;
    std::size_t drawn = 0;
  };
  struct Scratch {                                   // one per worker
    std::vector<PixelRecord> records;                // a folded band's vote
    std::vector<std::span<const PixelRecord>> rows;  // the rows it votes over
  };

  void draw_chunk(Chunk& chunk, std::size_t worker, const BandFrame& frame, QImage* image, QPainter* painter,
                  QPoint origin);
  // The band's records: its row's, or its rows' voted into the worker's scratch.
  std::span<const PixelRecord> band_records(const BandFrame& frame, const Band& band, std::size_t worker, Chunk& chunk);

  std::vector<Chunk> chunks_;
  std::vector<Scratch> scratch_;  // by worker
  std::vector<QRgb> rgb_of_category_;
  std::vector<BoxToName> boxes_to_name_;
  std::size_t records_ = 0;
};

}  // namespace xo::gui
