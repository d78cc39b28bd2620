#pragma once
// The event being checked, and how problems name an event: `location 3 "rank 3", event 17 (time 12345)`.

#include <string>

#include "location_state.hpp"
#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

struct EventSite {
  LocationIndex location;
  LocationState& state;
  EventPosition position;
};

std::string site_text(const Definitions& defs, LocationIndex location, const EventPosition& position);
inline std::string site_text(const Definitions& defs, const EventSite& site) {
  return site_text(defs, site.location, site.position);
}

}  // namespace xo::tracer
