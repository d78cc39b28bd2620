#pragma once
// One drawable interval of a timeline row, as TimelineData::span(i) reads it: an MPI call on a
// rank, or a protocol phase on a network lane. Not stored: a 10^8-event trace has tens of millions
// of spans, so the timeline keeps only each span's start and model row, and reads the rest from
// the trace model (timeline_data.hpp).

#include <cstdint>

namespace xo::gui {

struct Span {
  double start = 0;            // seconds since the trace's global offset
  double end = 0;              // >= start
  std::uint32_t category = 0;  // CategoryTable id: the call's name, or the phase's kind
  std::uint32_t source = 0;    // row of the model's CallTable (call rows) or PhaseTable (phase rows)
};

}  // namespace xo::gui
