#pragma once
// What the checker remembers about one location while its events stream by: only what is still
// open (regions, a collective, requests, receives awaiting matching), never the events themselves.

#include <cstdint>
#include <memory_resource>
#include <optional>
#include <unordered_map>
#include <vector>

#include "message_matcher.hpp"
#include "receive_post_queue.hpp"

namespace xo::tracer {

struct EventPosition {
  std::uint64_t event;  // from 1, in the location's stream
  OTF2_TimeStamp time;
};

struct OpenRegion {
  OTF2_RegionRef region;
  EventPosition entered;
};

// An MpiCollectiveBegin awaiting its MpiCollectiveEnd, and the communicator event inside it, if any:
// OTF2 requires a CommCreate (CommDestroy) to sit inside a CREATE_HANDLE (DESTROY_HANDLE) pair.
struct OpenCollective {
  enum class Handle : std::uint8_t { None, Created, Destroyed };
  EventPosition begun;
  Handle handle = Handle::None;
};

struct PendingRequest {
  enum class Kind : std::uint8_t { Isend, Irecv, Collective };
  Kind kind;
  EventPosition posted;
  ReceivePostQueue::Sequence receive = 0;  // Irecv: its place in posting order
  MessageMatcher::Ticket send{};           // Isend: while it waits for its receive (serial 0 if it never did)
};

// A task the location created (ThreadTaskCreate): each task has its own nesting of regions.
struct TaskState {
  OTF2_CommRef team;
  std::uint32_t creating_thread;
  std::uint32_t generation;
  EventPosition created;
  bool completed = false;
  std::vector<OpenRegion> open_regions;  // parked while another task runs
};

struct LocationState {
  explicit LocationState(std::pmr::memory_resource* pool) : requests(pool) {}

  static constexpr std::uint32_t kImplicitTask = 0xffffffffu;

  std::uint64_t events = 0;
  OTF2_TimeStamp last_time = 0;
  std::vector<OpenRegion> open_regions;      // of the running task, innermost last
  std::vector<OpenRegion> implicit_regions;  // the implicit task's, parked while another runs
  std::vector<TaskState> tasks;              // in creation order
  std::uint32_t running = kImplicitTask;     // index into tasks
  std::optional<OpenCollective> collective;
  std::pmr::unordered_map<std::uint64_t, PendingRequest> requests;  // by request id
  ReceivePostQueue receives;
};

}  // namespace xo::tracer
