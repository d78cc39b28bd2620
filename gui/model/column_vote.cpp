#include "model/column_vote.hpp"

#include <algorithm>

namespace xo::gui {

void ColumnTally::vote(std::uint32_t value, std::uint32_t from_span, bool is_single) {
  ++voters;
  if (voters > 1 && (value != candidate || from_span != span || !is_single)) single = false;
  if (voters == 1 && !is_single) single = false;
  if (votes == 0) {
    candidate = value;
    span = from_span;
    votes = 1;
  } else if (candidate == value) {
    ++votes;
  } else {
    --votes;
  }
}

bool ColumnTally::record(std::int32_t x0, std::int32_t x1, PixelRecord& out) const {
  if (candidate == kNothing || voters == 0) return false;
  const PixelKind kind = candidate == PixelRecord::kMixedCategory               ? PixelKind::Mixed
                         : single && votes == static_cast<std::int32_t>(voters) ? PixelKind::Single
                                                                                : PixelKind::Folded;
  out = {x0, x1, candidate, span, kind};
  return true;
}

void ColumnVote::reset(int width, bool empty_votes) {
  empty_votes_ = empty_votes;
  columns_.assign(static_cast<std::size_t>(std::max(0, width)), ColumnTally{});
}

void ColumnVote::add(std::span<const PixelRecord> row, int x_begin, int x_end) {
  x_begin = std::max(0, x_begin);
  x_end = std::min(x_end, width());
  auto column = [this](std::int32_t x) -> ColumnTally& { return columns_[static_cast<std::size_t>(x)]; };
  // The first record reaching into the range (records are sorted and disjoint).
  auto r = std::partition_point(row.begin(), row.end(), [x_begin](const PixelRecord& p) { return p.x1 <= x_begin; });
  std::int32_t x = x_begin;
  for (; r != row.end() && r->x0 < x_end; ++r) {
    if (empty_votes_) {
      for (; x < std::min(r->x0, x_end); ++x) column(x).vote_idle();
    }
    for (x = std::max(r->x0, x_begin); x < std::min(r->x1, x_end); ++x) column(x).vote(*r);
  }
  if (empty_votes_) {
    for (; x < x_end; ++x) column(x).vote_idle();
  }
}

void ColumnVote::result(std::vector<PixelRecord>& out) const {
  out.clear();
  PixelRecord r;
  for (std::size_t x = 0; x < columns_.size(); ++x) {
    const auto at = static_cast<std::int32_t>(x);
    if (columns_[x].record(at, at + 1, r)) append_record(out, r);
  }
}

}  // namespace xo::gui
