#pragma once
// An OTF2 archive opened for reading, by every reader of traces: the trace model (with its
// Otf2EventFiles) and the checker. The path is refused before OTF2 sees it if it is not a readable
// anchor file, and each file is refused if OTF2 did not finish writing it (check_complete). Every
// OTF2 failure becomes a TraceReadError naming the anchor file, what was being read, OTF2's own
// first complaint (which names the file at fault) and the fix.

#include <otf2/otf2.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "xo/tracer/otf2_error_capture.hpp"
#include "xo/tracer/trace_read_error.hpp"

namespace xo::tracer {

// What an archive's anchor file says of the run.
struct AnchorFile {
  std::string creator;
  std::string machine_name;
  std::string description;
  std::map<std::string, std::string> properties;  // every archive property, raw name -> value
};

class Otf2TraceFile {
 public:
  // Throws TraceReadError if the path is not a file or OTF2 cannot open it as an anchor file.
  explicit Otf2TraceFile(std::string anchor_path);

  AnchorFile read_anchor();
  void read_global_definitions(const OTF2_GlobalDefReaderCallbacks* callbacks, void* user_data);

  // Throws a TraceReadError if `code` is a failure: "<doing> failed: <OTF2's cause>; <kFix>".
  void check(OTF2_ErrorCode code, const std::string& doing) const;
  [[noreturn]] void fail(const std::string& problem) const;
  // The fix for a file OTF2 cannot read.
  static constexpr const char* kFix =
      "the archive is incomplete or corrupt: copy the whole archive directory again, or record it again";

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

  // The POSIX substrate's global definition file, <anchor>.def.
  std::string definition_file() const;

  // Closes a reader; readers of events that open the archive again hold theirs the same way.
  struct ReaderClose {
    void operator()(OTF2_Reader* reader) const { OTF2_Reader_Close(reader); }
  };
  // The archive's reader, for a reader of events that reads through it (the checker's merged read).
  OTF2_Reader* reader() const { return reader_.get(); }

 private:
  std::string path_;
  Otf2ErrorCapture errors_;  // OTF2 complains to it, not to stderr, while the file is open
  std::unique_ptr<OTF2_Reader, ReaderClose> reader_;
  bool posix_ = false;        // one file per location, so their presence can be checked first
  bool plain_files_ = false;  // and stored as OTF2 wrote them (no compression)
  std::uint64_t event_chunk_bytes_ = 0;
};

}  // namespace xo::tracer
