#include "model/band_painter.hpp"

#include <algorithm>

#include "model/row_vote.hpp"

namespace xo::gui {

namespace {

constexpr std::uint32_t kMostRanksPerPixelRow = 8;
constexpr std::size_t kChunksPerWorker = 4;  // claimed as they come: bands differ in cost
constexpr int kNamedBoxWidth = 60;

}  // namespace

std::span<const PixelRecord> BandPainter::band_records(const BandFrame& f, const Band& band, std::size_t worker,
                                                       Chunk& chunk) {
  const TimelineData& d = *f.data;
  auto aggregate = [&](std::size_t row) { return f.rows->records(row, d.row_view(row), f.buckets, worker); };
  auto feed = [&](std::size_t position, std::span<const PixelRecord> row) {
    chunk.call_rows.push_back({position, row});
  };
  if (band.kind == BandKind::Lane || (band.kind == BandKind::Calls && band.count == 1)) {
    const std::span<const PixelRecord> records = aggregate(band.row);
    if (band.kind == BandKind::Calls) feed(band.first, records);
    return records;
  }
  Scratch& s = scratch_[worker];
  s.rows.clear();
  if (band.kind == BandKind::Protocols) {
    const auto [first, end] = lane_rows(d, d.rows[band.row].rank);
    for (std::size_t row = first; row < end; ++row) s.rows.push_back(aggregate(row));
  } else {
    // Ranks sharing a pixel row: the majority of at most kMostRanksPerPixelRow of them, evenly
    // chosen, so that a frame over 65,536 ranks costs pixels rather than ranks.
    const std::uint32_t step = (band.count + kMostRanksPerPixelRow - 1) / kMostRanksPerPixelRow;
    for (std::uint32_t k = 0; k < band.count; k += step) {
      s.rows.push_back(aggregate(d.call_row_of_rank[static_cast<std::size_t>(f.layout->rank_at(band.first + k))]));
      feed(band.first + k, s.rows.back());
    }
  }
  // Idle columns vote for ranks (most ranks computing reads as computing), not for lanes.
  vote_rows(s.rows, band.kind == BandKind::Calls, f.width, s.records);
  return s.records;
}

void BandPainter::draw_chunk(Chunk& chunk, std::size_t worker, const BandFrame& f, QImage* image, QPainter* painter,
                             QPoint origin) {
  const TimelineData& d = *f.data;
  const QRgb mixed_rgb = CategoryTable::mixed_colour().rgb();
  const int rows_height = image ? image->height() : 0;
  uchar* const bits = image ? image->bits() : nullptr;  // detached by draw(), before the workers start
  const qsizetype bytes_per_line = image ? image->bytesPerLine() : 0;
  for (std::size_t b = chunk.first; b < chunk.last; ++b) {
    const Band& band = f.layout->bands()[b];
    const std::span<const PixelRecord> records = band_records(f, band, worker, chunk);
    chunk.drawn += records.size();
    const int top = band.top - f.scroll_y;  // in the image
    const bool named = band.height >= (band.kind == BandKind::Calls ? f.named_calls_height : f.named_phases_height);
    const int y0 = std::max(0, top), y1 = std::min(rows_height, top + band.height);
    for (const PixelRecord& rec : records) {
      const bool mixed = rec.kind == PixelKind::Mixed;
      if (image) {
        const QRgb rgb = mixed ? mixed_rgb : rgb_of_category_[rec.category];
        const int x0 = std::max(0, rec.x0), x1 = std::min(f.width, rec.x1);
        for (int y = y0; y < y1 && x0 < x1; ++y) {
          auto* line = reinterpret_cast<QRgb*>(bits + y * bytes_per_line);
          std::fill(line + x0, line + x1, rgb);
        }
      } else {
        painter->fillRect(QRect(origin.x() + rec.x0, origin.y() + top, rec.x1 - rec.x0, band.height),
                          mixed ? CategoryTable::mixed_colour() : d.categories.colour(rec.category));
      }
      if (named && rec.kind == PixelKind::Single && rec.x1 - rec.x0 > kNamedBoxWidth) {
        chunk.boxes_to_name.push_back({b, rec});
      }
    }
  }
}

void BandPainter::draw(const BandFrame& f, ParallelJobs& jobs, QImage* image, QPainter* painter, QPoint origin) {
  const TimelineData& d = *f.data;
  rgb_of_category_.resize(d.categories.size());
  for (std::uint32_t c = 0; c < rgb_of_category_.size(); ++c) rgb_of_category_[c] = d.categories.colour(c).rgb();
  if (image) image->detach();  // QImage::bits() would detach in each worker otherwise
  const std::size_t bands = f.last > f.first ? f.last - f.first : 0;
  const std::size_t chunks = std::min(bands, jobs.workers() * kChunksPerWorker);
  chunks_.resize(chunks);
  for (std::size_t c = 0; c < chunks; ++c) {
    Chunk& chunk = chunks_[c];
    chunk.first = f.first + bands * c / chunks;
    chunk.last = f.first + bands * (c + 1) / chunks;
    chunk.call_rows.clear();
    chunk.boxes_to_name.clear();
    chunk.drawn = 0;
  }
  if (scratch_.size() < jobs.workers()) scratch_.resize(jobs.workers());
  if (image) {
    jobs.run(chunks, [&](std::size_t c, std::size_t worker) { draw_chunk(chunks_[c], worker, f, image, nullptr, {}); });
  } else {  // a vector painter is used on this thread only
    for (Chunk& chunk : chunks_) draw_chunk(chunk, 0, f, nullptr, painter, origin);
  }
  boxes_to_name_.clear();
  records_ = 0;
  for (const Chunk& chunk : chunks_) {
    boxes_to_name_.insert(boxes_to_name_.end(), chunk.boxes_to_name.begin(), chunk.boxes_to_name.end());
    records_ += chunk.drawn;
  }
}

}  // namespace xo::gui
