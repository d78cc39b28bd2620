#pragma once
// Signs of damage that only the archive as a whole shows, and the refusal of a damaged trace
// (read_trace.hpp's Damage::Refuse). The signs found while events are read (time running backwards,
// an event file whose digest differs) are logged where they are met; these are the ones of the
// archive's set of files and its run description.

#include <string>

#include "definition_index.hpp"
#include "problem_log.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/tracer/otf2_trace_file.hpp"

namespace xo::analyzer {

// In an archive Crossover's writer sealed (xo/tracer/trace_properties.hpp, kPropertyFileDigests):
// the anchor and global definitions must be the pair their writer wrote (the trace identifier),
// every location must have its event file's digest, the definitions must have the ranks the run
// description names, and the event files in traces/ must belong to defined locations.
void check_archive_identity(const tracer::Otf2TraceFile& file, const DefinitionIndex& index, const TraceModel& model,
                            ProblemLog& log);

// Throws the refusal if `problems` holds damage and `damage` is Damage::Refuse.
void refuse_if_damaged(const std::string& anchor_path, const ReadProblems& problems, Damage damage);

}  // namespace xo::analyzer
