#pragma once
// Folds a few rows' pixel records into one row, with the same result as ColumnVote (ColumnTally's
// vote per column, in the rows' order), but by sweeping the records' boundaries instead of every
// column: a band of eight ranks zoomed in costs its few records, not eight times the width.

#include <span>
#include <vector>

#include "model/pixel_aggregation.hpp"

namespace xo::gui {

// `rows`: each a row's records as aggregate_row made them (sorted, disjoint, within [0, width)).
void vote_rows(std::span<const std::span<const PixelRecord>> rows, bool empty_votes, int width,
               std::vector<PixelRecord>& out);

}  // namespace xo::gui
