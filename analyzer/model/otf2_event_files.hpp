#pragma once
// The events of some of an archive's locations, read through an OTF2 reader of their own. Each
// thread that reads locations (location_reading.hpp) opens one: independent readers share nothing
// OTF2 would have to lock, where one reader shared by the threads serialised them on its locks.
// Failures are those of Otf2TraceFile (xo/tracer): one TraceReadError naming the file at fault and the fix.

#include <otf2/otf2.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "xo/tracer/otf2_trace_file.hpp"

namespace xo::analyzer {

class Otf2EventFiles {
 public:
  // Opens the archive of `file` again and its event (and local definition) files for `locations`,
  // which may then be read in any order.
  Otf2EventFiles(const tracer::Otf2TraceFile& file, const std::vector<OTF2_LocationRef>& locations);

  // Reads the location's local definitions (OTF2 then maps its local ids and corrects its clock)
  // and all of its events, calling `chunk_read` with the count after every chunk of events.
  // Fails if fewer events than `announced` (the location definition's count) are there; reads at
  // most one more, and returns how many it read.
  std::uint64_t read_location(OTF2_LocationRef location, std::uint64_t announced,
                              const OTF2_EvtReaderCallbacks* callbacks, void* user_data,
                              const std::function<void(std::uint64_t)>& chunk_read);
  // Closes the files, failing if OTF2 cannot (the reader itself closes with the object).
  void close();

 private:
  const tracer::Otf2TraceFile& file_;
  std::unique_ptr<OTF2_Reader, tracer::Otf2TraceFile::ReaderClose> reader_;
  bool local_definitions_ = false;  // the local definition files could be opened
};

}  // namespace xo::analyzer
