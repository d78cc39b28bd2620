#include "evt_file_encoder.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "xo/tracer/otf2_buffer_format.hpp"

namespace xo::tracer {

using namespace otf2_buffer;

// A file records the writer's byte order; libotf2 writes a big-endian host's compressed integers
// from their other end, which this encoder does not.
static_assert(std::endian::native == std::endian::little, "the OTF2 event encoder writes little-endian files");

void EventAttributes::add(std::uint32_t id, OTF2_Type type, std::uint64_t value) {
  // libotf2 replaces nothing either: an id given twice is a writer's bug, and readers refuse it.
  assert(size_ < kMost && "an event of the writer has at most kMost attributes");
  if (size_ < kMost) entries_[size_++] = {id, type, value};
}

namespace {

// The bytes a compressed unsigned integer takes after its size byte: none for 0 and for the
// largest value (the size byte is then the value, 0x00 or 0xff), else its significant bytes.
template <typename Unsigned>
unsigned significant_bytes(Unsigned v) {
  if (v == 0 || v == static_cast<Unsigned>(~Unsigned{0})) return 0;
  return (std::bit_width(v) + 7) / 8;
}

// libotf2's signed compression: a negative value always takes all four bytes.
unsigned significant_bytes_int32(std::int32_t v) {
  if (v < 0) return 4;
  return (std::bit_width(static_cast<std::uint32_t>(v)) + 7) / 8;
}

// The most bytes libotf2 reserves for an attribute list of `count` entries, and the part of it
// its record length covers.
std::uint64_t attribute_data_bytes(std::size_t count) { return count * kAttributeEntryMostBytes + 5; }
std::uint64_t attribute_list_most_bytes(const EventAttributes* attributes) {
  if (attributes == nullptr || attributes->size() == 0) return 0;
  const std::uint64_t data = attribute_data_bytes(attributes->size());
  return 1 + (data < 255 ? 1 : 9) + data;
}

// Writers of the fields at `p`, returning the position after them. The buffer is reserved before.
std::uint8_t* put(std::uint8_t* p, std::uint8_t v) {
  *p = v;
  return p + 1;
}
template <typename Unsigned>
std::uint8_t* put_compressed(std::uint8_t* p, Unsigned v) {
  const unsigned n = significant_bytes(v);
  if (n == 0) return put(p, static_cast<std::uint8_t>(v & 0xff));
  *p = static_cast<std::uint8_t>(n);
  std::memcpy(p + 1, &v, n);
  return p + 1 + n;
}
std::uint8_t* put_int32(std::uint8_t* p, std::int32_t v) {
  const unsigned n = significant_bytes_int32(v);
  *p = static_cast<std::uint8_t>(n);
  std::memcpy(p + 1, &v, n);
  return p + 1 + n;
}
std::uint8_t* put_full(std::uint8_t* p, std::uint64_t v) {
  std::memcpy(p, &v, 8);
  return p + 8;
}

// The fields of a record, each with the most bytes libotf2 counts for it.
struct Raw8 {
  static constexpr std::uint64_t kMost = 1;
  std::uint8_t v;
};
struct U32 {
  static constexpr std::uint64_t kMost = 5;
  std::uint32_t v;
};
struct U64 {
  static constexpr std::uint64_t kMost = 9;
  std::uint64_t v;
};
std::uint8_t* put_field(std::uint8_t* p, Raw8 f) { return put(p, f.v); }
std::uint8_t* put_field(std::uint8_t* p, U32 f) { return put_compressed(p, f.v); }
std::uint8_t* put_field(std::uint8_t* p, U64 f) { return put_compressed(p, f.v); }

// A record length: one byte if libotf2's bound `most` is under 255, else 0xff and eight bytes;
// returns where the fields begin, the length written by finish_length.
std::uint8_t* begin_length(std::uint8_t* p, std::uint64_t most) {
  if (most < 255) return put(p, 0);
  return put_full(put(p, 0xff), 0);
}
void finish_length(std::uint8_t* fields, std::uint8_t* end, std::uint64_t most) {
  const std::uint64_t length = static_cast<std::uint64_t>(end - fields);
  if (most < 255) {
    fields[-1] = static_cast<std::uint8_t>(length);
  } else {
    std::memcpy(fields - 8, &length, 8);
  }
}

}  // namespace

EvtFileEncoder::EvtFileEncoder(std::uint64_t chunk_bytes) : chunk_bytes_(chunk_bytes) { start(); }

void EvtFileEncoder::start() {
  end_ = 0;
  chunk_begin_ = 0;
  events_ = 0;
  time_ = 0;
  in_order_ = true;
  write_chunk_header();
}

void EvtFileEncoder::grow(std::size_t bytes) { bytes_.resize(std::max(2 * bytes_.size(), end_ + bytes + 4096)); }

void EvtFileEncoder::write_chunk_header() {
  reserve(kChunkHeaderBytes);
  std::uint8_t* p = bytes_.data() + end_;
  p = put(p, kChunkHeader);
  p = put(p, kLittleEndian);
  p = put_full(p, events_ + 1);
  p = put_full(p, 0);
  end_ = static_cast<std::size_t>(p - bytes_.data());
}

// As libotf2's OTF2_Buffer_RequestNewChunk: the full chunk learns its last event's number and is
// padded with end-of-chunk bytes; the next starts with its header and the time.
void EvtFileEncoder::new_chunk(Time t) {
  std::memcpy(bytes_.data() + chunk_begin_ + kLastEventOffset, &events_, 8);
  const std::size_t chunk_end = chunk_begin_ + chunk_bytes_;
  reserve(chunk_end - end_ + kChunkHeaderBytes + kTimestampBytes);
  std::memset(bytes_.data() + end_, kEndOfChunk, chunk_end - end_);
  chunk_begin_ = end_ = chunk_end;
  write_chunk_header();
  std::uint8_t* p = put(bytes_.data() + end_, kTimestamp);
  end_ = static_cast<std::size_t>(put_full(p, t) - bytes_.data());
  time_ = t;
}

// As libotf2's OTF2_Buffer_WriteTimeStamp: an event whose record may take `most_bytes` goes to a
// new chunk unless they, a timestamp's bytes and the end-of-chunk byte fit in this one.
bool EvtFileEncoder::begin_event(Time t, std::uint64_t most_bytes) {
  if (t < time_) {
    in_order_ = false;
    return false;
  }
  const std::uint64_t required = most_bytes + kTimestampBytes;
  if (required >= chunk_begin_ + chunk_bytes_ - end_) new_chunk(t);
  reserve(required);
  if (t > time_ || (t == 0 && time_ == 0)) {
    std::uint8_t* p = put(bytes_.data() + end_, kTimestamp);
    end_ = static_cast<std::size_t>(put_full(p, t) - bytes_.data());
    time_ = t;
  }
  ++events_;
  return true;
}

void EvtFileEncoder::write_attributes(EventAttributes& attributes) {
  const std::uint64_t data = attribute_data_bytes(attributes.size());
  std::uint8_t* p = put(bytes_.data() + end_, kAttributeList);
  std::uint8_t* fields = begin_length(p, data);
  p = put_compressed(fields, static_cast<std::uint32_t>(attributes.size()));
  for (std::size_t i = 0; i < attributes.size(); ++i) {
    const EventAttributes::Entry& e = attributes[i];
    p = put_compressed(p, e.id);
    p = put(p, e.type);
    switch (e.type) {
      case OTF2_TYPE_UINT64: p = put_compressed(p, e.value); break;
      case OTF2_TYPE_INT32: p = put_int32(p, static_cast<std::int32_t>(static_cast<std::uint32_t>(e.value))); break;
      default: p = put_compressed(p, static_cast<std::uint32_t>(e.value)); break;  // a reference
    }
  }
  finish_length(fields, p, data);
  end_ = static_cast<std::size_t>(p - bytes_.data());
  attributes.clear();
}

// An event up to its fields: the timestamp and chunk as needed, the attribute list, the record's
// type. `most_after_list`: libotf2's bound of the record's bytes after its type and attribute list.
// Null if the event is refused (its attributes dropped).
std::uint8_t* EvtFileEncoder::begin_record(std::uint8_t type, Time t, EventAttributes* attributes,
                                           std::uint64_t most_after_list) {
  if (!begin_event(t, 1 + attribute_list_most_bytes(attributes) + most_after_list)) {
    if (attributes != nullptr) attributes->clear();
    return nullptr;
  }
  if (attributes != nullptr && attributes->size() != 0) write_attributes(*attributes);
  return put(bytes_.data() + end_, type);
}

// A record with a length (every one but the singletons below): libotf2 bounds its size by the
// type, the attribute list, each field's most bytes and the length's own bytes.
template <typename... Fields>
void EvtFileEncoder::record(std::uint8_t type, Time t, EventAttributes* attributes, Fields... fields) {
  const std::uint64_t data = (std::uint64_t{0} + ... + Fields::kMost);
  std::uint8_t* p = begin_record(type, t, attributes, data + (data < 255 ? 1 : 9));
  if (p == nullptr) return;
  std::uint8_t* begin = begin_length(p, data);
  p = begin;
  ((p = put_field(p, fields)), ...);
  finish_length(begin, p, data);
  end_ = static_cast<std::size_t>(p - bytes_.data());
}

// A record of one compressed field and no length (Enter, Leave, the request records).
template <typename Field>
void EvtFileEncoder::singleton(std::uint8_t type, Time t, EventAttributes* attributes, Field field) {
  std::uint8_t* p = begin_record(type, t, attributes, Field::kMost);
  if (p != nullptr) end_ = static_cast<std::size_t>(put_field(p, field) - bytes_.data());
}

std::span<const std::uint8_t> EvtFileEncoder::finish() {
  reserve(2);
  bytes_[end_++] = kEndOfFile;
  bytes_[end_++] = kEndOfBuffer;
  std::memcpy(bytes_.data() + chunk_begin_ + kLastEventOffset, &events_, 8);
  return {bytes_.data(), end_};
}

// The records. Field order and kinds as libotf2's OTF2_EvtWriter_inc.c writes them.
void EvtFileEncoder::enter(Time t, EventAttributes* a, std::uint32_t region) { singleton(kEnter, t, a, U32{region}); }
void EvtFileEncoder::leave(Time t, EventAttributes* a, std::uint32_t region) { singleton(kLeave, t, a, U32{region}); }
void EvtFileEncoder::mpi_send(Time t, EventAttributes* a, std::uint32_t receiver, std::uint32_t comm, std::uint32_t tag,
                              std::uint64_t length) {
  record(kMpiSend, t, a, U32{receiver}, U32{comm}, U32{tag}, U64{length});
}
void EvtFileEncoder::mpi_isend(Time t, EventAttributes* a, std::uint32_t receiver, std::uint32_t comm,
                               std::uint32_t tag, std::uint64_t length, std::uint64_t request) {
  record(kMpiIsend, t, a, U32{receiver}, U32{comm}, U32{tag}, U64{length}, U64{request});
}
void EvtFileEncoder::mpi_isend_complete(Time t, EventAttributes* a, std::uint64_t request) {
  singleton(kMpiIsendComplete, t, a, U64{request});
}
void EvtFileEncoder::mpi_irecv_request(Time t, EventAttributes* a, std::uint64_t request) {
  singleton(kMpiIrecvRequest, t, a, U64{request});
}
void EvtFileEncoder::mpi_recv(Time t, EventAttributes* a, std::uint32_t sender, std::uint32_t comm, std::uint32_t tag,
                              std::uint64_t length) {
  record(kMpiRecv, t, a, U32{sender}, U32{comm}, U32{tag}, U64{length});
}
void EvtFileEncoder::mpi_irecv(Time t, EventAttributes* a, std::uint32_t sender, std::uint32_t comm, std::uint32_t tag,
                               std::uint64_t length, std::uint64_t request) {
  record(kMpiIrecv, t, a, U32{sender}, U32{comm}, U32{tag}, U64{length}, U64{request});
}
void EvtFileEncoder::mpi_request_cancelled(Time t, EventAttributes* a, std::uint64_t request) {
  singleton(kMpiRequestCancelled, t, a, U64{request});
}
void EvtFileEncoder::mpi_collective_begin(Time t, EventAttributes* a) { record(kMpiCollectiveBegin, t, a); }
void EvtFileEncoder::mpi_collective_end(Time t, EventAttributes* a, std::uint8_t op, std::uint32_t comm,
                                        std::uint32_t root, std::uint64_t sent, std::uint64_t received) {
  record(kMpiCollectiveEnd, t, a, Raw8{op}, U32{comm}, U32{root}, U64{sent}, U64{received});
}
void EvtFileEncoder::non_blocking_collective_request(Time t, EventAttributes* a, std::uint64_t request) {
  record(kNonBlockingCollectiveRequest, t, a, U64{request});
}
void EvtFileEncoder::non_blocking_collective_complete(Time t, EventAttributes* a, std::uint8_t op, std::uint32_t comm,
                                                      std::uint32_t root, std::uint64_t sent, std::uint64_t received,
                                                      std::uint64_t request) {
  record(kNonBlockingCollectiveComplete, t, a, Raw8{op}, U32{comm}, U32{root}, U64{sent}, U64{received}, U64{request});
}
void EvtFileEncoder::comm_create(Time t, EventAttributes* a, std::uint32_t comm) {
  record(kCommCreate, t, a, U32{comm});
}
void EvtFileEncoder::comm_destroy(Time t, EventAttributes* a, std::uint32_t comm) {
  record(kCommDestroy, t, a, U32{comm});
}
void EvtFileEncoder::rma_win_create(Time t, EventAttributes* a, std::uint32_t win) {
  record(kRmaWinCreate, t, a, U32{win});
}
void EvtFileEncoder::rma_win_destroy(Time t, EventAttributes* a, std::uint32_t win) {
  record(kRmaWinDestroy, t, a, U32{win});
}
void EvtFileEncoder::rma_collective_begin(Time t, EventAttributes* a) { record(kRmaCollectiveBegin, t, a); }
void EvtFileEncoder::rma_collective_end(Time t, EventAttributes* a, std::uint8_t op, std::uint32_t sync_level,
                                        std::uint32_t win, std::uint32_t root, std::uint64_t sent,
                                        std::uint64_t received) {
  record(kRmaCollectiveEnd, t, a, Raw8{op}, U32{sync_level}, U32{win}, U32{root}, U64{sent}, U64{received});
}
void EvtFileEncoder::rma_group_sync(Time t, EventAttributes* a, std::uint32_t sync_level, std::uint32_t win,
                                    std::uint32_t group) {
  record(kRmaGroupSync, t, a, U32{sync_level}, U32{win}, U32{group});
}
void EvtFileEncoder::rma_request_lock(Time t, EventAttributes* a, std::uint32_t win, std::uint32_t remote,
                                      std::uint64_t lock, std::uint8_t lock_type) {
  record(kRmaRequestLock, t, a, U32{win}, U32{remote}, U64{lock}, Raw8{lock_type});
}
void EvtFileEncoder::rma_acquire_lock(Time t, EventAttributes* a, std::uint32_t win, std::uint32_t remote,
                                      std::uint64_t lock, std::uint8_t lock_type) {
  record(kRmaAcquireLock, t, a, U32{win}, U32{remote}, U64{lock}, Raw8{lock_type});
}
void EvtFileEncoder::rma_release_lock(Time t, EventAttributes* a, std::uint32_t win, std::uint32_t remote,
                                      std::uint64_t lock) {
  record(kRmaReleaseLock, t, a, U32{win}, U32{remote}, U64{lock});
}
void EvtFileEncoder::rma_sync(Time t, EventAttributes* a, std::uint32_t win, std::uint32_t remote,
                              std::uint8_t sync_type) {
  record(kRmaSync, t, a, U32{win}, U32{remote}, Raw8{sync_type});
}
void EvtFileEncoder::rma_put(Time t, EventAttributes* a, std::uint32_t win, std::uint32_t remote, std::uint64_t bytes,
                             std::uint64_t matching) {
  record(kRmaPut, t, a, U32{win}, U32{remote}, U64{bytes}, U64{matching});
}
void EvtFileEncoder::rma_get(Time t, EventAttributes* a, std::uint32_t win, std::uint32_t remote, std::uint64_t bytes,
                             std::uint64_t matching) {
  record(kRmaGet, t, a, U32{win}, U32{remote}, U64{bytes}, U64{matching});
}
void EvtFileEncoder::rma_atomic(Time t, EventAttributes* a, std::uint32_t win, std::uint32_t remote, std::uint8_t type,
                                std::uint64_t sent, std::uint64_t received, std::uint64_t matching) {
  record(kRmaAtomic, t, a, U32{win}, U32{remote}, Raw8{type}, U64{sent}, U64{received}, U64{matching});
}
void EvtFileEncoder::rma_op_complete_blocking(Time t, EventAttributes* a, std::uint32_t win, std::uint64_t matching) {
  record(kRmaOpCompleteBlocking, t, a, U32{win}, U64{matching});
}
void EvtFileEncoder::thread_task_create(Time t, EventAttributes* a, std::uint32_t team, std::uint32_t thread,
                                        std::uint32_t generation) {
  record(kThreadTaskCreate, t, a, U32{team}, U32{thread}, U32{generation});
}
void EvtFileEncoder::thread_task_switch(Time t, EventAttributes* a, std::uint32_t team, std::uint32_t thread,
                                        std::uint32_t generation) {
  record(kThreadTaskSwitch, t, a, U32{team}, U32{thread}, U32{generation});
}
void EvtFileEncoder::thread_task_complete(Time t, EventAttributes* a, std::uint32_t team, std::uint32_t thread,
                                          std::uint32_t generation) {
  record(kThreadTaskComplete, t, a, U32{team}, U32{thread}, U32{generation});
}

}  // namespace xo::tracer
