#include "rank_record.hpp"

#include <algorithm>
#include <cassert>
#include <optional>

namespace xo::tracer {

namespace {

// The attribute list of a collective's end or completion whose Extension is `more`: `attributes`
// holding the algorithm if the machine named one, else none.
OTF2_AttributeList* algorithm_list(const RankEvent& more, const ArchivePlan& plan, OTF2_AttributeList* attributes,
                                   OTF2_ErrorCode& code) {
  if (more.a == kNoName) return nullptr;
  code = OTF2_AttributeList_AddStringRef(attributes, kAttributeAlgorithm, plan.algorithm_strings[more.a]);
  return attributes;
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

OTF2_ErrorCode write_rank_record(OTF2_EvtWriter* w, RankEventIterator it, const RankLog& log, const ArchivePlan& plan,
                                 OTF2_AttributeList* attributes) {
  const RankEvent& e = *it;
  const auto t = static_cast<OTF2_TimeStamp>(e.time);
  OTF2_ErrorCode code = OTF2_SUCCESS;
  switch (e.kind) {
    case RankEventKind::Enter: {
      const OTF2_CallingContextRef site = plan.context(e.wide);
      OTF2_AttributeList* list = nullptr;
      if (site != OTF2_UNDEFINED_CALLING_CONTEXT) {
        code = OTF2_AttributeList_AddCallingContextRef(attributes, kAttributeCallSite, site);
        list = attributes;
      }
      if (code == OTF2_SUCCESS) code = OTF2_EvtWriter_Enter(w, list, t, plan.region_of_call[e.a]);
      break;
    }
    case RankEventKind::Leave: code = OTF2_EvtWriter_Leave(w, nullptr, t, plan.region_of_call[e.a]); break;
    case RankEventKind::Send: {
      const std::optional<std::uint64_t> free = buffer_free_of_send(it, log.events.end());
      if (free)
        code = OTF2_AttributeList_AddUint64(attributes, kAttributeBufferFree, std::max<std::uint64_t>(*free, t));
      if (code == OTF2_SUCCESS) {
        code = OTF2_EvtWriter_MpiSend(w, free ? attributes : nullptr, t, e.a, plan.comm(e.b), e.c, e.wide);
      }
      break;
    }
    case RankEventKind::SendComplete: break;
    case RankEventKind::Isend:
      code = OTF2_EvtWriter_MpiIsend(w, nullptr, t, e.a, plan.comm(e.b), e.c, e.wide, (++it)->wide);
      break;
    case RankEventKind::IsendComplete: {
      const std::uint64_t before = e.a | static_cast<std::uint64_t>(e.b) << 32;
      code = OTF2_AttributeList_AddUint64(attributes, kAttributeBufferFree, t - std::min<std::uint64_t>(before, t));
      if (code == OTF2_SUCCESS) code = OTF2_EvtWriter_MpiIsendComplete(w, attributes, t, e.wide);
      break;
    }
    case RankEventKind::IrecvRequest: code = OTF2_EvtWriter_MpiIrecvRequest(w, nullptr, t, e.wide); break;
    case RankEventKind::Recv: code = OTF2_EvtWriter_MpiRecv(w, nullptr, t, e.a, plan.comm(e.b), e.c, e.wide); break;
    case RankEventKind::Irecv: {
      const RankEvent& more = *++it;
      const std::uint64_t before = more.a | static_cast<std::uint64_t>(more.b) << 32;
      code = OTF2_AttributeList_AddUint64(attributes, kAttributeArrived, t - std::min<std::uint64_t>(before, t));
      if (code == OTF2_SUCCESS)
        code = OTF2_EvtWriter_MpiIrecv(w, attributes, t, e.a, plan.comm(e.b), e.c, e.wide, more.wide);
      break;
    }
    case RankEventKind::RequestCancelled: code = OTF2_EvtWriter_MpiRequestCancelled(w, nullptr, t, e.wide); break;
    case RankEventKind::CollectiveBegin:
      if (&e == log.open_collective) break;  // never ended
      code = OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, t);
      break;
    case RankEventKind::CollectiveEnd: {
      const RankEvent& more = *++it;
      OTF2_AttributeList* list = algorithm_list(more, plan, attributes, code);
      if (code != OTF2_SUCCESS) return code;
      code = OTF2_EvtWriter_MpiCollectiveEnd(w, list, t, static_cast<OTF2_CollectiveOp>(e.a), plan.comm(e.b), e.c,
                                             e.wide, more.wide);
      break;
    }
    case RankEventKind::CollectiveRequest:
      code = OTF2_EvtWriter_NonBlockingCollectiveRequest(w, nullptr, t, e.wide);
      break;
    case RankEventKind::CollectiveComplete: {
      const RankEvent& more = *++it;
      const std::uint64_t request = (++it)->wide;
      OTF2_AttributeList* list = algorithm_list(more, plan, attributes, code);
      if (code != OTF2_SUCCESS) return code;
      code = OTF2_EvtWriter_NonBlockingCollectiveComplete(w, list, t, static_cast<OTF2_CollectiveOp>(e.a),
                                                          plan.comm(e.b), e.c, e.wide, more.wide, request);
      break;
    }
    case RankEventKind::CommCreate: code = OTF2_EvtWriter_CommCreate(w, nullptr, t, plan.comm(e.b)); break;
    case RankEventKind::CommDestroy: code = OTF2_EvtWriter_CommDestroy(w, nullptr, t, plan.comm(e.b)); break;
    case RankEventKind::RmaWinCreate: code = OTF2_EvtWriter_RmaWinCreate(w, nullptr, t, plan.window(e.b)); break;
    case RankEventKind::RmaWinDestroy: code = OTF2_EvtWriter_RmaWinDestroy(w, nullptr, t, plan.window(e.b)); break;
    case RankEventKind::RmaCollectiveBegin: code = OTF2_EvtWriter_RmaCollectiveBegin(w, nullptr, t); break;
    case RankEventKind::RmaCollectiveEnd:
      code = OTF2_EvtWriter_RmaCollectiveEnd(w, nullptr, t, static_cast<OTF2_CollectiveOp>(e.a),
                                             OTF2_RMA_SYNC_LEVEL_PROCESS | OTF2_RMA_SYNC_LEVEL_MEMORY, plan.window(e.b),
                                             OTF2_COLLECTIVE_ROOT_NONE, 0, 0);
      break;
    case RankEventKind::RmaPut:
      code = OTF2_EvtWriter_RmaPut(w, nullptr, t, plan.window(e.b), e.a, e.wide, (++it)->wide);
      break;
    case RankEventKind::RmaGet:
      code = OTF2_EvtWriter_RmaGet(w, nullptr, t, plan.window(e.b), e.a, e.wide, (++it)->wide);
      break;
    case RankEventKind::RmaAtomic: {
      const RankEvent& more = *++it;
      code = OTF2_EvtWriter_RmaAtomic(w, nullptr, t, plan.window(e.b), e.a, static_cast<OTF2_RmaAtomicType>(e.c),
                                      e.wide, more.a | static_cast<std::uint64_t>(more.b) << 32, more.wide);
      break;
    }
    case RankEventKind::RmaOpComplete:
      code = OTF2_EvtWriter_RmaOpCompleteBlocking(w, nullptr, t, plan.window(e.b), e.wide);
      break;
    case RankEventKind::RmaGroupSync:
      code = OTF2_EvtWriter_RmaGroupSync(w, nullptr, t, static_cast<OTF2_RmaSyncLevel>(e.c), plan.window(e.b),
                                         plan.group_of_rma_group[e.a]);
      break;
    case RankEventKind::RmaLock: {
      const auto step = static_cast<mpi::RmaLockStep>(e.c & 0xff);
      const OTF2_LockType type = (e.c >> 8) != 0 ? OTF2_LOCK_EXCLUSIVE : OTF2_LOCK_SHARED;
      const OTF2_RmaWinRef win = plan.window(e.b);
      code = step == mpi::RmaLockStep::Request   ? OTF2_EvtWriter_RmaRequestLock(w, nullptr, t, win, e.a, e.wide, type)
             : step == mpi::RmaLockStep::Acquire ? OTF2_EvtWriter_RmaAcquireLock(w, nullptr, t, win, e.a, e.wide, type)
                                                 : OTF2_EvtWriter_RmaReleaseLock(w, nullptr, t, win, e.a, e.wide);
      break;
    }
    case RankEventKind::RmaSync:
      code = OTF2_EvtWriter_RmaSync(w, nullptr, t, plan.window(e.b), e.a, OTF2_RMA_SYNC_TYPE_MEMORY);
      break;
    case RankEventKind::Extension: assert(false && "an extension is read with the record before it"); break;
    case RankEventKind::Omitted: break;
  }
  return code;
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
