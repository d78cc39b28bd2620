#pragma once
// Writes a buffered run as an OTF2 archive in Score-P's layout (traces.otf2, traces.def,
// traces/), with the POSIX substrate and no compression. libotf2 writes the anchor and the
// definitions; the event files are encoded here in libotf2's bytes (evt_file_encoder.hpp) and
// written with the empty definition files (location_files.hpp), on every core, each thread a
// location at a time, so that memory stays at a few locations' files however many there are.

#include <cstdint>
#include <string>

#include "trace_recorder.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::tracer {

// Returns the number of events written. Throws std::runtime_error if OTF2 fails.
std::uint64_t write_archive(const std::string& archive_dir, const Otf2WriterOptions& options, const TraceRecorder& run);

}  // namespace xo::tracer
