#pragma once
// The run's description on the archive: OTF2's creator, machine name and description, and the
// properties of trace_properties.hpp.

#include <otf2/otf2.h>

#include "otf2_status.hpp"
#include "trace_recorder.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::tracer {

void set_archive_properties(OTF2_Archive* archive, const TraceRecorder& run, const Otf2WriterOptions& options,
                            const Otf2Status& status);

}  // namespace xo::tracer
