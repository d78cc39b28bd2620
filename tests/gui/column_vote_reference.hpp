#pragma once
// The reference vote_rows is checked against: a ColumnTally per pixel column, every row voting in
// every column it covers (and, when empty columns vote, in every other). Plain and slow.

#include <algorithm>
#include <span>
#include <vector>

#include "model/column_vote.hpp"

namespace xo::gui::test {

class ColumnVote {
 public:
  void reset(int width, bool empty_votes) {
    empty_votes_ = empty_votes;
    columns_.assign(static_cast<std::size_t>(std::max(0, width)), ColumnTally{});
  }
  void add(std::span<const PixelRecord> row) {
    std::vector<bool> covered(columns_.size(), false);
    for (const PixelRecord& r : row) {
      for (std::int32_t x = std::max(0, r.x0); x < std::min<std::int32_t>(r.x1, width()); ++x) {
        columns_[static_cast<std::size_t>(x)].vote(r);
        covered[static_cast<std::size_t>(x)] = true;
      }
    }
    if (!empty_votes_) return;
    for (std::size_t x = 0; x < columns_.size(); ++x) {
      if (!covered[x]) columns_[x].vote_idle();
    }
  }
  void result(std::vector<PixelRecord>& out) const {
    out.clear();
    PixelRecord r;
    for (std::size_t x = 0; x < columns_.size(); ++x) {
      const auto at = static_cast<std::int32_t>(x);
      if (columns_[x].record(at, at + 1, r)) append_record(out, r);
    }
  }
  int width() const { return static_cast<int>(columns_.size()); }

 private:
  bool empty_votes_ = true;
  std::vector<ColumnTally> columns_;
};

}  // namespace xo::gui::test
