#include "xo/tracer/otf2_trace_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>

#include "xo/tracer/trace_identity.hpp"

namespace xo::tracer {

namespace {

// What a path that is not a regular file is, for the message refusing it.
std::string file_kind(const std::filesystem::file_status& status) {
  switch (status.type()) {
    case std::filesystem::file_type::directory: return "a directory";
    case std::filesystem::file_type::fifo: return "a FIFO";
    case std::filesystem::file_type::socket: return "a socket";
    case std::filesystem::file_type::block:
    case std::filesystem::file_type::character: return "a device";
    default: return "not a plain file";
  }
}

// The file's bytes, or nothing if it cannot be read.
std::optional<std::string> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return bytes;
}

// Takes a string OTF2 allocated with malloc.
std::string taken(char* text) {
  std::string out = text == nullptr ? "" : text;
  std::free(text);
  return out;
}

}  // namespace

Otf2TraceFile::Otf2TraceFile(std::string anchor_path) : path_(std::move(anchor_path)) {
  std::error_code error;
  const auto status = std::filesystem::status(path_, error);
  if (!std::filesystem::exists(status)) {
    throw TraceReadError("cannot read trace " + path_ +
                         ": no such file; give the path of the archive's anchor file (.../traces.otf2)");
  }
  if (std::filesystem::is_directory(status)) {
    throw TraceReadError("cannot read trace " + path_ +
                         ": it is a directory; give the path of the anchor file inside it (.../traces.otf2)");
  }
  // Before OTF2 opens it: opening a FIFO would wait for a writer for good.
  if (!std::filesystem::is_regular_file(status)) {
    throw TraceReadError("cannot read trace " + path_ + ": it is not a regular file (" + file_kind(status) +
                         "); give the path of an OTF2 archive's anchor file (.../traces.otf2)");
  }
  if (access(path_.c_str(), R_OK) != 0) {
    throw TraceReadError("cannot read trace " + path_ + ": " + std::strerror(errno) +
                         "; make it readable (chmod u+r) or read it as its owner");
  }
  // libotf2 reads past a 1-byte anchor's end (valgrind: an invalid read, a different message each
  // run); every anchor it writes starts with a header of far more bytes than this.
  constexpr std::uintmax_t kShortestAnchor = 16;
  if (const std::uintmax_t size = std::filesystem::file_size(path_, error); !error && size < kShortestAnchor) {
    throw TraceReadError("cannot read trace " + path_ + ": it is not an OTF2 anchor file (" + std::to_string(size) +
                         " bytes, too short to hold its header); give the path of an OTF2 archive's anchor file "
                         "(.../traces.otf2), or copy the archive again if it was cut");
  }
  reader_.reset(OTF2_Reader_Open(path_.c_str()));
  if (reader_ == nullptr) {
    const std::string said = Otf2ErrorCapture::first_message();
    fail("it is not an OTF2 anchor file (" + (said.empty() ? std::string("OTF2 cannot open it") : said) +
         "); give the path of an OTF2 archive's anchor file (.../traces.otf2)");
  }
  check(OTF2_Reader_SetSerialCollectiveCallbacks(reader_.get()), "setting up the reader");
  OTF2_FileSubstrate substrate = OTF2_SUBSTRATE_UNDEFINED;
  check(OTF2_Reader_GetFileSubstrate(reader_.get(), &substrate), "reading its file substrate");
  OTF2_Compression compression = OTF2_COMPRESSION_UNDEFINED;
  check(OTF2_Reader_GetCompression(reader_.get(), &compression), "reading its compression");
  posix_ = substrate == OTF2_SUBSTRATE_POSIX;
  plain_files_ = posix_ && compression == OTF2_COMPRESSION_NONE;
  std::uint64_t definition_chunk_bytes = 0;
  check(OTF2_Reader_GetChunkSize(reader_.get(), &event_chunk_bytes_, &definition_chunk_bytes),
        "reading its chunk sizes");
}

// OTF2's reader fills a chunk buffer from the file and parses it without regard to where the file
// ended, so a cut file makes it parse stale memory (found as a string running over gigabytes).
// OTF2 closes every file it writes with an end-of-file record (2) and the end-of-buffer mark (1);
// a file that does not end so is refused before OTF2 sees it.
void Otf2TraceFile::check_complete(const std::string& file) const {
  if (!plain_files_) return;
  std::error_code error;
  const auto status = std::filesystem::status(file, error);
  if (!std::filesystem::exists(status)) return;  // OTF2 names a missing file itself
  // Refused before anything opens it: a FIFO would hang the read, a directory read as garbage.
  if (!std::filesystem::is_regular_file(status)) {
    fail(file + " is not a regular file (" + file_kind(status) + "); " + kFix);
  }
  if (access(file.c_str(), R_OK) != 0) {
    fail(file + " cannot be read: " + std::strerror(errno) + "; make the archive's files readable (chmod -R u+r)");
  }
  std::ifstream in(file, std::ios::binary | std::ios::ate);
  if (!in) return;
  const std::streamoff size = in.tellg();
  char end[2] = {};
  if (size >= 2) {
    in.seekg(size - 2);
    in.read(end, 2);
  }
  if (size < 2 || !in || end[0] != 2 || end[1] != 1) {
    fail(file + " is truncated (" + std::to_string(size) + " bytes, without OTF2's end-of-file record); " + kFix);
  }
}

AnchorFile Otf2TraceFile::read_anchor() {
  AnchorFile run;
  char* text = nullptr;
  check(OTF2_Reader_GetCreator(reader_.get(), &text), "reading its creator");
  run.creator = taken(text);
  check(OTF2_Reader_GetMachineName(reader_.get(), &text), "reading its machine name");
  run.machine_name = taken(text);
  check(OTF2_Reader_GetDescription(reader_.get(), &text), "reading its description");
  run.description = taken(text);

  std::uint32_t count = 0;
  char** names = nullptr;
  check(OTF2_Reader_GetPropertyNames(reader_.get(), &count, &names), "reading its properties");
  std::unique_ptr<char*, decltype(&std::free)> owned_names(names, &std::free);
  for (std::uint32_t i = 0; i < count; ++i) {
    char* value = nullptr;
    check(OTF2_Reader_GetProperty(reader_.get(), names[i], &value), std::string("reading property ") + names[i]);
    run.properties[names[i]] = taken(value);
  }
  return run;
}

std::optional<bool> Otf2TraceFile::identity_holds() const {
  std::uint64_t id = 0;
  if (!posix_ || OTF2_Reader_GetTraceId(reader_.get(), &id) != OTF2_SUCCESS) return std::nullopt;
  const std::optional<std::string> anchor = file_bytes(path_);
  const std::optional<std::string> definitions = file_bytes(definition_file());
  if (!anchor || !definitions) return std::nullopt;
  const std::optional<std::uint64_t> expected = content_trace_id(*anchor, id, *definitions);
  if (!expected) return false;  // the anchor does not even hold the identifier OTF2 read from it
  return *expected == id;
}

void Otf2TraceFile::read_global_definitions(const OTF2_GlobalDefReaderCallbacks* callbacks, void* user_data) {
  check_complete(definition_file());
  OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader_.get());
  if (defs == nullptr) check(OTF2_ERROR_INVALID, "opening its global definitions (" + definition_file() + ")");
  const std::string doing = "reading its global definitions (" + definition_file() + ")";
  check(OTF2_Reader_RegisterGlobalDefCallbacks(reader_.get(), defs, callbacks, user_data), doing);
  std::uint64_t count = 0;
  const OTF2_ErrorCode read = OTF2_Reader_ReadAllGlobalDefinitions(reader_.get(), defs, &count);
  check(read, doing);
  check(OTF2_Reader_CloseGlobalDefReader(reader_.get(), defs), doing);
}

std::string Otf2TraceFile::definition_file() const {
  return std::filesystem::path(path_).replace_extension(".def").string();
}

std::string Otf2TraceFile::location_file(OTF2_LocationRef location, const char* extension) const {
  return (std::filesystem::path(path_).replace_extension() / (std::to_string(location) + extension)).string();
}

void Otf2TraceFile::check(OTF2_ErrorCode code, const std::string& doing) const {
  if (code == OTF2_SUCCESS) return;
  const std::string said = Otf2ErrorCapture::first_message();
  const std::string cause = said.empty() ? std::string(OTF2_Error_GetDescription(code)) : said;
  fail(doing + " failed: " + cause + "; " + kFix);
}

void Otf2TraceFile::fail(const std::string& problem) const {
  throw TraceReadError("cannot read trace " + path_ + ": " + problem);
}

}  // namespace xo::tracer
