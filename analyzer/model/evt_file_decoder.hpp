#pragma once
// Crossover's own reader of one location's OTF2 event file, for archives of the POSIX substrate
// without compression (what Crossover writes). libotf2 decodes every field through a function call,
// builds an attribute list object per event and calls back through a pointer; decoding the bytes
// in place costs a fraction of that (bench/analysis_speed).
//
// The format, as libotf2 3.x writes it: the file is a sequence of chunks of the archive's event
// chunk size. A chunk starts with a header (record 3, the byte order, the numbers of its first and
// last event) and holds records up to an end-of-chunk record (0); the last chunk ends with the
// end-of-file record (2) and the end-of-buffer mark (1). A timestamp record (5, 8 bytes) sets the
// time of the events after it; an attribute list record (6) carries the next event's attributes.
// An event is its type byte, then either one compressed integer (the singleton records: Enter,
// Leave, the request-only MPI records) or a record length and its fields. A compressed integer is
// its byte count (0 for zero, 0xff for the undefined value) and that many bytes in the file's
// byte order.
//
// It reads the records Crossover's writer writes, checking every field as libotf2 does. Anything
// else — another record, byte order or attribute type, local definitions (id mappings, clock
// offsets), a damaged or cut file, a file that is not a regular file — is refused with
// DecodingRefused, and the caller reads the archive through libotf2 instead, whose behaviour and
// error messages stay the reference: a refusal is never wrong, only slower.

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "event_attributes.hpp"
#include "event_reader.hpp"
#include "xo/tracer/file_digest.hpp"

namespace xo::analyzer {

struct DecodingRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Whether a location's local definition file holds no definition: missing, or one empty chunk.
bool no_local_definitions(const std::string& path);

class EvtFileDecoder {
 public:
  // Throws DecodingRefused for a chunk size or a host byte order it does not read.
  explicit EvtFileDecoder(std::uint64_t chunk_bytes);

  // Reads every event of the location whose files are `evt_path` and `def_path` into `reader`
  // (begin_location already called), calling `chunk_read` with the number of events after each
  // chunk; returns how many events the file holds. Throws DecodingRefused (see above); the reader
  // may then have taken some of the events.
  std::uint64_t decode(const std::string& evt_path, const std::string& def_path, EventReader& reader,
                       const std::function<void(std::uint64_t)>& chunk_read);

  // The digest of the whole event file last decoded (xo/tracer/file_digest.hpp).
  std::uint64_t digest() const { return digest_.value(); }

 private:
  // Decodes one chunk of `size` bytes; true once the end-of-file record is met.
  bool decode_chunk(std::size_t size, EventReader& reader, std::uint64_t& events);
  void digest_rest(int fd, off_t offset);

  std::uint64_t chunk_bytes_;
  std::vector<std::uint8_t> chunk_;  // one chunk and kSlack bytes (evt_file_decoder.cpp)
  std::uint64_t time_ = 0;           // of the latest timestamp record
  DecodedAttributes attributes_;
  std::string file_;  // being read, for the refusal's message
  tracer::FileDigest digest_;
};

}  // namespace xo::analyzer
