#pragma once
// One buffered MPI record of a rank (rank_event.hpp) as its OTF2 event: the record and the
// Extensions that complete it become one event, with the attributes the trace contract gives it.

#include <otf2/otf2.h>

#include "archive_plan.hpp"
#include "trace_recorder.hpp"

namespace xo::tracer {

using RankEventIterator = RecordLog<RankEvent>::Iterator;

// Whether the rank event `e` becomes an event: not an Extension (it goes with the record before
// it), a SendComplete (an attribute of its MpiSend), an omitted record or a collective never ended.
bool writes_record(const RankEvent& e, const RankLog& log);

// Writes the event of the record at `it` (reading its Extensions after it); OTF2's error code.
OTF2_ErrorCode write_rank_record(OTF2_EvtWriter* w, RankEventIterator it, const RankLog& log, const ArchivePlan& plan,
                                 OTF2_AttributeList* attributes);

}  // namespace xo::tracer
