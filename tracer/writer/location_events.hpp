#pragma once
// The event stream of one rank's location, from the buffered run, into the location's event file
// encoder (evt_file_encoder.hpp).

#include <cstdint>

#include "archive_plan.hpp"
#include "evt_file_encoder.hpp"
#include "lane_assignment.hpp"
#include "trace_recorder.hpp"

namespace xo::tracer {

// Rank `rank`'s location (trace_contract.hpp): its MPI records on its implicit task and each
// network lane's protocol phases (an Enter with the protocol, bytes and peer attributes, and a
// Leave) on the lane's task. A call still open at `end` (a run that deadlocked or aborted) is left
// there, and a collective that never ended is left out, so that the stream is valid OTF2. `kept`
// says which of the log's records to write (event_selection.hpp); null: all. `phases` are those to
// write. `attributes` is the encoder's scratch list.
void write_location_events(EvtFileEncoder& w, const RankLog& log, const std::vector<bool>* kept,
                           const std::vector<PhaseSpan>& phases, const LaneAssignment& lanes, std::uint32_t rank,
                           const ArchivePlan& plan, std::int64_t end, EventAttributes& attributes);

}  // namespace xo::tracer
