#include "reproducible_trace_id.hpp"

#include <otf2/otf2.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace xo::tracer {

namespace {

std::string read_file(const std::filesystem::path& path, const Otf2Status& status) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes(std::istreambuf_iterator<char>(in), {});
  if (!in.good() && !in.eof()) status.fail("reading back " + path.filename().string(), OTF2_ERROR_EIO);
  return bytes;
}

// The identifier OTF2 wrote, read as OTF2 reads it.
std::uint64_t written_trace_id(const std::string& dir, const Otf2Status& status) {
  OTF2_Archive* archive = status.check_handle(
      OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_READ, OTF2_UNDEFINED_UINT64, OTF2_UNDEFINED_UINT64,
                        OTF2_SUBSTRATE_UNDEFINED, OTF2_COMPRESSION_UNDEFINED),
      "reading back the anchor file");
  std::uint64_t id = 0;
  OTF2_ErrorCode code = OTF2_Archive_SetSerialCollectiveCallbacks(archive);
  if (code == OTF2_SUCCESS) code = OTF2_Archive_GetTraceId(archive, &id);
  const OTF2_ErrorCode closed = OTF2_Archive_Close(archive);
  status.check(code, "reading back the trace identifier");
  status.check(closed, "reading back the anchor file");
  return id;
}

// FNV-1a, 64 bits.
std::uint64_t hash(std::uint64_t h, const std::string& bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace

void make_trace_id_reproducible(const std::string& archive_dir, const Otf2Status& status) {
  const std::filesystem::path anchor_path = std::filesystem::path(archive_dir) / "traces.otf2";
  const std::uint64_t id = written_trace_id(archive_dir, status);
  std::string anchor = read_file(anchor_path, status);

  char pattern[sizeof id];
  std::memcpy(pattern, &id, sizeof id);
  const std::string_view needle(pattern, sizeof pattern);
  const std::size_t at = anchor.find(needle);
  if (at == std::string::npos || anchor.find(needle, at + 1) != std::string::npos) return;

  anchor.replace(at, sizeof id, sizeof id, '\0');
  const std::uint64_t reproducible =
      hash(hash(0xcbf29ce484222325ull, anchor), read_file(std::filesystem::path(archive_dir) / "traces.def", status));
  std::memcpy(anchor.data() + at, &reproducible, sizeof reproducible);
  std::ofstream out(anchor_path, std::ios::binary | std::ios::trunc);
  out.write(anchor.data(), static_cast<std::streamsize>(anchor.size()));
  out.close();
  if (!out) status.fail("rewriting the trace identifier in traces.otf2", OTF2_ERROR_EIO);
}

}  // namespace xo::tracer
