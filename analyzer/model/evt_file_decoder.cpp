#include "evt_file_decoder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bit>
#include <cstring>
#include <limits>

#include "xo/tracer/otf2_buffer_format.hpp"

namespace xo::analyzer {

namespace {

// Record numbers and marks: xo/tracer/otf2_buffer_format.hpp.
using namespace tracer::otf2_buffer;

constexpr std::size_t kSlack = 8;  // readable bytes after a chunk's end

// A read position that never passes `end`; every read says whether it fitted.
struct Cursor {
  const std::uint8_t* p;
  const std::uint8_t* end;

  bool byte(std::uint8_t& out) {
    if (p >= end) return false;
    out = *p++;
    return true;
  }
  bool raw(void* out, std::size_t bytes) {
    if (static_cast<std::size_t>(end - p) < bytes) return false;
    std::memcpy(out, p, bytes);
    p += bytes;
    return true;
  }
  // A compressed integer of at most `most` bytes (4 or 8).
  bool compressed(std::uint64_t& out, std::size_t most) {
    std::uint8_t size = 0;
    if (!byte(size)) return false;
    if (size == 0xff) {
      out = most == 4 ? std::numeric_limits<std::uint32_t>::max() : std::numeric_limits<std::uint64_t>::max();
      return true;
    }
    if (size > most || static_cast<std::size_t>(end - p) < size) return false;
    // Eight bytes loaded at once and the value's low `size` kept (little-endian host and file): a
    // copy of `size` bytes is done byte-wise through the stack and stalls the load after it. The
    // chunk buffer has kSlack bytes after its end, so the load stays inside it.
    std::uint64_t word = 0;
    std::memcpy(&word, p, 8);
    out = size == 8 ? word : word & ((std::uint64_t{1} << (8 * size)) - 1);
    p += size;
    return true;
  }
  bool u32(std::uint32_t& out) {
    std::uint64_t v = 0;
    if (!compressed(v, 4)) return false;
    out = static_cast<std::uint32_t>(v);
    return true;
  }
  bool u64(std::uint64_t& out) { return compressed(out, 8); }
  // A record length: one byte, or 0xff and eight. The record must end before the chunk does (its
  // end-of-chunk record follows), as libotf2 requires.
  bool record(Cursor& fields) {
    std::uint8_t small = 0;
    if (!byte(small)) return false;
    std::uint64_t length = small;
    if (small == 0xff && !raw(&length, 8)) return false;
    if (static_cast<std::uint64_t>(end - p) <= length) return false;
    fields = {p, p + length};
    p += length;
    return true;
  }
};

// One attribute's value as libotf2 stores it for its type; false for a type not read here.
bool attribute_value(Cursor& c, OTF2_Type type, OTF2_AttributeValue& value) {
  std::uint64_t v = 0;
  switch (type) {
    case OTF2_TYPE_UINT8:
    case OTF2_TYPE_INT8: return c.raw(&value.uint8, 1);
    case OTF2_TYPE_UINT16:
    case OTF2_TYPE_INT16: return c.raw(&value.uint16, 2);
    case OTF2_TYPE_FLOAT: return c.raw(&value.float32, 4);
    case OTF2_TYPE_DOUBLE: return c.raw(&value.float64, 8);
    case OTF2_TYPE_UINT64:
    case OTF2_TYPE_INT64:
    case OTF2_TYPE_LOCATION: return c.u64(value.uint64);
    case OTF2_TYPE_UINT32:
    case OTF2_TYPE_INT32:
    case OTF2_TYPE_STRING:
    case OTF2_TYPE_ATTRIBUTE:
    case OTF2_TYPE_REGION:
    case OTF2_TYPE_GROUP:
    case OTF2_TYPE_METRIC:
    case OTF2_TYPE_COMM:
    case OTF2_TYPE_PARAMETER:
    case OTF2_TYPE_RMA_WIN:
    case OTF2_TYPE_SOURCE_CODE_LOCATION:
    case OTF2_TYPE_CALLING_CONTEXT:
    case OTF2_TYPE_INTERRUPT_GENERATOR:
    case OTF2_TYPE_IO_FILE:
      if (!c.compressed(v, 4)) return false;
      value.uint32 = static_cast<std::uint32_t>(v);
      return true;
    default: return false;
  }
}

// The attribute list record's entries; false if malformed, too long, or holding an id twice.
bool attribute_list(Cursor& fields, DecodedAttributes& out) {
  // libotf2 refuses a record longer than its entries can be (15 bytes at most each, 5 for the count).
  const auto length = static_cast<std::uint64_t>(fields.end - fields.p);
  std::uint32_t count = 0;
  if (!fields.u32(count) || count > DecodedAttributes::kMost ||
      length > std::uint64_t{count} * kAttributeEntryMostBytes + 5)
    return false;
  for (std::uint32_t i = 0; i < count; ++i) {
    DecodedAttributes::Entry& e = out.entries[i];
    std::uint8_t type = 0;
    if (!fields.u32(e.ref) || !fields.byte(type)) return false;
    e.type = type;
    if (!attribute_value(fields, e.type, e.value)) return false;
    for (std::uint32_t j = 0; j < i; ++j) {
      if (out.entries[j].ref == e.ref) return false;
    }
  }
  out.count = count;
  return true;
}

// The one-sided records Crossover's writer writes (libotf2's OTF2_EvtWriter_Rma*): every field is
// decoded; the synchronisation records and the operations go to the reader, the others only count
// as events.
void decode_rma(std::uint8_t type, Cursor& f, std::uint64_t time, const EventAttributes& attributes,
                EventReader& reader, const std::string& file) {
  const auto refuse = [&](const char* what) { throw DecodingRefused(file + ": " + what); };
  std::uint32_t window = 0, remote = 0, level = 0, root = 0, group = 0;
  std::uint64_t first = 0, second = 0, third = 0;
  std::uint8_t op = 0;
  switch (type) {
    case kRmaWinCreate:
    case kRmaWinDestroy:
      if (!f.u32(window)) refuse("a cut RMA record");
      break;
    case kRmaCollectiveBegin: break;
    case kRmaCollectiveEnd:
      if (!f.byte(op) || !f.u32(level) || !f.u32(window) || !f.u32(root) || !f.u64(first) || !f.u64(second)) {
        refuse("a cut RMA record");
      }
      reader.rma_collective_end(time, attributes, op, level, window, root, first, second);
      break;
    case kRmaGroupSync:
      if (!f.u32(level) || !f.u32(window) || !f.u32(group)) refuse("a cut RMA record");
      reader.rma_group_sync(time, attributes, level, window, group);
      break;
    case kRmaRequestLock:
    case kRmaAcquireLock:
      if (!f.u32(window) || !f.u32(remote) || !f.u64(first) || !f.byte(op)) refuse("a cut RMA record");
      if (type == kRmaRequestLock) reader.rma_request_lock(time, attributes, window, remote, first, op);
      if (type == kRmaAcquireLock) reader.rma_acquire_lock(time, attributes, window, remote, first, op);
      break;
    case kRmaReleaseLock:
      if (!f.u32(window) || !f.u32(remote) || !f.u64(first)) refuse("a cut RMA record");
      reader.rma_release_lock(time, attributes, window, remote, first);
      break;
    case kRmaSync:
      if (!f.u32(window) || !f.u32(remote) || !f.byte(op)) refuse("a cut RMA record");
      break;
    case kRmaPut:
    case kRmaGet:
      if (!f.u32(window) || !f.u32(remote) || !f.u64(first) || !f.u64(second)) refuse("a cut RMA record");
      reader.rma_transfer(time, attributes, window, remote, first, second);
      break;
    case kRmaAtomic:
      if (!f.u32(window) || !f.u32(remote) || !f.byte(op) || !f.u64(first) || !f.u64(second) || !f.u64(third)) {
        refuse("a cut RMA record");
      }
      reader.rma_atomic(time, attributes, window, remote, op, first, second, third);
      break;
    case kRmaOpCompleteBlocking:
      if (!f.u32(window) || !f.u64(first)) refuse("a cut RMA record");
      break;
    default:
      // libotf2 decodes every record it knows, failing on damage in any: records other
      // writers use are left to it, so that the two agree on what is damaged.
      refuse("a record Crossover's writer does not write");
  }
}

}  // namespace

bool no_local_definitions(const std::string& path) {
  struct stat status {};
  if (stat(path.c_str(), &status) != 0) return errno == ENOENT;
  if (!S_ISREG(status.st_mode) || status.st_size != static_cast<off_t>(kChunkHeaderBytes + 2)) return false;
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  std::uint8_t bytes[kChunkHeaderBytes + 2];
  const bool read_all = pread(fd, bytes, sizeof bytes, 0) == static_cast<ssize_t>(sizeof bytes);
  close(fd);
  return read_all && bytes[0] == kChunkHeader && bytes[1] == kLittleEndian && bytes[kChunkHeaderBytes] == kEndOfFile &&
         bytes[kChunkHeaderBytes + 1] == kEndOfBuffer;
}

namespace {

class File {
 public:
  explicit File(const std::string& path) : fd_(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)) {}
  ~File() {
    if (fd_ >= 0) close(fd_);
  }
  File(const File&) = delete;
  File& operator=(const File&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

EvtFileDecoder::EvtFileDecoder(std::uint64_t chunk_bytes) : chunk_bytes_(chunk_bytes) {
  if constexpr (std::endian::native != std::endian::little) throw DecodingRefused("not a little-endian host");
  if (chunk_bytes_ <= kChunkHeaderBytes || chunk_bytes_ > (std::uint64_t{1} << 30)) {
    throw DecodingRefused("chunk size " + std::to_string(chunk_bytes_));
  }
  chunk_.resize(chunk_bytes_ + kSlack);
}

std::uint64_t EvtFileDecoder::decode(const std::string& evt_path, const std::string& def_path, EventReader& reader,
                                     const std::function<void(std::uint64_t)>& chunk_read) {
  file_ = evt_path;
  if (!no_local_definitions(def_path)) throw DecodingRefused(def_path + " holds local definitions");
  // Opened without blocking (a FIFO in its place would wait for a writer) and read only if regular.
  const File file(evt_path);
  struct stat status {};
  if (file.fd() < 0 || fstat(file.fd(), &status) != 0 || !S_ISREG(status.st_mode)) {
    throw DecodingRefused(evt_path + " is not a readable file");
  }
  time_ = 0;
  attributes_.count = 0;
  digest_ = tracer::FileDigest();
  std::uint64_t events = 0;
  for (off_t offset = 0;; offset += static_cast<off_t>(chunk_bytes_)) {
    std::size_t size = 0;
    while (size < chunk_bytes_) {
      const ssize_t got =
          pread(file.fd(), chunk_.data() + size, chunk_bytes_ - size, offset + static_cast<off_t>(size));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      size += static_cast<std::size_t>(got);
    }
    if (size == 0) throw DecodingRefused(evt_path + " ends without the end-of-file record");
    digest_.add(chunk_.data(), size);
    const std::uint64_t before = events;
    const bool ended = decode_chunk(size, reader, events);
    if (chunk_read) chunk_read(events - before);
    if (ended) {
      digest_rest(file.fd(), offset + static_cast<off_t>(size));
      return events;
    }
  }
}

// Whatever follows the end-of-file record (nothing, in a file as written) is part of the file.
void EvtFileDecoder::digest_rest(int fd, off_t offset) {
  for (;;) {
    const ssize_t got = pread(fd, chunk_.data(), chunk_bytes_, offset);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return;
    digest_.add(chunk_.data(), static_cast<std::size_t>(got));
    offset += got;
  }
}

bool EvtFileDecoder::decode_chunk(std::size_t size, EventReader& reader, std::uint64_t& events) {
  const auto refuse = [&](const char* what) { throw DecodingRefused(file_ + ": " + what); };
  Cursor c{chunk_.data(), chunk_.data() + size};
  std::uint8_t header[2] = {};
  if (!c.raw(header, 2) || header[0] != kChunkHeader) refuse("no chunk header");
  if (header[1] != kLittleEndian) refuse("another byte order");
  c.p += std::min<std::size_t>(kChunkHeaderBytes - 2, static_cast<std::size_t>(c.end - c.p));
  for (;;) {
    std::uint8_t type = 0;
    if (!c.byte(type)) refuse("no end-of-chunk record");
    if (type == kEndOfChunk) return false;
    if (type == kEndOfFile) {
      std::uint8_t mark = 0;
      if (!c.byte(mark) || mark != kEndOfBuffer || c.p != c.end) refuse("bytes after the end-of-file record");
      return true;
    }
    if (type == kTimestamp) {
      if (!c.raw(&time_, 8)) refuse("a cut timestamp");
      continue;
    }
    if (type == kAttributeList) {
      // libotf2 would merge a second list before one event into the first.
      Cursor fields{};
      if (attributes_.count != 0 || !c.record(fields) || !attribute_list(fields, attributes_)) {
        refuse("an attribute list not read here");
      }
      continue;
    }
    if (type < kFirstEvent) refuse("an unknown buffer record");
    ++events;
    const EventAttributes attributes(attributes_);
    std::uint64_t request = 0;
    std::uint32_t u32 = 0;
    switch (type) {
      case kEnter:
      case kLeave:
        if (!c.u32(u32)) refuse("a cut record");
        if (type == kEnter) reader.enter(time_, attributes, u32);
        if (type == kLeave) reader.leave(time_, attributes, u32);
        break;
      case kMpiIsendComplete:
      case kMpiIrecvRequest:
      case kMpiRequestTest:
      case kMpiRequestCancelled:
        if (!c.u64(request)) refuse("a cut record");
        if (type == kMpiIsendComplete) reader.mpi_isend_complete(time_, attributes, request);
        if (type == kMpiIrecvRequest) reader.mpi_irecv_request(time_, attributes, request);
        if (type == kMpiRequestCancelled) reader.mpi_request_cancelled(time_, attributes, request);
        break;
      default: {
        Cursor f{};
        if (!c.record(f)) refuse("a cut record");
        std::uint32_t peer = 0, comm = 0, tag = 0;
        std::uint64_t bytes = 0, sent = 0, received = 0;
        std::uint8_t op = 0;
        switch (type) {
          case kMpiSend:
          case kMpiRecv:
            if (!f.u32(peer) || !f.u32(comm) || !f.u32(tag) || !f.u64(bytes)) refuse("a cut MPI record");
            if (type == kMpiSend) reader.mpi_send(time_, attributes, peer, comm, tag, bytes);
            if (type == kMpiRecv) reader.mpi_recv(time_, attributes, peer, comm, tag, bytes);
            break;
          case kMpiIsend:
          case kMpiIrecv:
            if (!f.u32(peer) || !f.u32(comm) || !f.u32(tag) || !f.u64(bytes) || !f.u64(request)) {
              refuse("a cut MPI record");
            }
            if (type == kMpiIsend) reader.mpi_isend(time_, attributes, peer, comm, tag, bytes, request);
            if (type == kMpiIrecv) reader.mpi_irecv(time_, attributes, peer, comm, tag, bytes, request);
            break;
          case kMpiCollectiveBegin: reader.mpi_collective_begin(time_, attributes); break;
          case kMpiCollectiveEnd:
          case kNonBlockingCollectiveComplete:
            if (!f.byte(op) || !f.u32(comm) || !f.u32(peer) || !f.u64(sent) || !f.u64(received)) {
              refuse("a cut collective record");
            }
            if (type == kMpiCollectiveEnd) {
              reader.mpi_collective_end(time_, attributes, op, comm, peer, sent, received);
            } else {
              if (!f.u64(request)) refuse("a cut collective record");
              reader.non_blocking_collective_complete(time_, attributes, op, comm, peer, sent, received, request);
            }
            break;
          case kNonBlockingCollectiveRequest:
            if (!f.u64(request)) refuse("a cut collective record");
            reader.non_blocking_collective_request(time_, attributes, request);
            break;
          case kCommCreate:
          case kCommDestroy:
            if (!f.u32(comm)) refuse("a cut communicator record");
            break;  // the model takes communicators from the definitions
          case kThreadTaskCreate:
          case kThreadTaskSwitch:
          case kThreadTaskComplete: {
            std::uint32_t team = 0, thread = 0, generation = 0;
            if (!f.u32(team) || !f.u32(thread) || !f.u32(generation)) refuse("a cut task record");
            if (type == kThreadTaskCreate) reader.thread_task_create(time_, attributes, team, thread, generation);
            if (type == kThreadTaskSwitch) reader.thread_task_switch(time_, attributes, team, thread, generation);
            if (type == kThreadTaskComplete) reader.thread_task_complete(time_, attributes, team, thread, generation);
            break;
          }
          default: decode_rma(type, f, time_, attributes, reader, file_);
        }
      }
    }
    attributes_.count = 0;
  }
}

}  // namespace xo::analyzer
