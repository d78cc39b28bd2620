#pragma once
// The records a run is buffered in until the archive is written: plain 32-byte values appended to
// a log per rank (record_log.hpp), so recording an event is little more than a copy.

#include <cstdint>

#include "xo/reference_mpi/protocol_phase.hpp"

namespace xo::tracer {

enum class RankEventKind : std::uint8_t {
  Enter,               // a: call name id, wide: the program's call site (a return address, 0 if unknown)
  Leave,               // a: call name id
  Send,                // a: peer, b: comm id, c: tag, wide: bytes
  SendComplete,        // the blocking send before it completed: a | b << 32: how long before this
                       // record its buffer became free (written as the MpiSend's attribute, no event)
  Isend,               // as Send, then an Extension with wide: request id
  IsendComplete,       // wide: request id, a | b << 32: how long before it the send's buffer became free
  IrecvRequest,        // wide: request id
  Recv,                // as Send
  Irecv,               // as Send, then an Extension with wide: request id, a | b << 32: how long before
                       // it the message had arrived
  RequestCancelled,    // wide: request id
  CollectiveBegin,     //
  CollectiveEnd,       // a: OTF2_CollectiveOp, b: comm id, c: root, wide: bytes sent, then an Extension
                       // with a: algorithm name id (kNoName if none), wide: bytes received
  CollectiveRequest,   // wide: request id (a nonblocking collective started)
  CollectiveComplete,  // as CollectiveEnd (both records, the operation of the blocking twin), then
                       // an Extension with wide: request id
  CommCreate,          // b: comm id
  CommDestroy,         // b: comm id
  RmaWinCreate,        // b: window id
  RmaWinDestroy,       // b: window id
  RmaCollectiveBegin,  //
  RmaCollectiveEnd,    // a: OTF2_CollectiveOp, b: window id
  RmaPut,              // a: target, b: window id, wide: bytes, then an Extension with wide: matching id
  RmaGet,              // as RmaPut
  RmaAtomic,           // as RmaPut (wide: bytes sent), c: OTF2_RmaAtomicType; the Extension's a | b << 32:
                       // bytes received
  RmaOpComplete,       // b: window id, wide: matching id
  RmaGroupSync,        // a: group id (TraceRecorder::rma_groups), b: window id, c: OTF2_RmaSyncLevel
  RmaLock,             // a: target, b: window id, c: mpi::RmaLockStep | exclusive << 8, wide: lock id
  RmaSync,             // a: target, b: window id (a flush)
  Extension,           // the second half of the record before it
  Omitted,             // a record the writer decided to leave out (a collective that never ended,
                       // the request of one whose completion OTF2 cannot name)
};

inline constexpr std::uint32_t kNoName = 0xffffffffu;

struct RankEvent {
  std::int64_t time;
  std::uint64_t wide;
  std::uint32_t a;
  std::uint32_t b;
  std::uint32_t c;
  RankEventKind kind;
};
static_assert(sizeof(RankEvent) == 32, "a rank event is 32 bytes");

// A protocol phase on its rank's network interface, as reported (not yet sorted).
struct PhaseSpan {
  std::int64_t start;
  std::int64_t end;
  std::int64_t bytes;
  std::int32_t peer;   // world rank, -1 for none
  std::uint16_t path;  // path name id
  mpi::Phase phase;
};
static_assert(sizeof(PhaseSpan) == 32, "a phase span is 32 bytes");

}  // namespace xo::tracer
