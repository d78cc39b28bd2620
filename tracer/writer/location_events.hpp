#pragma once
// The event stream of one location, from the buffered run: a rank's MPI events, or one network
// lane's protocol phases. Both take the OTF2 event writer of the location and return OTF2's first
// error code (OTF2_SUCCESS if none), leaving the message to the caller, who knows the location.

#include <otf2/otf2.h>

#include <cstdint>

#include "archive_plan.hpp"
#include "lane_assignment.hpp"
#include "trace_recorder.hpp"

namespace xo::tracer {

// A call still open at `end` (a run that deadlocked or aborted) is left there, and a collective
// that never ended is left out, so that the stream is valid OTF2.
OTF2_ErrorCode write_rank_events(OTF2_EvtWriter* writer, const RankLog& log, const ArchivePlan& plan, std::int64_t end,
                                 OTF2_AttributeList* attributes);

// Lane `lane` of the rank whose phases and lanes these are: each phase an Enter (with the
// protocol, bytes and peer attributes) and a Leave of its phase's region.
OTF2_ErrorCode write_lane_events(OTF2_EvtWriter* writer, const std::vector<PhaseSpan>& phases,
                                 const LaneAssignment& lanes, std::uint32_t lane, const ArchivePlan& plan,
                                 OTF2_AttributeList* attributes);

}  // namespace xo::tracer
