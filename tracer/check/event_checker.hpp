#pragma once
// Checks the merged event stream of an archive one event at a time, keeping only what is still
// open (LocationState), then reports what is left open at the end. Every event gets its position
// in its location's stream and is checked for time order and its attributes; regions must nest
// and collectives pair and agree (here), point-to-point records go to PointToPointChecker. One
// method per OTF2 event record looked into; event() takes every other record.

#include <cstdint>
#include <memory_resource>
#include <vector>

#include "collective_matcher.hpp"
#include "communicator_map.hpp"
#include "event_site.hpp"
#include "location_state.hpp"
#include "point_to_point_checker.hpp"
#include "problem_log.hpp"
#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

class EventChecker {
 public:
  EventChecker(const Definitions& defs, const CommunicatorMap& comms, ProblemLog& log);

  // Where OTF2's callbacks end (xo/tracer/otf2_event_routes.hpp): the member, as OTF2 gives the record.
  template <auto Member, typename... Record>
  static void deliver(void* checker, OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                      Record... record) {
    (static_cast<EventChecker*>(checker)->*Member)(location, time, attributes, record...);
  }

  void event(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes) {
    site(location, time, attributes);
  }
  void enter(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes, OTF2_RegionRef region);
  void leave(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes, OTF2_RegionRef region);
  void mpi_send(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes, std::uint32_t receiver,
                OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes) {
    p2p_.send(site(location, time, attributes), receiver, comm, tag, bytes);
  }
  void mpi_isend(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes, std::uint32_t receiver,
                 OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes, std::uint64_t request) {
    p2p_.isend(site(location, time, attributes), receiver, comm, tag, bytes, request);
  }
  void mpi_isend_complete(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                          std::uint64_t request) {
    p2p_.isend_complete(site(location, time, attributes), request);
  }
  void mpi_irecv_request(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                         std::uint64_t request) {
    p2p_.irecv_request(site(location, time, attributes), request);
  }
  void mpi_recv(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes, std::uint32_t sender,
                OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes) {
    p2p_.recv(site(location, time, attributes), sender, comm, tag, bytes);
  }
  void mpi_irecv(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes, std::uint32_t sender,
                 OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes, std::uint64_t request) {
    p2p_.irecv(site(location, time, attributes), sender, comm, tag, bytes, request);
  }
  void mpi_request_test(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                        std::uint64_t request) {
    p2p_.request_test(site(location, time, attributes), request);
  }
  void mpi_request_cancelled(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                             std::uint64_t request) {
    p2p_.request_cancelled(site(location, time, attributes), request);
  }
  void mpi_collective_begin(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes);
  void mpi_collective_end(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                          OTF2_CollectiveOp op, OTF2_CommRef comm, std::uint32_t root, std::uint64_t sent,
                          std::uint64_t received);
  void non_blocking_collective_request(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                                       std::uint64_t request) {
    p2p_.collective_request(site(location, time, attributes), request);
  }
  void non_blocking_collective_complete(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                                        OTF2_CollectiveOp op, OTF2_CommRef comm, std::uint32_t root, std::uint64_t sent,
                                        std::uint64_t received, std::uint64_t request);
  void comm_create(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes, OTF2_CommRef comm);
  void comm_destroy(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes, OTF2_CommRef comm);

  // After the last event: what was left open, messages never matched, collective counts.
  // Tasks (event_checker_tasks.cpp): created once, of a defined thread team, switched to only
  // while created and not completed, completed with no region open. Generation 0 is a thread's
  // implicit task, which needs no creating.
  void thread_task_create(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                          OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation);
  void thread_task_switch(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                          OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation);
  void thread_task_complete(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                            OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation);

  void finish();

  std::uint64_t events() const { return events_; }
  std::uint64_t messages_matched() const { return p2p_.messages_matched(); }

 private:
  // The event's site, after the checks every event gets.
  EventSite site(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes);
  void check_attributes(const EventSite& at, OTF2_AttributeList* list);
  void check_collective(const EventSite& at, OTF2_CollectiveOp op, OTF2_CommRef comm, std::uint32_t root);
  void comm_handle(const EventSite& at, const char* record, OTF2_CommRef comm, OpenCollective::Handle handle);
  void finish_location(LocationIndex location);
  // The location's task with these numbers, or nullptr.
  TaskState* find_task(const EventSite& at, OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation);
  static std::string task_text(std::uint32_t creating_thread, std::uint32_t generation);
  void report_collective_counts();

  const Definitions& defs_;
  const CommunicatorMap& comms_;
  ProblemLog& log_;
  std::pmr::unsynchronized_pool_resource pool_;  // request map nodes, recycled as requests come and go
  std::vector<LocationState> states_;            // by LocationIndex
  PointToPointChecker p2p_;
  CollectiveMatcher collectives_;
  std::uint64_t events_ = 0;
};

}  // namespace xo::tracer
