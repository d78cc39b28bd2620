#pragma once
// The run's description on the archive: OTF2's creator, machine name and description, and the
// properties of trace_properties.hpp.

#include <otf2/otf2.h>

#include <map>
#include <optional>
#include <string>

#include "otf2_status.hpp"
#include "trace_recorder.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::tracer {

// The CROSSOVER:: properties of a run (trace_properties.hpp), by name; empty values left out. The
// archive and the profile (run_profile.hpp) carry the same.
std::map<std::string, std::string> run_properties(const mpi::RunInfo& info, const Otf2WriterOptions& options,
                                                  std::optional<int> exit_code,
                                                  const std::optional<mpi::RunFailure>& failure);

void set_archive_properties(OTF2_Archive* archive, const TraceRecorder& run, const Otf2WriterOptions& options,
                            const Otf2Status& status);

}  // namespace xo::tracer
