#include "model/column_vote.hpp"

#include <algorithm>

namespace xo::gui {

void ColumnVote::reset(int width, bool empty_votes) {
  const auto n = static_cast<std::size_t>(std::max(0, width));
  empty_votes_ = empty_votes;
  candidate_.assign(n, kEmpty);
  votes_.assign(n, 0);
  voters_.assign(n, 0);
  span_.assign(n, 0);
  single_.assign(n, 1);
}

void ColumnVote::add(const std::vector<PixelRecord>& row) {
  const auto width = static_cast<std::int32_t>(candidate_.size());
  auto vote = [this](std::int32_t x, std::uint32_t value, std::uint32_t span, bool single) {
    const auto c = static_cast<std::size_t>(x);
    ++voters_[c];
    if (voters_[c] > 1 && (value != candidate_[c] || span != span_[c] || !single)) single_[c] = 0;
    if (voters_[c] == 1 && !single) single_[c] = 0;
    if (votes_[c] == 0) {
      candidate_[c] = value;
      span_[c] = span;
      votes_[c] = 1;
    } else if (candidate_[c] == value) {
      ++votes_[c];
    } else {
      --votes_[c];
    }
  };
  std::int32_t x = 0;
  for (const PixelRecord& r : row) {
    if (empty_votes_) {
      for (; x < std::min(r.x0, width); ++x) vote(x, kEmpty, 0, false);
    }
    const std::uint32_t value = r.kind == PixelKind::Mixed ? PixelRecord::kMixedCategory : r.category;
    for (x = std::max(r.x0, 0); x < std::min(r.x1, width); ++x) vote(x, value, r.span, r.kind == PixelKind::Single);
  }
  if (empty_votes_) {
    for (; x < width; ++x) vote(x, kEmpty, 0, false);
  }
}

void ColumnVote::result(std::vector<PixelRecord>& out) const {
  out.clear();
  const auto width = static_cast<std::int32_t>(candidate_.size());
  for (std::int32_t x = 0; x < width; ++x) {
    const auto c = static_cast<std::size_t>(x);
    const std::uint32_t value = candidate_[c];
    if (value == kEmpty || voters_[c] == 0) continue;
    PixelRecord r;
    r.x0 = x;
    r.x1 = x + 1;
    r.span = span_[c];
    r.category = value;
    r.kind = value == PixelRecord::kMixedCategory                               ? PixelKind::Mixed
             : single_[c] && votes_[c] == static_cast<std::int32_t>(voters_[c]) ? PixelKind::Single
                                                                                : PixelKind::Folded;
    if (!out.empty()) {
      PixelRecord& last = out.back();
      const bool joins = last.x1 == x && last.kind == r.kind && last.category == r.category &&
                         (r.kind != PixelKind::Single || last.span == r.span);
      if (joins) {
        last.x1 = x + 1;
        continue;
      }
    }
    out.push_back(r);
  }
}

}  // namespace xo::gui
