#pragma once
// A timeline row's spans as values, for tests that compare them with the model: the timeline keeps
// starts and model rows only (timeline_data.hpp).

#include <vector>

#include "model/timeline_data.hpp"

namespace xo::gui::test {

inline std::vector<Span> row_spans(const TimelineData& d, std::size_t row) {
  std::vector<Span> spans;
  for (std::uint32_t i = d.rows[row].first; i < d.rows[row].first + d.rows[row].count; ++i) spans.push_back(d.span(i));
  return spans;
}

}  // namespace xo::gui::test
