#pragma once
// The known names nearest to a mistyped one, for "did you mean" in refusals.

#include <string>
#include <vector>

namespace xo::cli {

// Up to `most` names of `known` within a few edits of `wanted` (a dropped, added, changed or
// swapped-neighbour letter counts one; at most a third of its length, at least 2), nearest first;
// empty if none is that near.
std::vector<std::string> nearest_names(const std::string& wanted, const std::vector<std::string>& known,
                                       std::size_t most = 3);

}  // namespace xo::cli
