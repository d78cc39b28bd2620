#include "event_callbacks.hpp"

#include <new>

#include "event_checker.hpp"
#include "xo/tracer/otf2_event_routes.hpp"

namespace xo::tracer {

namespace {

template <typename... Rest>
OTF2_CallbackCode any_event(OTF2_LocationRef location, OTF2_TimeStamp time, void* checker,
                            OTF2_AttributeList* attributes, Rest...) {
  static_cast<EventChecker*>(checker)->event(location, time, attributes);
  return OTF2_CALLBACK_SUCCESS;
}

// The record's callback type is deduced from its setter, so one line registers each record.
template <typename... Rest>
void route_any(OTF2_ErrorCode (*set)(OTF2_GlobalEvtReaderCallbacks*, GlobalEventCallback<Rest...>),
               OTF2_GlobalEvtReaderCallbacks* callbacks) {
  registered_event_callback(set(callbacks, &any_event<Rest...>));
}

}  // namespace

EventCallbacks event_checker_callbacks() {
  EventCallbacks owned(OTF2_GlobalEvtReaderCallbacks_New());
  if (owned == nullptr) throw std::bad_alloc();
  OTF2_GlobalEvtReaderCallbacks* c = owned.get();

  // Records whose content is not checked, in the order of OTF2_GlobalEvtReaderCallbacks.h.
  route_any(OTF2_GlobalEvtReaderCallbacks_SetUnknownCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetBufferFlushCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetMeasurementOnOffCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetOmpForkCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetOmpJoinCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetOmpAcquireLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetOmpReleaseLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetOmpTaskCreateCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetOmpTaskSwitchCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetOmpTaskCompleteCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetMetricCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetParameterStringCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetParameterIntCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetParameterUnsignedIntCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaWinCreateCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaWinDestroyCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaCollectiveBeginCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaCollectiveEndCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaGroupSyncCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaRequestLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaAcquireLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaTryLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaReleaseLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaSyncCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaWaitChangeCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaPutCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaGetCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaAtomicCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaOpCompleteBlockingCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaOpCompleteNonBlockingCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaOpTestCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetRmaOpCompleteRemoteCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadForkCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadJoinCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadTeamBeginCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadTeamEndCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadAcquireLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadReleaseLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadCreateCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadBeginCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadWaitCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetThreadEndCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetCallingContextEnterCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetCallingContextLeaveCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetCallingContextSampleCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoCreateHandleCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoDestroyHandleCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoDuplicateHandleCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoSeekCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoChangeStatusFlagsCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoDeleteFileCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoOperationBeginCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoOperationTestCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoOperationIssuedCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoOperationCompleteCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoOperationCancelledCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoAcquireLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoReleaseLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetIoTryLockCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetProgramBeginCallback, c);
  route_any(OTF2_GlobalEvtReaderCallbacks_SetProgramEndCallback, c);

  // The records the trace model interprets too (xo/tracer/otf2_mpi_records.def), then the
  // checker's own.
  route_mpi_records<EventChecker>(c);
  route<EventChecker, &EventChecker::mpi_request_test>(OTF2_GlobalEvtReaderCallbacks_SetMpiRequestTestCallback, c);
  route<EventChecker, &EventChecker::comm_create>(OTF2_GlobalEvtReaderCallbacks_SetCommCreateCallback, c);
  route<EventChecker, &EventChecker::comm_destroy>(OTF2_GlobalEvtReaderCallbacks_SetCommDestroyCallback, c);
  route<EventChecker, &EventChecker::thread_task_create>(OTF2_GlobalEvtReaderCallbacks_SetThreadTaskCreateCallback, c);
  route<EventChecker, &EventChecker::thread_task_switch>(OTF2_GlobalEvtReaderCallbacks_SetThreadTaskSwitchCallback, c);
  route<EventChecker, &EventChecker::thread_task_complete>(OTF2_GlobalEvtReaderCallbacks_SetThreadTaskCompleteCallback,
                                                           c);
  return owned;
}

}  // namespace xo::tracer
