#include "xo/tracer/trace_identity.hpp"

#include <cstring>
#include <string_view>

#include "xo/tracer/file_digest.hpp"

namespace xo::tracer {

std::optional<std::uint64_t> content_trace_id(std::string anchor, std::uint64_t written_id,
                                              const std::string& definitions) {
  char pattern[sizeof written_id];
  std::memcpy(pattern, &written_id, sizeof written_id);
  const std::string_view needle(pattern, sizeof pattern);
  const std::size_t at = anchor.find(needle);
  if (at == std::string::npos || anchor.find(needle, at + 1) != std::string::npos) return std::nullopt;
  anchor.replace(at, sizeof written_id, sizeof written_id, '\0');
  FileDigest digest;
  digest.add(anchor.data(), anchor.size());
  digest.add(definitions.data(), definitions.size());
  return digest.value();
}

}  // namespace xo::tracer
