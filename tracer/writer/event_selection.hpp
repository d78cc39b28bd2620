#pragma once
// Which of the buffered records the archive keeps under a trace filter's calls and time window
// (xo/tracer/trace_filter.hpp; its ranks are left out as they are recorded). A call is kept whole
// or not at all, with every record inside it, and the records that pair across calls stay paired:
//   - a call is kept if the filter selects its name and it began in the window;
//   - a collective call (one that begins a collective, blocking or not) is kept on every member or
//     on none: if its instance (the k-th collective each member began on the communicator, as
//     readers number them) was first begun in the window;
//   - one-sided calls of a window (MPI_Win_*: creation, fences, post/start/complete/wait, locks,
//     flushes) are kept whatever the window, as readers match them by count from the start;
//   - a call that completes a kept request (MPI_Wait of a kept MPI_Isend) is kept, and the
//     completion of a request left out is left out of the call that completes it; so is the
//     completion of a one-sided operation left out;
//   - a message is kept only if both its ends are (readers match sends and receives by order
//     on their channel, which a message kept at one end only would shift), its requests with it.

#include <cstdint>
#include <vector>

#include "trace_recorder.hpp"
#include "xo/tracer/trace_filter.hpp"

namespace xo::tracer {

class EventSelection {
 public:
  EventSelection(const TraceRecorder& run, const TraceFilter& filter);

  // Whether every record is kept (no call or window filter): then kept() is not consulted.
  bool keeps_all() const { return keeps_all_; }
  // Rank `rank`'s records, by their index in its log: kept or not.
  const std::vector<bool>& kept(std::size_t rank) const { return kept_[rank]; }
  // A protocol phase is kept if it began in the window and, under a call filter, inside a call
  // kept on its rank (the network at work for a call left out is left out with it).
  bool keeps_phase(std::size_t rank, const PhaseSpan& p) const;

 private:
  // A message end: its rank, its record, and the record that posted it (an Irecv's IrecvRequest).
  struct MessageEnd {
    std::size_t rank;
    std::size_t record;
    std::size_t posted;
  };
  void pair_messages(const TraceRecorder& run);
  void drop_message_end(const RecordLog<RankEvent>& events, const MessageEnd& end);

  struct Span {
    std::int64_t enter, leave;
  };
  const TraceFilter& filter_;
  bool keeps_all_;
  std::vector<std::vector<bool>> kept_;
  std::vector<std::vector<Span>> kept_calls_;  // by rank, in time order (under a call filter)
};

}  // namespace xo::tracer
