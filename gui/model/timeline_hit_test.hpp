#pragma once
// Which span a click or a tooltip at pixel x of a row means: the span under the pixel, or the
// nearest one within a few pixels (a call of a nanosecond is hard to hit at a microsecond per pixel).

#include <cstdint>

#include "model/pixel_aggregation.hpp"
#include "model/timeline_data.hpp"

namespace xo::gui {

// The span (TimelineData numbering) or TimelineData::kNoSpan.
std::uint32_t span_at(const TimelineData& data, std::size_t row, const PixelScale& scale, double x, double slop_pixels = 3);

}  // namespace xo::gui
