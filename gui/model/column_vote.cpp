#include "model/column_vote.hpp"

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

}  // namespace xo::gui
