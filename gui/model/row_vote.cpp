#include "model/row_vote.hpp"

#include <algorithm>

#include "model/column_vote.hpp"

namespace xo::gui {

void vote_rows(std::span<const std::span<const PixelRecord>> rows, bool empty_votes, int width,
               std::vector<PixelRecord>& out) {
  out.clear();
  std::vector<std::size_t> next(rows.size(), 0);  // per row: the first record not wholly left behind
  std::int32_t x = 0;
  while (x < width) {
    // The segment [x, end): up to the nearest boundary of any row's record.
    std::int32_t end = width;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto& recs = rows[r];
      while (next[r] < recs.size() && recs[next[r]].x1 <= x) ++next[r];
      if (next[r] < recs.size()) end = std::min(end, recs[next[r]].x0 > x ? recs[next[r]].x0 : recs[next[r]].x1);
    }
    ColumnTally t;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto& recs = rows[r];
      if (next[r] < recs.size() && recs[next[r]].x0 <= x) {
        t.vote(recs[next[r]]);
      } else if (empty_votes) {
        t.vote_idle();
      }
    }
    if (PixelRecord r; t.record(x, end, r)) append_record(out, r);
    x = end;
  }
}

}  // namespace xo::gui
