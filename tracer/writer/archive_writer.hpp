#pragma once
// Writes a buffered run as an OTF2 archive in Score-P's layout (traces.otf2, traces.def,
// traces/), serially, with the POSIX substrate and no compression. One location's event writer
// is open at a time, so memory stays at one OTF2 chunk however many locations there are.

#include <cstdint>
#include <string>

#include "trace_recorder.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::tracer {

// Returns the number of events written. Throws std::runtime_error if OTF2 fails.
std::uint64_t write_archive(const std::string& archive_dir, const Otf2WriterOptions& options, const TraceRecorder& run);

}  // namespace xo::tracer
