#include "otf2_event_files.hpp"

#include <algorithm>
#include <filesystem>
#include <string>

namespace xo::analyzer {

namespace {

constexpr std::uint64_t kEventsPerChunk = 1 << 20;

}  // namespace

Otf2EventFiles::Otf2EventFiles(const tracer::Otf2TraceFile& file, const std::vector<OTF2_LocationRef>& locations)
    : file_(file), reader_(OTF2_Reader_Open(file.path().c_str())) {
  tracer::Otf2ErrorCapture::clear();  // this thread's messages (otf2_error_capture.hpp)
  if (reader_ == nullptr) file_.check(OTF2_ERROR_INVALID, "opening it again to read events");
  file_.check(OTF2_Reader_SetSerialCollectiveCallbacks(reader_.get()), "setting up an event reader");
  for (OTF2_LocationRef location : locations) {
    file_.check(OTF2_Reader_SelectLocation(reader_.get(), location), "selecting location " + std::to_string(location));
  }
  // Local definitions are optional (an archive with global ids only has none).
  local_definitions_ = OTF2_Reader_OpenDefFiles(reader_.get()) == OTF2_SUCCESS;
  tracer::Otf2ErrorCapture::clear();
  file_.check(OTF2_Reader_OpenEvtFiles(reader_.get()), "opening its event files");
}

std::uint64_t Otf2EventFiles::read_location(OTF2_LocationRef location, std::uint64_t announced,
                                            const OTF2_EvtReaderCallbacks* callbacks, void* user_data,
                                            const std::function<void(std::uint64_t)>& chunk_read) {
  // With the POSIX substrate each location has its own files, which name the culprit best.
  const bool posix = file_.posix();
  const std::string which = "location " + std::to_string(location);
  const std::string events_of =
      "the events of " + which + (posix ? " (" + file_.location_file(location, ".evt") + ")" : "");
  // OTF2 keeps a buffer for every local definition file it tried to open, even a missing one, so
  // with one file per location only the files that exist are opened.
  if (local_definitions_ && (!posix || std::filesystem::exists(file_.location_file(location, ".def")))) {
    if (posix) file_.check_complete(file_.location_file(location, ".def"));
    if (OTF2_DefReader* defs = OTF2_Reader_GetDefReader(reader_.get(), location)) {
      std::uint64_t count = 0;
      const OTF2_ErrorCode read = OTF2_Reader_ReadAllLocalDefinitions(reader_.get(), defs, &count);
      const std::string doing = "reading the local definitions of " + which +
                                (posix ? " (" + file_.location_file(location, ".def") + ")" : "");
      file_.check(read, doing);
      file_.check(OTF2_Reader_CloseDefReader(reader_.get(), defs), doing);
    }
    tracer::Otf2ErrorCapture::clear();  // a missing optional file is no failure
  }
  if (posix) file_.check_complete(file_.location_file(location, ".evt"));
  OTF2_EvtReader* events = OTF2_Reader_GetEvtReader(reader_.get(), location);
  if (events == nullptr) file_.check(OTF2_ERROR_INVALID, "opening " + events_of);
  file_.check(OTF2_Reader_RegisterEvtCallbacks(reader_.get(), events, callbacks, user_data), "reading " + events_of);
  // One event past the announced count shows a file that holds more; reading on would let a
  // damaged file's garbage run as long as it parses. A count of 0 may mean a writer that did not
  // count: that file is read to its end.
  const bool counted = announced != 0 && announced != OTF2_UNDEFINED_UINT64;
  const std::uint64_t most = counted ? announced + 1 : OTF2_UNDEFINED_UINT64;
  std::uint64_t total = 0;
  while (total < most) {
    const std::uint64_t asked = std::min(kEventsPerChunk, most - total);
    std::uint64_t read = 0;
    file_.check(OTF2_Reader_ReadLocalEvents(reader_.get(), events, asked, &read), "reading " + events_of);
    total += read;
    if (chunk_read) chunk_read(read);
    if (read < asked) break;
  }
  file_.check(OTF2_Reader_CloseEvtReader(reader_.get(), events), "closing " + events_of);
  // A file cut at a chunk boundary reads without error: only the count tells.
  if (total < announced) {
    file_.fail(events_of + ": " + std::to_string(total) + " of the " + std::to_string(announced) +
               " events its definition announces are there, the file is truncated; " + tracer::Otf2TraceFile::kFix);
  }
  return total;
}

void Otf2EventFiles::close() {
  if (local_definitions_) {
    file_.check(OTF2_Reader_CloseDefFiles(reader_.get()), "closing its local definition files");
  }
  file_.check(OTF2_Reader_CloseEvtFiles(reader_.get()), "closing its event files");
}

}  // namespace xo::analyzer
