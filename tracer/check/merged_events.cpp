#include "merged_events.hpp"

#include <filesystem>
#include <string>

namespace xo::tracer {

void read_merged_events(const Otf2TraceFile& file, const std::vector<OTF2_LocationRef>& locations,
                        const OTF2_GlobalEvtReaderCallbacks* callbacks, void* user_data) {
  if (locations.empty()) return;  // no event files to read
  OTF2_Reader* reader = file.reader();
  // Only the global event reader is used (lets the SIONlib substrate share its per-location handles).
  OTF2_Boolean global_only = OTF2_TRUE;
  file.check(OTF2_Reader_SetHint(reader, OTF2_HINT_GLOBAL_READER, &global_only), "setting up the reader");
  for (OTF2_LocationRef location : locations) {
    file.check(OTF2_Reader_SelectLocation(reader, location), "selecting location " + std::to_string(location));
  }
  // Local definition files are optional: an archive written with global ids only needs none. OTF2
  // keeps a definition-chunk-sized buffer (MiBs) for each one it fails to open, so with the POSIX
  // substrate only those that exist are opened.
  auto may_have_local_definitions = [&](OTF2_LocationRef location) {
    return !file.posix() || std::filesystem::exists(file.location_file(location, ".def"));
  };
  const bool local_definitions = OTF2_Reader_OpenDefFiles(reader) == OTF2_SUCCESS;
  Otf2ErrorCapture::clear();  // of optional files that are not there: no failure
  file.check(OTF2_Reader_OpenEvtFiles(reader), "opening its event files");
  for (OTF2_LocationRef location : locations) {
    if (local_definitions && may_have_local_definitions(location)) {
      if (file.posix()) file.check_complete(file.location_file(location, ".def"));
      if (OTF2_DefReader* defs = OTF2_Reader_GetDefReader(reader, location)) {
        uint64_t count = 0;
        const OTF2_ErrorCode read = OTF2_Reader_ReadAllLocalDefinitions(reader, defs, &count);
        const std::string doing = "reading the local definitions of location " + std::to_string(location);
        file.check(OTF2_Reader_CloseDefReader(reader, defs), doing);
        file.check(read, doing);
      }
      Otf2ErrorCapture::clear();
    }
    if (file.posix()) file.check_complete(file.location_file(location, ".evt"));
    if (OTF2_Reader_GetEvtReader(reader, location) == nullptr) {
      file.check(OTF2_ERROR_INVALID, "opening the events of location " + std::to_string(location));
    }
  }
  if (local_definitions) file.check(OTF2_Reader_CloseDefFiles(reader), "closing its local definition files");

  OTF2_GlobalEvtReader* events = OTF2_Reader_GetGlobalEvtReader(reader);
  if (events == nullptr) file.check(OTF2_ERROR_INVALID, "merging its event streams");
  file.check(OTF2_Reader_RegisterGlobalEvtCallbacks(reader, events, callbacks, user_data), "reading its events");
  uint64_t count = 0;
  const OTF2_ErrorCode read = OTF2_Reader_ReadAllGlobalEvents(reader, events, &count);
  file.check(OTF2_Reader_CloseGlobalEvtReader(reader, events), "closing its events");
  file.check(read, "reading its events");
  file.check(OTF2_Reader_CloseEvtFiles(reader), "closing its event files");
}

}  // namespace xo::tracer
