#include "event_site.hpp"

namespace xo::tracer {

std::string site_text(const Definitions& defs, LocationIndex location, const EventPosition& position) {
  return defs.location_label(location) + ", event " + std::to_string(position.event) + " (time " +
         std::to_string(position.time) + ")";
}

}  // namespace xo::tracer
