#include "reproducible_trace_id.hpp"

#include <otf2/otf2.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>

#include "xo/tracer/trace_identity.hpp"

namespace xo::tracer {

namespace {

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

}  // namespace

void make_trace_id_reproducible(const std::string& archive_dir, const Otf2Status& status) {
  const std::filesystem::path anchor_path = std::filesystem::path(archive_dir) / "traces.otf2";
  const std::uint64_t id = written_trace_id(archive_dir, status);
  std::string anchor = status.read_back(anchor_path.string());

  const std::optional<std::uint64_t> reproducible =
      content_trace_id(anchor, id, status.read_back(archive_dir + "/traces.def"));
  if (!reproducible) return;
  const std::size_t at = anchor.find(std::string_view(reinterpret_cast<const char*>(&id), sizeof id));
  std::memcpy(anchor.data() + at, &*reproducible, sizeof *reproducible);
  std::ofstream out(anchor_path, std::ios::binary | std::ios::trunc);
  out.write(anchor.data(), static_cast<std::streamsize>(anchor.size()));
  out.close();
  if (!out) status.fail("rewriting the trace identifier in traces.otf2", OTF2_ERROR_EIO);
}

}  // namespace xo::tracer
