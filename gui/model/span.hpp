#pragma once
// One drawable interval of a timeline row: an MPI call on a rank, or a protocol phase on a network
// lane. Plain and packed, since a 10 M-event trace has millions of them.

#include <cstdint>

namespace xo::gui {

struct Span {
  double start = 0;            // seconds since the trace's global offset
  double end = 0;              // >= start
  std::uint32_t category = 0;  // CategoryTable id: the call's name, or the phase's kind
  std::uint32_t source = 0;    // row of the model's CallTable (call rows) or PhaseTable (phase rows)
};
static_assert(sizeof(Span) == 24, "Span is a packed plain record");

}  // namespace xo::gui
