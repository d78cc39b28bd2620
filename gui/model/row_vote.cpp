#include "model/row_vote.hpp"

#include <algorithm>
#include <cstdint>

namespace xo::gui {

namespace {

constexpr std::uint32_t kEmpty = 0xfffffffeu;  // ColumnVote::kNothing

// One column's vote, exactly as ColumnVote::add and ColumnVote::result decide it.
struct Tally {
  std::uint32_t candidate = kEmpty, span = 0, voters = 0;
  std::int32_t votes = 0;
  bool single = true;

  void vote(std::uint32_t value, std::uint32_t from_span, bool is_single) {
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
};

}  // namespace

void vote_rows(std::span<const std::vector<PixelRecord>> rows, bool empty_votes, int width,
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
    Tally t;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto& recs = rows[r];
      if (next[r] < recs.size() && recs[next[r]].x0 <= x) {
        const PixelRecord& rec = recs[next[r]];
        t.vote(rec.kind == PixelKind::Mixed ? PixelRecord::kMixedCategory : rec.category, rec.span,
               rec.kind == PixelKind::Single);
      } else if (empty_votes) {
        t.vote(kEmpty, 0, false);
      }
    }
    if (t.candidate != kEmpty && t.voters > 0) {
      PixelRecord r{x, end, t.candidate, t.span, PixelKind::Folded};
      r.kind = t.candidate == PixelRecord::kMixedCategory                   ? PixelKind::Mixed
               : t.single && t.votes == static_cast<std::int32_t>(t.voters) ? PixelKind::Single
                                                                            : PixelKind::Folded;
      if (!out.empty()) {
        PixelRecord& last = out.back();
        if (last.x1 == x && last.kind == r.kind && last.category == r.category &&
            (r.kind != PixelKind::Single || last.span == r.span)) {
          last.x1 = end;
          x = end;
          continue;
        }
      }
      out.push_back(r);
    }
    x = end;
  }
}

}  // namespace xo::gui
