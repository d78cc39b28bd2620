#pragma once
// An OTF2 archive opened for reading: the only place the model calls OTF2's reader. Every OTF2
// failure becomes a TraceReadError naming the anchor file, what was being read, OTF2's own first
// complaint (which names the file at fault) and the fix.

#include <otf2/otf2.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "otf2_error_capture.hpp"
#include "xo/analyzer/run_description.hpp"

namespace xo::analyzer {

class Otf2TraceFile {
 public:
  // Throws TraceReadError if the path is not a file or OTF2 cannot open it as an anchor file.
  explicit Otf2TraceFile(std::string anchor_path);

  // Creator, machine name, description and every property, from the anchor file.
  void read_anchor(RunDescription& run);
  void read_global_definitions(const OTF2_GlobalDefReaderCallbacks* callbacks, void* user_data);

  // Reading events one location at a time: open_events() once, then read_location() for each of
  // `locations` in any order, then close_events().
  void open_events(const std::vector<OTF2_LocationRef>& locations);
  // Reads the location's local definitions (OTF2 then maps its local ids and corrects its clock)
  // and all of its events, calling `chunk_read` with the count after every chunk of events.
  // Fails if fewer events than `announced` (the location definition's count) are there.
  void read_location(OTF2_LocationRef location, std::uint64_t announced, const OTF2_EvtReaderCallbacks* callbacks,
                     void* user_data, const std::function<void(std::uint64_t)>& chunk_read);
  void close_events();

  [[noreturn]] void fail(const std::string& problem) const;

 private:
  struct ReaderClose {
    void operator()(OTF2_Reader* reader) const { OTF2_Reader_Close(reader); }
  };

  void check(OTF2_ErrorCode code, const std::string& doing) const;
  // Fails unless `file` (of a POSIX, uncompressed archive) ends as OTF2 ends the files it writes.
  void check_complete(const std::string& file) const;
  // Paths of the POSIX substrate's files: <anchor>.def, <anchor>/<location>.evt and .def.
  std::string definition_file() const;
  std::string location_file(OTF2_LocationRef location, const char* extension) const;

  std::string path_;
  Otf2ErrorCapture errors_;
  std::unique_ptr<OTF2_Reader, ReaderClose> reader_;
  bool local_definitions_ = false;  // the local definition files could be opened
  bool posix_ = false;              // one file per location, so their presence can be checked first
  bool plain_files_ = false;        // and stored as OTF2 wrote them (no compression)
};

}  // namespace xo::analyzer
