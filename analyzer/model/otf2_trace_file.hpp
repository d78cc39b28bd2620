#pragma once
// An OTF2 archive opened for reading: with Otf2EventFiles, the only place the model calls OTF2's
// reader. Every OTF2 failure becomes a TraceReadError naming the anchor file, what was being read,
// OTF2's own first complaint (which names the file at fault) and the fix.

#include <otf2/otf2.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

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

  [[noreturn]] void fail(const std::string& problem) const;

  // Whether the archive has a file per location as OTF2 wrote them (POSIX substrate, no
  // compression): then Crossover's own decoder may read them (evt_file_decoder.hpp).
  bool plain_files() const { return plain_files_; }
  std::uint64_t event_chunk_bytes() const { return event_chunk_bytes_; }
  const std::string& path() const { return path_; }  // the anchor file
  // Whether each location has files of its own (the POSIX substrate).
  bool posix() const { return posix_; }
  // Whether the trace identifier is the one Crossover's writer derives from the anchor and global
  // definition files (xo/tracer/trace_identity.hpp); nothing if that cannot be told (another
  // substrate or OTF2 layout). Meaningful for archives Crossover wrote.
  std::optional<bool> identity_holds() const;
  // Fails unless `file` (of a POSIX, uncompressed archive) ends as OTF2 ends the files it writes.
  void check_complete(const std::string& file) const;
  // Paths of the POSIX substrate's files: <anchor>/<location>.evt and .def.
  std::string location_file(OTF2_LocationRef location, const char* extension) const;

  // Closes a reader; Otf2EventFiles holds its own reader the same way.
  struct ReaderClose {
    void operator()(OTF2_Reader* reader) const { OTF2_Reader_Close(reader); }
  };

 private:
  friend class Otf2EventFiles;  // reads events of the same archive, failing as this does

  static constexpr const char* kFix =
      "the archive is incomplete or corrupt: copy the whole archive directory again, or record it again";

  void check(OTF2_ErrorCode code, const std::string& doing) const;
  // The POSIX substrate's global definition file, <anchor>.def.
  std::string definition_file() const;

  std::string path_;
  Otf2ErrorCapture errors_;  // OTF2 complains to it, not to stderr, while the file is open
  std::unique_ptr<OTF2_Reader, ReaderClose> reader_;
  bool posix_ = false;        // one file per location, so their presence can be checked first
  bool plain_files_ = false;  // and stored as OTF2 wrote them (no compression)
  std::uint64_t event_chunk_bytes_ = 0;
};

}  // namespace xo::analyzer
