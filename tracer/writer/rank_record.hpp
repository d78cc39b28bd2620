#pragma once
// One buffered MPI record of a rank (rank_event.hpp) as its OTF2 event: the record and the
// Extensions that complete it become one event, with the attributes the trace contract gives it.

#include <otf2/otf2.h>

#include "archive_plan.hpp"
#include "evt_file_encoder.hpp"
#include "trace_recorder.hpp"

namespace xo::tracer {

using RankEventIterator = RecordLog<RankEvent>::Iterator;

// Whether the rank event `e` becomes an event: not an Extension (it goes with the record before
// it), a SendComplete (an attribute of its MpiSend), an omitted record or a collective never ended.
bool writes_record(const RankEvent& e, const RankLog& log);

// Writes the event of the record at `it` (reading its Extensions after it); `attributes` is the
// encoder's scratch list.
void write_rank_record(EvtFileEncoder& w, RankEventIterator it, const RankLog& log, const ArchivePlan& plan,
                       EventAttributes& attributes);

}  // namespace xo::tracer
