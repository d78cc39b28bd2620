#pragma once
// Galloping search, for cursors that mostly move a little and now and then a lot: the first index
// in [from, end) whose `before` is false, `before` holding on a prefix of the range. It probes
// from, then steps doubling past the last probe, then searches the last step by halves: a few
// probes near `from`, which stay in its cache lines, and O(log d) for an answer d further on.

#include <algorithm>
#include <cstddef>

namespace xo::analyzer {

template <class Before>
std::size_t gallop(std::size_t from, std::size_t end, Before before) {
  std::size_t lo = from, hi = from;
  for (std::size_t step = 1; hi < end && before(hi); step *= 2) {
    lo = hi + 1;
    hi = std::min(end, lo + step);
  }
  while (lo < hi) {  // before(lo - 1), !before(hi) or hi == end
    const std::size_t mid = lo + (hi - lo) / 2;
    if (before(mid)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

}  // namespace xo::analyzer
