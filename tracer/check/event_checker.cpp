#include "event_checker.hpp"

#include <algorithm>
#include <string>

namespace xo::tracer {

namespace {

std::string root_text(std::uint32_t root) {
  switch (root) {
    case OTF2_COLLECTIVE_ROOT_NONE: return "no root";
    case OTF2_COLLECTIVE_ROOT_SELF: return "root SELF";
    case OTF2_COLLECTIVE_ROOT_THIS_GROUP: return "root THIS_GROUP";
    default: return "root " + std::to_string(root);
  }
}

// The number a reference value holds: location refs are 64 bits wide, all others 32.
std::uint64_t reference_number(OTF2_Type type, const OTF2_AttributeValue& value) {
  return type == OTF2_TYPE_LOCATION ? value.locationRef : value.uint32;
}

}  // namespace

EventChecker::EventChecker(const Definitions& defs, const CommunicatorMap& comms, ProblemLog& log)
    : defs_(defs), comms_(comms), log_(log), p2p_(defs, comms, log) {
  states_.reserve(defs.locations.size());
  for (std::size_t l = 0; l < defs.locations.size(); ++l) states_.emplace_back(&pool_);
}

EventSite EventChecker::site(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* list) {
  // The reader delivers only the locations the definitions list (read_merged_events).
  const LocationIndex l = defs_.location_index.find(location)->second;
  LocationState& s = states_[l];
  ++events_;
  const EventSite at{l, s, {++s.events, time}};
  if (time < s.last_time) {
    log_.add([&] {
      return site_text(defs_, at) + ": time goes backwards (the location's previous event is at time " +
             std::to_string(s.last_time) + ")";
    });
  }
  s.last_time = time;
  if (OTF2_AttributeList_GetNumberOfElements(list) != 0) check_attributes(at, list);
  return at;
}

void EventChecker::check_attributes(const EventSite& at, OTF2_AttributeList* list) {
  const std::uint32_t count = OTF2_AttributeList_GetNumberOfElements(list);
  for (std::uint32_t i = 0; i < count; ++i) {
    OTF2_AttributeRef id;
    OTF2_Type type;
    OTF2_AttributeValue value;
    if (OTF2_AttributeList_GetAttributeByIndex(list, i, &id, &type, &value) != OTF2_SUCCESS) {
      log_.add(
          [&] { return site_text(defs_, at) + ": its attribute list cannot be read at entry " + std::to_string(i); });
      return;
    }
    auto def = defs_.attributes.find(id);
    if (def == defs_.attributes.end()) {
      log_.add([&] {
        return site_text(defs_, at) + ": carries attribute " + std::to_string(id) + ", which is not defined";
      });
    } else if (def->second.type != type) {
      log_.add([&] {
        return site_text(defs_, at) + ": carries " + defs_.attribute_label(id) + " as " + type_name(type) +
               ", but the attribute is defined as " + type_name(def->second.type);
      });
    } else if (!defs_.resolves(type, value)) {
      log_.add([&] {
        return site_text(defs_, at) + ": carries " + defs_.attribute_label(id) + " whose value is " + type_name(type) +
               " " + std::to_string(reference_number(type, value)) + ", which is not defined";
      });
    }
  }
}

void EventChecker::enter(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                         OTF2_RegionRef region) {
  const EventSite at = site(location, time, attributes);
  if (defs_.regions.count(region) == 0) {
    log_.add([&] {
      return site_text(defs_, at) + ": Enter of region " + std::to_string(region) + ", which is not defined";
    });
  }
  const LocationState& s = at.state;
  if (s.running != LocationState::kImplicitTask && s.tasks[s.running].completed) {
    log_.add([&] {
      return site_text(defs_, at) + ": Enter of " + defs_.region_label(region) + " on " +
             task_text(s.tasks[s.running].creating_thread, s.tasks[s.running].generation) +
             ", which has completed (switch to another task first)";
    });
  }
  at.state.open_regions.push_back({region, at.position});
}

void EventChecker::leave(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                         OTF2_RegionRef region) {
  const EventSite at = site(location, time, attributes);
  if (defs_.regions.count(region) == 0) {
    log_.add([&] {
      return site_text(defs_, at) + ": Leave of region " + std::to_string(region) + ", which is not defined";
    });
  }
  auto& open = at.state.open_regions;
  if (open.empty()) {
    log_.add(
        [&] { return site_text(defs_, at) + ": Leave of " + defs_.region_label(region) + " with no region open"; });
    return;
  }
  if (open.back().region != region) {
    log_.add([&] {
      return site_text(defs_, at) + ": Leave of " + defs_.region_label(region) + ", but the innermost open region is " +
             defs_.region_label(open.back().region) + " (entered at event " +
             std::to_string(open.back().entered.event) + ")";
    });
  }
  open.pop_back();
}

void EventChecker::mpi_collective_begin(OTF2_LocationRef location, OTF2_TimeStamp time,
                                        OTF2_AttributeList* attributes) {
  const EventSite at = site(location, time, attributes);
  if (at.state.collective) {
    log_.add([&] {
      return site_text(defs_, at) + ": MpiCollectiveBegin while the collective begun at event " +
             std::to_string(at.state.collective->begun.event) + " has not ended (collectives do not nest)";
    });
  }
  at.state.collective = OpenCollective{at.position};
}

void EventChecker::mpi_collective_end(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                                      OTF2_CollectiveOp op, OTF2_CommRef comm, std::uint32_t root, std::uint64_t,
                                      std::uint64_t) {
  const EventSite at = site(location, time, attributes);
  if (!at.state.collective) {
    log_.add([&] { return site_text(defs_, at) + ": MpiCollectiveEnd without an MpiCollectiveBegin"; });
  } else {
    const OpenCollective::Handle handle = at.state.collective->handle;
    const bool created = handle == OpenCollective::Handle::Created;
    const bool creates = op == OTF2_COLLECTIVE_OP_CREATE_HANDLE || op == OTF2_COLLECTIVE_OP_CREATE_HANDLE_AND_ALLOCATE;
    const bool destroys =
        op == OTF2_COLLECTIVE_OP_DESTROY_HANDLE || op == OTF2_COLLECTIVE_OP_DESTROY_HANDLE_AND_DEALLOCATE;
    if ((created && !creates) || (handle == OpenCollective::Handle::Destroyed && !destroys)) {
      log_.add([&] {
        return site_text(defs_, at) + ": MpiCollectiveEnd of operation " + collective_op_name(op) + " encloses a " +
               (created ? "CommCreate" : "CommDestroy") + "; OTF2 requires operation " +
               (created ? "CREATE_HANDLE" : "DESTROY_HANDLE");
      });
    }
    at.state.collective.reset();
  }

  check_collective(at, op, comm, root);
}

// MPI requires every member to call the same collectives in the same order (CollectiveMatcher).
void EventChecker::check_collective(const EventSite& at, OTF2_CollectiveOp op, OTF2_CommRef comm, std::uint32_t root) {
  const CommunicatorMap::Comm* c = comms_.find(comm);
  if (c == nullptr) {
    log_.add([&] {
      return site_text(defs_, at) + ": MpiCollectiveEnd on communicator " + std::to_string(comm) +
             ", which is not defined";
    });
    return;
  }
  if (c->kind == CommunicatorMap::Kind::Broken) return;
  const std::size_t ranks = c->kind == CommunicatorMap::Kind::Self ? 1 : c->ranks.size();
  if (c->kind != CommunicatorMap::Kind::Inter && root != OTF2_COLLECTIVE_ROOT_NONE && root >= ranks) {
    log_.add([&] {
      return site_text(defs_, at) + ": MpiCollectiveEnd with " + root_text(root) + ", which is not a rank of " +
             defs_.comm_label(comm);
    });
  }
  const CollectiveMatcher::Record record{op, root, at.location, at.position.event, at.position.time};
  CollectiveMatcher::Record first{};
  std::uint64_t instance = 0;
  switch (collectives_.add(comm, *c, record, &first, &instance)) {
    case CollectiveMatcher::Outcome::Agrees: break;
    case CollectiveMatcher::Outcome::NotMember:
      log_.add([&] {
        return site_text(defs_, at) + ": MpiCollectiveEnd on " + defs_.comm_label(comm) +
               ", which this location is not in";
      });
      break;
    case CollectiveMatcher::Outcome::Differs:
      log_.add([&] {
        return site_text(defs_, at) + ": collective operation " + std::to_string(instance) + " on " +
               defs_.comm_label(comm) + " is " + collective_op_name(op) + " with " + root_text(root) + " here, but " +
               collective_op_name(first.op) + " with " + root_text(first.root) + " at " +
               site_text(defs_, first.location, {first.event, first.time});
      });
      break;
  }
}

void EventChecker::non_blocking_collective_complete(OTF2_LocationRef location, OTF2_TimeStamp time,
                                                    OTF2_AttributeList* attributes, OTF2_CollectiveOp,
                                                    OTF2_CommRef comm, std::uint32_t, std::uint64_t, std::uint64_t,
                                                    std::uint64_t request) {
  const EventSite at = site(location, time, attributes);
  p2p_.collective_complete(at, request);
  if (comms_.find(comm) == nullptr) {
    log_.add([&] {
      return site_text(defs_, at) + ": NonBlockingCollectiveComplete on communicator " + std::to_string(comm) +
             ", which is not defined";
    });
  }
}

void EventChecker::comm_create(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                               OTF2_CommRef comm) {
  comm_handle(site(location, time, attributes), "CommCreate", comm, OpenCollective::Handle::Created);
}

void EventChecker::comm_destroy(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                                OTF2_CommRef comm) {
  comm_handle(site(location, time, attributes), "CommDestroy", comm, OpenCollective::Handle::Destroyed);
}

// OTF2_EvtReaderCallbacks.h (CommCreate, CommDestroy): valid only for a communicator defined with
// OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS, and only inside a collective that creates (destroys) a handle.
void EventChecker::comm_handle(const EventSite& at, const char* record, OTF2_CommRef comm,
                               OpenCollective::Handle handle) {
  auto def = defs_.comms.find(comm);
  if (def == defs_.comms.end()) {
    log_.add([&] {
      return site_text(defs_, at) + ": " + record + " of communicator " + std::to_string(comm) +
             ", which is not defined";
    });
  } else if ((def->second.flags & OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS) == 0) {
    log_.add([&] {
      return site_text(defs_, at) + ": " + record + " of " + defs_.comm_label(comm) +
             ", whose definition lacks OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS, without which OTF2 allows no such event";
    });
  }
  if (at.state.collective) {
    at.state.collective->handle = handle;
    return;
  }
  const bool in_nonblocking_collective =
      std::any_of(at.state.requests.begin(), at.state.requests.end(),
                  [](const auto& r) { return r.second.kind == PendingRequest::Kind::Collective; });
  if (!in_nonblocking_collective) {
    log_.add([&] {
      return site_text(defs_, at) + ": " + record +
             " outside a collective; OTF2 requires an MpiCollectiveBegin/End pair " +
             "(or a nonblocking collective) around it";
    });
  }
}

void EventChecker::finish() {
  for (LocationIndex l = 0; l < states_.size(); ++l) finish_location(l);
  p2p_.finish();
  report_collective_counts();
}

void EventChecker::finish_location(LocationIndex l) {
  LocationState& s = states_[l];
  const auto never_left = [&](const std::vector<OpenRegion>& regions) {
    for (const OpenRegion& open : regions) {
      log_.add([&] {
        return site_text(defs_, l, open.entered) + ": " + defs_.region_label(open.region) + " is never left";
      });
    }
  };
  never_left(s.open_regions);
  never_left(s.implicit_regions);
  for (const TaskState& task : s.tasks) never_left(task.open_regions);
  if (s.collective) {
    log_.add([&] { return site_text(defs_, l, s.collective->begun) + ": MpiCollectiveBegin is never ended"; });
  }
  p2p_.finish_location(l, s);
  const std::uint64_t announced = defs_.locations[l].events;
  if (announced != 0 && announced != s.events) {
    log_.add([&] {
      return defs_.location_label(l) + ": its definition announces " + std::to_string(announced) +
             " events, but it has " + std::to_string(s.events);
    });
  }
}

void EventChecker::report_collective_counts() {
  constexpr std::size_t kListed = 4;
  for (const auto& m : collectives_.count_mismatches()) {
    log_.add([&] {
      std::string text = defs_.comm_label(m.comm);
      if (m.self != kNoLocation) text += " on " + defs_.location_label(m.self);
      text += ": its members recorded different numbers of collective operations: most recorded " +
              std::to_string(m.usual_count) + ", but";
      for (std::size_t i = 0; i < std::min(kListed, m.others.size()); ++i) {
        text += (i == 0 ? " " : ", ") + defs_.location_label(m.others[i].first) + " recorded " +
                std::to_string(m.others[i].second);
      }
      if (m.others.size() > kListed) text += " and " + std::to_string(m.others.size() - kListed) + " more differ";
      return text;
    });
  }
}

}  // namespace xo::tracer
