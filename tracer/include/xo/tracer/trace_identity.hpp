#pragma once
// The trace identifier Crossover's writer gives an archive (reproducible_trace_id.hpp): a digest
// of the anchor file, with the identifier's own 8 bytes zeroed, and of the global definition file.
// A reader that computes it again and finds another value holds an anchor and definitions that do
// not belong together, or one of them was changed after writing.

#include <cstdint>
#include <optional>
#include <string>

namespace xo::tracer {

// The identifier for `anchor` (the anchor file's bytes, holding `written_id` as OTF2 wrote it) and
// `definitions` (the global definition file's bytes); nothing if the anchor does not hold
// `written_id` exactly once as 8 bytes in the host's byte order (another OTF2's layout).
std::optional<std::uint64_t> content_trace_id(std::string anchor, std::uint64_t written_id,
                                              const std::string& definitions);

}  // namespace xo::tracer
