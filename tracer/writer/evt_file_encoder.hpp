#pragma once
// One location's OTF2 event file, made in memory byte for byte as libotf2 3.x's OTF2_EvtWriter
// makes it (POSIX substrate, no compression, a flush at every full chunk, no flush callback after
// it). Through libotf2 every location costs an event writer registered in the archive (its list of
// locations is searched once per writer: quadratic), a chunk cleared and a file written by the
// calling thread; here a location is a few hundred bytes appended to a buffer of its own, so that
// the archive writer encodes and writes locations on several threads at once (archive_writer.cpp).
//
// The layout (xo/tracer/otf2_buffer_format.hpp, read back by analyzer/model/evt_file_decoder.hpp):
// chunks of the archive's event chunk size, each a header and then records, padded with
// end-of-chunk bytes; a timestamp record before an event whose time is later than the last one's
// (and before every event at time 0, as libotf2 does); an attribute list record before the event
// it belongs to; the file ends after the end-of-file and end-of-buffer marks. Where a record goes
// to a new chunk follows libotf2's upper bound of the record's size, not its real size, so that the
// chunks break where libotf2's would.

#include <otf2/OTF2_GeneralDefinitions.h>

#include <cstdint>
#include <span>
#include <vector>

namespace xo::tracer {

// The attributes of the next event, in the order added (libotf2's OTF2_AttributeList, for the
// types Crossover's writer uses). Taken and cleared by the event written next.
class EventAttributes {
 public:
  static constexpr std::size_t kMost = 4;

  void add_uint64(std::uint32_t id, std::uint64_t value) { add(id, OTF2_TYPE_UINT64, value); }
  void add_int32(std::uint32_t id, std::int32_t value) { add(id, OTF2_TYPE_INT32, static_cast<std::uint32_t>(value)); }
  void add_string_ref(std::uint32_t id, std::uint32_t ref) { add(id, OTF2_TYPE_STRING, ref); }
  void add_calling_context_ref(std::uint32_t id, std::uint32_t ref) { add(id, OTF2_TYPE_CALLING_CONTEXT, ref); }

  std::size_t size() const { return size_; }
  void clear() { size_ = 0; }

  struct Entry {
    std::uint32_t id;
    OTF2_Type type;
    std::uint64_t value;  // an INT32's bits in the low half
  };
  const Entry& operator[](std::size_t i) const { return entries_[i]; }

 private:
  void add(std::uint32_t id, OTF2_Type type, std::uint64_t value);

  Entry entries_[kMost] = {};
  std::size_t size_ = 0;
};

class EvtFileEncoder {
 public:
  using Time = std::uint64_t;

  // `chunk_bytes`: the archive's event chunk size (at least OTF2_CHUNK_SIZE_MIN).
  explicit EvtFileEncoder(std::uint64_t chunk_bytes);

  // Starts a new file, forgetting the last one.
  void start();

  // The records, with the fields of libotf2's OTF2_EvtWriter_<Name>; `attributes` (may be null)
  // go with the record and are cleared.
  void enter(Time t, EventAttributes* attributes, std::uint32_t region);
  void leave(Time t, EventAttributes* attributes, std::uint32_t region);
  void mpi_send(Time t, EventAttributes* attributes, std::uint32_t receiver, std::uint32_t comm, std::uint32_t tag,
                std::uint64_t length);
  void mpi_isend(Time t, EventAttributes* attributes, std::uint32_t receiver, std::uint32_t comm, std::uint32_t tag,
                 std::uint64_t length, std::uint64_t request);
  void mpi_isend_complete(Time t, EventAttributes* attributes, std::uint64_t request);
  void mpi_irecv_request(Time t, EventAttributes* attributes, std::uint64_t request);
  void mpi_recv(Time t, EventAttributes* attributes, std::uint32_t sender, std::uint32_t comm, std::uint32_t tag,
                std::uint64_t length);
  void mpi_irecv(Time t, EventAttributes* attributes, std::uint32_t sender, std::uint32_t comm, std::uint32_t tag,
                 std::uint64_t length, std::uint64_t request);
  void mpi_request_cancelled(Time t, EventAttributes* attributes, std::uint64_t request);
  void mpi_collective_begin(Time t, EventAttributes* attributes);
  void mpi_collective_end(Time t, EventAttributes* attributes, std::uint8_t op, std::uint32_t comm, std::uint32_t root,
                          std::uint64_t sent, std::uint64_t received);
  void non_blocking_collective_request(Time t, EventAttributes* attributes, std::uint64_t request);
  void non_blocking_collective_complete(Time t, EventAttributes* attributes, std::uint8_t op, std::uint32_t comm,
                                        std::uint32_t root, std::uint64_t sent, std::uint64_t received,
                                        std::uint64_t request);
  void comm_create(Time t, EventAttributes* attributes, std::uint32_t comm);
  void comm_destroy(Time t, EventAttributes* attributes, std::uint32_t comm);
  void rma_win_create(Time t, EventAttributes* attributes, std::uint32_t win);
  void rma_win_destroy(Time t, EventAttributes* attributes, std::uint32_t win);
  void rma_collective_begin(Time t, EventAttributes* attributes);
  void rma_collective_end(Time t, EventAttributes* attributes, std::uint8_t op, std::uint32_t sync_level,
                          std::uint32_t win, std::uint32_t root, std::uint64_t sent, std::uint64_t received);
  void rma_group_sync(Time t, EventAttributes* attributes, std::uint32_t sync_level, std::uint32_t win,
                      std::uint32_t group);
  void rma_request_lock(Time t, EventAttributes* attributes, std::uint32_t win, std::uint32_t remote,
                        std::uint64_t lock, std::uint8_t lock_type);
  void rma_acquire_lock(Time t, EventAttributes* attributes, std::uint32_t win, std::uint32_t remote,
                        std::uint64_t lock, std::uint8_t lock_type);
  void rma_release_lock(Time t, EventAttributes* attributes, std::uint32_t win, std::uint32_t remote,
                        std::uint64_t lock);
  void rma_sync(Time t, EventAttributes* attributes, std::uint32_t win, std::uint32_t remote, std::uint8_t sync_type);
  void rma_put(Time t, EventAttributes* attributes, std::uint32_t win, std::uint32_t remote, std::uint64_t bytes,
               std::uint64_t matching);
  void rma_get(Time t, EventAttributes* attributes, std::uint32_t win, std::uint32_t remote, std::uint64_t bytes,
               std::uint64_t matching);
  void rma_atomic(Time t, EventAttributes* attributes, std::uint32_t win, std::uint32_t remote, std::uint8_t type,
                  std::uint64_t sent, std::uint64_t received, std::uint64_t matching);
  void rma_op_complete_blocking(Time t, EventAttributes* attributes, std::uint32_t win, std::uint64_t matching);
  void thread_task_create(Time t, EventAttributes* attributes, std::uint32_t team, std::uint32_t thread,
                          std::uint32_t generation);
  void thread_task_switch(Time t, EventAttributes* attributes, std::uint32_t team, std::uint32_t thread,
                          std::uint32_t generation);
  void thread_task_complete(Time t, EventAttributes* attributes, std::uint32_t team, std::uint32_t thread,
                            std::uint32_t generation);

  // Events written since start().
  std::uint64_t events() const { return events_; }
  // False once an event came earlier than the one before it: libotf2 refuses such an event, and
  // so does this encoder (it is left out).
  bool in_time_order() const { return in_order_; }

  // Ends the file; its bytes, valid until the next start().
  std::span<const std::uint8_t> finish();

 private:
  template <typename... Fields>
  void record(std::uint8_t type, Time t, EventAttributes* attributes, Fields... fields);
  template <typename Field>
  void singleton(std::uint8_t type, Time t, EventAttributes* attributes, Field field);
  std::uint8_t* begin_record(std::uint8_t type, Time t, EventAttributes* attributes, std::uint64_t most_after_list);
  bool begin_event(Time t, std::uint64_t most_bytes);
  void reserve(std::size_t bytes) {
    if (end_ + bytes > bytes_.size()) [[unlikely]]
      grow(bytes);
  }
  void grow(std::size_t bytes);
  void write_attributes(EventAttributes& attributes);
  void new_chunk(Time t);
  void write_chunk_header();

  std::uint64_t chunk_bytes_;
  std::vector<std::uint8_t> bytes_;  // from the first chunk not taken; size() is the capacity
  std::size_t end_ = 0;              // of the bytes written
  std::size_t chunk_begin_ = 0;      // of the chunk being filled
  std::uint64_t events_ = 0;
  Time time_ = 0;  // of the latest timestamp record
  bool in_order_ = true;
};

}  // namespace xo::tracer
