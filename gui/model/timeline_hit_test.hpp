#pragma once
// Which span a click or a tooltip at pixel x of a row means: the span under the pixel, or the
// nearest one within a few pixels (a call of a nanosecond is hard to hit at a microsecond per pixel).

#include <cstdint>

#include "model/pixel_aggregation.hpp"
#include "model/timeline_data.hpp"
#include "model/timeline_layout.hpp"

namespace xo::gui {

// The span (TimelineData numbering) or TimelineData::kNoSpan.
std::uint32_t span_at(const TimelineData& data, std::size_t row, const PixelScale& scale, double x,
                      double slop_pixels = 3);

// The same for a band of the layout: its rank's call row, its lane, or, for a rank's folded
// protocol row, the phase of any of its lanes (one under the pixel before one nearby). Nothing for
// a band of several ranks.
std::uint32_t span_in_band(const TimelineData& data, const Band& band, const PixelScale& scale, double x);

}  // namespace xo::gui
