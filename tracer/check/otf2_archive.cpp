#include "otf2_archive.hpp"

#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>

namespace xo::tracer {

namespace {

// OTF2 reports one failure as a cascade of messages, innermost first; the first names the cause
// ("File or directory does not exist: POSIX: '.../0.evt'"), so it is the one kept.
thread_local std::string first_otf2_message;

OTF2_ErrorCode keep_first_message(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code, const char* format,
                                  va_list args) {
  if (first_otf2_message.empty()) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, args);
    first_otf2_message = std::string(OTF2_Error_GetDescription(code)) + ": " + text;
  }
  return code;
}

}  // namespace

Otf2Archive::ErrorCapture::ErrorCapture() : previous_(OTF2_Error_RegisterCallback(keep_first_message, nullptr)) {
  first_otf2_message.clear();
}

// OTF2 does not tell the previous handler's user data; OTF2's default handler takes none.
Otf2Archive::ErrorCapture::~ErrorCapture() { OTF2_Error_RegisterCallback(previous_, nullptr); }

Otf2Archive::Otf2Archive(const std::string& anchor_path) : path_(anchor_path) {
  std::error_code error;
  const auto status = std::filesystem::status(anchor_path, error);
  if (!std::filesystem::exists(status)) {
    throw std::runtime_error("cannot read OTF2 trace " + path_ +
                             ": no such file; give the path of the archive's anchor file (.../traces.otf2)");
  }
  if (std::filesystem::is_directory(status)) {
    throw std::runtime_error("cannot read OTF2 trace " + path_ +
                             ": it is a directory; give the path of the anchor file (.../traces.otf2) inside it");
  }
  reader_.reset(OTF2_Reader_Open(anchor_path.c_str()));
  if (reader_ == nullptr) fail("opening its anchor file", OTF2_ERROR_INVALID);
  check(OTF2_Reader_SetSerialCollectiveCallbacks(reader_.get()), "setting up the reader");
}

void Otf2Archive::read_global_definitions(const OTF2_GlobalDefReaderCallbacks* callbacks, void* user_data) {
  OTF2_GlobalDefReader* defs = OTF2_Reader_GetGlobalDefReader(reader_.get());
  if (defs == nullptr) fail("opening its global definitions", OTF2_ERROR_INVALID);
  check(OTF2_Reader_RegisterGlobalDefCallbacks(reader_.get(), defs, callbacks, user_data), "reading its definitions");
  uint64_t count = 0;
  const OTF2_ErrorCode read = OTF2_Reader_ReadAllGlobalDefinitions(reader_.get(), defs, &count);
  check(OTF2_Reader_CloseGlobalDefReader(reader_.get(), defs), "closing its global definitions");
  check(read, "reading its global definitions");
}

void Otf2Archive::read_events(const std::vector<OTF2_LocationRef>& locations,
                              const OTF2_GlobalEvtReaderCallbacks* callbacks, void* user_data) {
  if (locations.empty()) return;  // no event files to read
  // Only the global event reader is used (lets the SIONlib substrate share its per-location handles).
  OTF2_Boolean global_only = OTF2_TRUE;
  check(OTF2_Reader_SetHint(reader_.get(), OTF2_HINT_GLOBAL_READER, &global_only), "setting up the reader");
  for (OTF2_LocationRef location : locations) {
    check(OTF2_Reader_SelectLocation(reader_.get(), location), "selecting location " + std::to_string(location));
  }
  // Local definition files are optional: an archive written with global ids only needs none. OTF2
  // keeps a definition-chunk-sized buffer (MiBs) for each one it fails to open, so with the POSIX
  // substrate (files <anchor without .otf2>/<location>.def) only those that exist are opened.
  OTF2_FileSubstrate substrate = OTF2_SUBSTRATE_UNDEFINED;
  check(OTF2_Reader_GetFileSubstrate(reader_.get(), &substrate), "reading its file substrate");
  const std::filesystem::path local_files = std::filesystem::path(path_).replace_extension();
  auto may_have_local_definitions = [&](OTF2_LocationRef location) {
    return substrate != OTF2_SUBSTRATE_POSIX ||
           std::filesystem::exists(local_files / (std::to_string(location) + ".def"));
  };
  const bool local_definitions = OTF2_Reader_OpenDefFiles(reader_.get()) == OTF2_SUCCESS;
  first_otf2_message.clear();  // of optional files that are not there: no failure
  check(OTF2_Reader_OpenEvtFiles(reader_.get()), "opening its event files");
  for (OTF2_LocationRef location : locations) {
    if (local_definitions && may_have_local_definitions(location)) {
      if (OTF2_DefReader* defs = OTF2_Reader_GetDefReader(reader_.get(), location)) {
        uint64_t count = 0;
        const OTF2_ErrorCode read = OTF2_Reader_ReadAllLocalDefinitions(reader_.get(), defs, &count);
        check(OTF2_Reader_CloseDefReader(reader_.get(), defs),
              "closing the local definitions of location " + std::to_string(location));
        check(read, "reading the local definitions of location " + std::to_string(location));
      }
      first_otf2_message.clear();
    }
    if (OTF2_Reader_GetEvtReader(reader_.get(), location) == nullptr) {
      fail("opening the events of location " + std::to_string(location), OTF2_ERROR_INVALID);
    }
  }
  if (local_definitions) check(OTF2_Reader_CloseDefFiles(reader_.get()), "closing its local definition files");

  OTF2_GlobalEvtReader* events = OTF2_Reader_GetGlobalEvtReader(reader_.get());
  if (events == nullptr) fail("merging its event streams", OTF2_ERROR_INVALID);
  check(OTF2_Reader_RegisterGlobalEvtCallbacks(reader_.get(), events, callbacks, user_data), "reading its events");
  uint64_t count = 0;
  const OTF2_ErrorCode read = OTF2_Reader_ReadAllGlobalEvents(reader_.get(), events, &count);
  check(OTF2_Reader_CloseGlobalEvtReader(reader_.get(), events), "closing its events");
  check(read, "reading its events");
  check(OTF2_Reader_CloseEvtFiles(reader_.get()), "closing its event files");
}

void Otf2Archive::check(OTF2_ErrorCode code, const std::string& doing) const {
  if (code != OTF2_SUCCESS) fail(doing, code);
}

void Otf2Archive::fail(const std::string& doing, OTF2_ErrorCode code) const {
  const std::string cause = first_otf2_message.empty() ? OTF2_Error_GetDescription(code) : first_otf2_message;
  throw std::runtime_error("cannot read OTF2 trace " + path_ + " (" + doing + "): " + cause +
                           "; the archive is incomplete or corrupt, record it again");
}

}  // namespace xo::tracer
