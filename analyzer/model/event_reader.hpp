#pragma once
// Turns one location's events at a time into rows of the model: calls (region instances on rank
// locations), protocol phases (on network lanes), and the records of messages and collectives
// that are matched once every location is read. One method per OTF2 record the model uses (the
// list both readers share, xo/tracer/otf2_mpi_records.def); callbacks() registers exactly those,
// so OTF2 skips every other record.
//
// Per location it keeps only what is open: the stack of entered regions, nonblocking requests
// not yet completed, a collective begun and not ended. Problems are counted, never fatal.
//
// A rank location's calls are the regions of its implicit task. On any other task of it (a
// network lane's, trace_contract.hpp) the protocol phases (hardware paradigm regions) are read,
// each task with its own nesting, and other regions are passed over.
//
// Collectives are numbered per communicator once the location is read, in the order it started
// them (MpiCollectiveBegin, NonBlockingCollectiveRequest), which MPI requires of every member: a
// nonblocking one completes whenever the program waits for it, which may be after a later blocking
// one, and at a different point on each member.

#include <otf2/otf2.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "definition_index.hpp"
#include "event_attributes.hpp"
#include "event_records.hpp"
#include "problem_log.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

class EventReader {
 public:
  // Reads the definitions of `model` (locations, regions, communicators) and writes calls and
  // phases into `out`: the model's own tables, or a part of its own when locations are read on
  // several threads (read_locations appends the parts in read order). A lane found to be a thread of
  // its rank has its kind changed in `location_kinds` (its own row only). A rank's location sets its
  // counts at [rank + 1] of `counts`, for the first_of_rank of the calls and of each message side.
  struct RankCounts {
    std::vector<Index>& calls;
    std::vector<Index>& sends;
    std::vector<Index>& receives;
  };
  struct Output {
    CallTable& calls;
    PhaseTable& phases;
    ReadProblems& problems;
    std::vector<LocationKind>& location_kinds;
    RankCounts counts;
  };
  EventReader(const DefinitionIndex& index, const TraceModel& model, Output out, ProblemLog& log);

  struct CallbacksDelete {
    void operator()(OTF2_EvtReaderCallbacks* c) const { OTF2_EvtReaderCallbacks_Delete(c); }
  };
  // The callbacks to read with, `this` being their user data: the records of
  // xo/tracer/otf2_mpi_records.def, which the checker interprets too.
  static std::unique_ptr<OTF2_EvtReaderCallbacks, CallbacksDelete> callbacks();
  // Where those callbacks end (xo/tracer/otf2_event_routes.hpp): the member, with the attributes
  // decoded; the location is the one being read.
  template <auto Member, typename... Record>
  static void deliver(void* reader, OTF2_LocationRef, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                      Record... record) {
    (static_cast<EventReader*>(reader)->*Member)(time, EventAttributes(attributes), record...);
  }

  // Makes room for what events on rank locations and network lanes can give at most (calls and
  // phases take two events each; a message side takes an event inside a call), so that columns
  // are not copied as they grow. Untouched capacity costs address space, not memory.
  void reserve(std::uint64_t rank_events, std::uint64_t lane_events);

  void begin_location(Index row);
  void end_location();

  void enter(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RegionRef region);
  void leave(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RegionRef region);
  void mpi_send(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint32_t receiver, OTF2_CommRef comm,
                std::uint32_t tag, std::uint64_t bytes);
  void mpi_isend(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint32_t receiver, OTF2_CommRef comm,
                 std::uint32_t tag, std::uint64_t bytes, std::uint64_t request);
  void mpi_isend_complete(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint64_t request);
  void mpi_irecv_request(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint64_t request);
  void mpi_recv(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint32_t sender, OTF2_CommRef comm,
                std::uint32_t tag, std::uint64_t bytes);
  void mpi_irecv(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint32_t sender, OTF2_CommRef comm,
                 std::uint32_t tag, std::uint64_t bytes, std::uint64_t request);
  void mpi_request_cancelled(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint64_t request);
  void mpi_collective_begin(OTF2_TimeStamp time, const EventAttributes& attributes);
  void mpi_collective_end(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_CollectiveOp operation,
                          OTF2_CommRef comm, std::uint32_t root, std::uint64_t sent, std::uint64_t received);
  void non_blocking_collective_request(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint64_t request);
  void non_blocking_collective_complete(OTF2_TimeStamp time, const EventAttributes& attributes,
                                        OTF2_CollectiveOp operation, OTF2_CommRef comm, std::uint32_t root,
                                        std::uint64_t sent, std::uint64_t received, std::uint64_t request);

  // One-sided synchronisation (event_reader_rma.cpp): records that are not in the shared list, as
  // the checker only checks them as any record.
  void rma_collective_end(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_CollectiveOp operation,
                          OTF2_RmaSyncLevel level, OTF2_RmaWinRef window, std::uint32_t root, std::uint64_t sent,
                          std::uint64_t received);
  void rma_group_sync(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RmaSyncLevel level,
                      OTF2_RmaWinRef window, OTF2_GroupRef group);
  void rma_request_lock(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RmaWinRef window,
                        std::uint32_t remote, std::uint64_t lock, OTF2_LockType type);
  void rma_acquire_lock(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RmaWinRef window,
                        std::uint32_t remote, std::uint64_t lock, OTF2_LockType type);
  void rma_release_lock(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RmaWinRef window,
                        std::uint32_t remote, std::uint64_t lock);
  // RmaPut, RmaGet: only which windows a fence closes operations on.
  void rma_transfer(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RmaWinRef window, std::uint32_t remote,
                    std::uint64_t bytes, std::uint64_t matching);
  void rma_atomic(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RmaWinRef window, std::uint32_t remote,
                  OTF2_RmaAtomicType type, std::uint64_t sent, std::uint64_t received, std::uint64_t matching);

  // Tasks: which one the location runs; a completed task's open phases end with it.
  void thread_task_switch(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_CommRef team,
                          std::uint32_t creating_thread, std::uint32_t generation);
  void thread_task_complete(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_CommRef team,
                            std::uint32_t creating_thread, std::uint32_t generation);
  // ThreadTaskCreate: only its time (a task runs once switched to).
  void thread_task_create(OTF2_TimeStamp time, const EventAttributes&, OTF2_CommRef, std::uint32_t, std::uint32_t) {
    at(time);
  }

  EventRecords& records() { return records_; }

 private:
  // Checks the event's time against the location's previous one; its time in seconds.
  double at(OTF2_TimeStamp time);
  // False (after logging) unless this is a rank location, where MPI events belong.
  bool on_rank(const char* record);
  // The innermost call open on this rank location, or kNoIndex.
  Index open_call() const { return stack_.empty() ? kNoIndex : stack_.back(); }
  // Row of a communicator and the world rank of its rank `rank`; false (after logging) if unknown.
  bool peer(OTF2_CommRef comm, std::uint32_t rank, Index& comm_row, RankId& world) const;
  // Row of a collective's communicator and its root's world rank (kNoRank if unrooted); false
  // (after logging) if either cannot be resolved.
  bool resolve_collective(const char* record, OTF2_CommRef comm, std::uint32_t root, Index& comm_row,
                          RankId& root_rank);
  // Replaces the start order in the location's collective records by their sequence per communicator.
  void number_collectives();
  // The call site row an MPI call's Enter names (its "callsite" attribute), kNoIndex if none.
  Index call_site(const EventAttributes& attributes) const;
  void enter_call(double t, Index region, Index site);
  // Appends a phase on the running task (or lane location); its row.
  Index enter_phase(double t, Index region, const EventAttributes& attributes);
  void stop_lane();
  void push_receive_times(bool all);
  // The location's slot for a task other than its implicit one.
  std::uint32_t task_slot(OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation);
  void enter_on_task(double t, Index region, const EventAttributes& attributes);
  void order_phases_by_lane();
  void leave_on_task(double t, OTF2_RegionRef region);

  const DefinitionIndex& index_;
  const TraceModel& model_;
  Output out_;
  ProblemLog& log_;
  EventRecords records_;

  // The location being read.
  Index row_ = kNoIndex;
  LocationKind kind_ = LocationKind::Other;
  RankId rank_ = kNoRank;
  OTF2_TimeStamp last_time_ = 0;
  std::vector<Index> stack_;  // open calls (rank; its implicit task) or phases (lane location)
  // A rank location's other tasks, each with its open phases (kNoIndex for a region passed over).
  struct Task {
    OTF2_CommRef team;
    std::uint32_t creating_thread;
    std::uint32_t generation;
    std::vector<Index> open;
  };
  std::vector<Task> tasks_;
  static constexpr std::uint32_t kImplicitTask = 0xffffffffu;
  std::uint32_t running_ = kImplicitTask;  // slot in tasks_
  // Crossover's lanes: the tasks of the location's first task's team and thread, their slots by
  // generation (kImplicitTask: none).
  bool has_first_task_ = false;
  OTF2_CommRef first_team_ = 0;
  std::uint32_t first_thread_ = 0;
  std::vector<std::uint32_t> slot_of_generation_;
  static constexpr std::uint32_t kMostIndexedGeneration = 1u << 20;
  // Any other task (a foreign trace's OpenMP tasks, of many threads and generations) by its key; a
  // completed one's slot goes to the next new task, so that a run of a million tasks keeps a few.
  struct TaskKey {
    OTF2_CommRef team;
    std::uint32_t creating_thread, generation;
    bool operator==(const TaskKey&) const = default;
  };
  struct TaskKeyHash {
    std::size_t operator()(const TaskKey& k) const noexcept {
      return std::hash<std::uint64_t>()((std::uint64_t{k.team} << 32 | k.creating_thread) * 0x9e3779b97f4a7c15ull ^
                                        k.generation);
    }
  };
  std::unordered_map<TaskKey, std::uint32_t, TaskKeyHash> slot_of_task_;
  std::vector<std::uint32_t> free_task_slots_;
  std::uint32_t new_task_slot(OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation);
  std::size_t first_call_ = 0;  // the rank's first row of the call table
  std::size_t first_send_ = 0;  // ... and of the sides
  std::size_t first_receive_ = 0;
  std::size_t first_phase_ = 0;                                 // the lane's first row of the phase table
  std::unordered_map<std::uint64_t, std::size_t> open_isends_;  // request -> row of records_.sends
  std::unordered_map<std::uint64_t, double> open_irecvs_;       // request -> MpiIrecvRequest time
  std::vector<std::pair<double, Index>> receive_times_due_;     // receives' times and calls, not yet pushed
  std::vector<std::uint32_t> collectives_on_comm_;              // by communicator row
  std::size_t first_collective_ = 0;       // the location's first row of records_.collective_members
  std::uint32_t collectives_started_ = 0;  // blocking and nonblocking, on any communicator
  bool collective_open_ = false;
  double collective_begin_ = 0;
  Index collective_call_ = kNoIndex;
  std::uint32_t collective_order_ = 0;  // the open collective's place among those started
  struct StartedCollective {
    double time;
    Index call;
    std::uint32_t order;
  };
  std::unordered_map<std::uint64_t, StartedCollective> open_collective_requests_;  // by request
  std::unordered_map<std::uint64_t, bool> exclusive_locks_;  // lock id -> exclusive, until released
  std::vector<OTF2_RmaWinRef> issued_since_fence_;           // windows with operations since their fence
};

}  // namespace xo::analyzer
