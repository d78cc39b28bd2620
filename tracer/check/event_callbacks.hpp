#pragma once
// The OTF2 global event reader callbacks that feed an EventChecker (their user data). Every event
// record of OTF2 3.0 is registered, so each is counted and checked for time order and attributes;
// the region and MPI records also go to their own checks.

#include <otf2/otf2.h>

#include <memory>

namespace xo::tracer {

struct EventCallbacksDelete {
  void operator()(OTF2_GlobalEvtReaderCallbacks* callbacks) const { OTF2_GlobalEvtReaderCallbacks_Delete(callbacks); }
};
using EventCallbacks = std::unique_ptr<OTF2_GlobalEvtReaderCallbacks, EventCallbacksDelete>;

EventCallbacks event_checker_callbacks();

}  // namespace xo::tracer
