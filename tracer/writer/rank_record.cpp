#include "rank_record.hpp"

#include <algorithm>
#include <cassert>
#include <optional>

namespace xo::tracer {

namespace {

// The attributes of a collective's end or completion whose Extension is `more`: `attributes`
// holding the algorithm if the machine named one, else none.
EventAttributes* algorithm_list(const RankEvent& more, const ArchivePlan& plan, EventAttributes& attributes) {
  if (more.a == kNoName) return nullptr;
  attributes.add_string_ref(kAttributeAlgorithm, plan.algorithm_strings[more.a]);
  return &attributes;
}

// When the blocking send at `send` had its buffer free: from the SendComplete record that follows it
// inside its call (a call holds one blocking send); none if the send never completed.
template <class Iterator>
std::optional<std::uint64_t> buffer_free_of_send(Iterator send, Iterator end) {
  for (Iterator it = send; ++it != end;) {
    switch (it->kind) {
      case RankEventKind::SendComplete: {
        const std::uint64_t before = it->a | static_cast<std::uint64_t>(it->b) << 32;
        const auto time = static_cast<std::uint64_t>(it->time);
        return time - std::min(before, time);
      }
      case RankEventKind::Leave:
      case RankEventKind::Send: return std::nullopt;
      default: break;
    }
  }
  return std::nullopt;
}

}  // namespace

void write_rank_record(EvtFileEncoder& w, RankEventIterator it, const RankLog& log, const ArchivePlan& plan,
                       EventAttributes& attributes) {
  const RankEvent& e = *it;
  const auto t = static_cast<EvtFileEncoder::Time>(e.time);
  switch (e.kind) {
    case RankEventKind::Enter: {
      const OTF2_CallingContextRef site = plan.context(e.wide);
      if (site == OTF2_UNDEFINED_CALLING_CONTEXT) {
        w.enter(t, nullptr, plan.region_of_call[e.a]);
      } else {
        attributes.add_calling_context_ref(kAttributeCallSite, site);
        w.enter(t, &attributes, plan.region_of_call[e.a]);
      }
      break;
    }
    case RankEventKind::Leave: w.leave(t, nullptr, plan.region_of_call[e.a]); break;
    case RankEventKind::Send: {
      const std::optional<std::uint64_t> free = buffer_free_of_send(it, log.events.end());
      if (free) attributes.add_uint64(kAttributeBufferFree, std::max<std::uint64_t>(*free, t));
      w.mpi_send(t, free ? &attributes : nullptr, e.a, plan.comm(e.b), e.c, e.wide);
      break;
    }
    case RankEventKind::SendComplete: break;
    case RankEventKind::Isend: w.mpi_isend(t, nullptr, e.a, plan.comm(e.b), e.c, e.wide, (++it)->wide); break;
    case RankEventKind::IsendComplete: {
      const std::uint64_t before = e.a | static_cast<std::uint64_t>(e.b) << 32;
      attributes.add_uint64(kAttributeBufferFree, t - std::min<std::uint64_t>(before, t));
      w.mpi_isend_complete(t, &attributes, e.wide);
      break;
    }
    case RankEventKind::IrecvRequest: w.mpi_irecv_request(t, nullptr, e.wide); break;
    case RankEventKind::Recv: w.mpi_recv(t, nullptr, e.a, plan.comm(e.b), e.c, e.wide); break;
    case RankEventKind::Irecv: {
      const RankEvent& more = *++it;
      const std::uint64_t before = more.a | static_cast<std::uint64_t>(more.b) << 32;
      attributes.add_uint64(kAttributeArrived, t - std::min<std::uint64_t>(before, t));
      w.mpi_irecv(t, &attributes, e.a, plan.comm(e.b), e.c, e.wide, more.wide);
      break;
    }
    case RankEventKind::RequestCancelled: w.mpi_request_cancelled(t, nullptr, e.wide); break;
    case RankEventKind::CollectiveBegin:
      if (&e == log.open_collective) break;  // never ended
      w.mpi_collective_begin(t, nullptr);
      break;
    case RankEventKind::CollectiveEnd: {
      const RankEvent& more = *++it;
      w.mpi_collective_end(t, algorithm_list(more, plan, attributes), static_cast<OTF2_CollectiveOp>(e.a),
                           plan.comm(e.b), e.c, e.wide, more.wide);
      break;
    }
    case RankEventKind::CollectiveRequest: w.non_blocking_collective_request(t, nullptr, e.wide); break;
    case RankEventKind::CollectiveComplete: {
      const RankEvent& more = *++it;
      const std::uint64_t request = (++it)->wide;
      w.non_blocking_collective_complete(t, algorithm_list(more, plan, attributes), static_cast<OTF2_CollectiveOp>(e.a),
                                         plan.comm(e.b), e.c, e.wide, more.wide, request);
      break;
    }
    case RankEventKind::CommCreate: w.comm_create(t, nullptr, plan.comm(e.b)); break;
    case RankEventKind::CommDestroy: w.comm_destroy(t, nullptr, plan.comm(e.b)); break;
    case RankEventKind::RmaWinCreate: w.rma_win_create(t, nullptr, plan.window(e.b)); break;
    case RankEventKind::RmaWinDestroy: w.rma_win_destroy(t, nullptr, plan.window(e.b)); break;
    case RankEventKind::RmaCollectiveBegin: w.rma_collective_begin(t, nullptr); break;
    case RankEventKind::RmaCollectiveEnd:
      w.rma_collective_end(t, nullptr, static_cast<OTF2_CollectiveOp>(e.a),
                           OTF2_RMA_SYNC_LEVEL_PROCESS | OTF2_RMA_SYNC_LEVEL_MEMORY, plan.window(e.b),
                           OTF2_COLLECTIVE_ROOT_NONE, 0, 0);
      break;
    case RankEventKind::RmaPut: w.rma_put(t, nullptr, plan.window(e.b), e.a, e.wide, (++it)->wide); break;
    case RankEventKind::RmaGet: w.rma_get(t, nullptr, plan.window(e.b), e.a, e.wide, (++it)->wide); break;
    case RankEventKind::RmaAtomic: {
      const RankEvent& more = *++it;
      w.rma_atomic(t, nullptr, plan.window(e.b), e.a, static_cast<OTF2_RmaAtomicType>(e.c), e.wide,
                   more.a | static_cast<std::uint64_t>(more.b) << 32, more.wide);
      break;
    }
    case RankEventKind::RmaOpComplete: w.rma_op_complete_blocking(t, nullptr, plan.window(e.b), e.wide); break;
    case RankEventKind::RmaGroupSync:
      w.rma_group_sync(t, nullptr, static_cast<OTF2_RmaSyncLevel>(e.c), plan.window(e.b), plan.group_of_rma_group[e.a]);
      break;
    case RankEventKind::RmaLock: {
      const auto step = static_cast<mpi::RmaLockStep>(e.c & 0xff);
      const OTF2_LockType type = (e.c >> 8) != 0 ? OTF2_LOCK_EXCLUSIVE : OTF2_LOCK_SHARED;
      const OTF2_RmaWinRef win = plan.window(e.b);
      if (step == mpi::RmaLockStep::Request) {
        w.rma_request_lock(t, nullptr, win, e.a, e.wide, type);
      } else if (step == mpi::RmaLockStep::Acquire) {
        w.rma_acquire_lock(t, nullptr, win, e.a, e.wide, type);
      } else {
        w.rma_release_lock(t, nullptr, win, e.a, e.wide);
      }
      break;
    }
    case RankEventKind::RmaSync: w.rma_sync(t, nullptr, plan.window(e.b), e.a, OTF2_RMA_SYNC_TYPE_MEMORY); break;
    case RankEventKind::Extension: assert(false && "an extension is read with the record before it"); break;
    case RankEventKind::Omitted: break;
  }
}

bool writes_record(const RankEvent& e, const RankLog& log) {
  switch (e.kind) {
    case RankEventKind::SendComplete:
    case RankEventKind::Extension:
    case RankEventKind::Omitted: return false;
    case RankEventKind::CollectiveBegin: return &e != log.open_collective;
    default: return true;
  }
}

}  // namespace xo::tracer
