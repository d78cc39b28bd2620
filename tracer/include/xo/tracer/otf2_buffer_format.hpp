#pragma once
// The bytes of OTF2's buffer format that Crossover's own event file writer and reader share, as
// libotf2 3.x lays them out (its OTF2_Buffer.c and otf2_events_int.h, not installed): the buffer
// marks, the record numbers of the events Crossover writes, and the chunk header's size.

#include <cstddef>
#include <cstdint>

namespace xo::tracer::otf2_buffer {

enum : std::uint8_t {
  kEndOfChunk = 0,
  kEndOfBuffer = 1,
  kEndOfFile = 2,
  kChunkHeader = 3,
  kTimestamp = 5,
  kAttributeList = 6,
  kLittleEndian = 0x42,
  kFirstEvent = 10,
  kEnter = 12,
  kLeave = 13,
  kMpiSend = 14,
  kMpiIsend = 15,
  kMpiIsendComplete = 16,
  kMpiIrecvRequest = 17,
  kMpiRecv = 18,
  kMpiIrecv = 19,
  kMpiRequestTest = 20,
  kMpiRequestCancelled = 21,
  kMpiCollectiveBegin = 22,
  kMpiCollectiveEnd = 23,
  kRmaWinCreate = 35,
  kRmaWinDestroy = 36,
  kRmaCollectiveBegin = 37,
  kRmaCollectiveEnd = 38,
  kRmaGroupSync = 39,
  kRmaRequestLock = 40,
  kRmaAcquireLock = 41,
  kRmaReleaseLock = 43,
  kRmaSync = 44,
  kRmaPut = 46,
  kRmaGet = 47,
  kRmaAtomic = 48,
  kRmaOpCompleteBlocking = 49,
  kThreadTaskCreate = 59,
  kThreadTaskSwitch = 60,
  kThreadTaskComplete = 61,
  kNonBlockingCollectiveRequest = 85,
  kNonBlockingCollectiveComplete = 86,
  kCommCreate = 87,
  kCommDestroy = 88,
};

// A chunk begins with its record, the byte order and the numbers of its first and last event.
inline constexpr std::size_t kChunkHeaderBytes = 2 + 8 + 8;
inline constexpr std::size_t kLastEventOffset = 2 + 8;
// A timestamp record: its number and eight bytes.
inline constexpr std::size_t kTimestampBytes = 1 + 8;
// The most bytes an attribute list entry takes (a compressed id, the type, a compressed value).
inline constexpr std::size_t kAttributeEntryMostBytes = 15;

}  // namespace xo::tracer::otf2_buffer
