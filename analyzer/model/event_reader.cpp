#include "event_reader.hpp"

#include <algorithm>
#include <limits>
#include <new>
#include <numeric>
#include <string>
#include <type_traits>

#include "event_attributes.hpp"
#include "xo/analyzer/huge_page_reserve.hpp"
#include "xo/tracer/otf2_event_routes.hpp"

namespace xo::analyzer {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr std::uint16_t kDeepest = std::numeric_limits<std::uint16_t>::max();

// Communicator creation and destruction are not collective operations the analysis times.
bool handles_communicator(OTF2_CollectiveOp op) {
  return op == OTF2_COLLECTIVE_OP_CREATE_HANDLE || op == OTF2_COLLECTIVE_OP_DESTROY_HANDLE ||
         op == OTF2_COLLECTIVE_OP_CREATE_HANDLE_AND_ALLOCATE || op == OTF2_COLLECTIVE_OP_DESTROY_HANDLE_AND_DEALLOCATE;
}

// The row of a string attribute's string, kNoString if absent.
StringId string_row(const EventAttributes& list, OTF2_AttributeRef ref, const RefIndex& strings) {
  OTF2_StringRef string;
  return string_attribute(list, ref, string) ? strings.find(string) : kNoString;
}

}  // namespace

EventReader::EventReader(const DefinitionIndex& index, const TraceModel& model, Output out, ProblemLog& log)
    : index_(index), model_(model), out_(out), log_(log) {}

std::unique_ptr<OTF2_EvtReaderCallbacks, EventReader::CallbacksDelete> EventReader::callbacks() {
  std::unique_ptr<OTF2_EvtReaderCallbacks, CallbacksDelete> owned(OTF2_EvtReaderCallbacks_New());
  if (owned == nullptr) throw std::bad_alloc();
  OTF2_EvtReaderCallbacks* c = owned.get();
  tracer::route_mpi_records<EventReader>(c);
  tracer::route<EventReader, &EventReader::rma_collective_end>(OTF2_EvtReaderCallbacks_SetRmaCollectiveEndCallback, c);
  tracer::route<EventReader, &EventReader::rma_group_sync>(OTF2_EvtReaderCallbacks_SetRmaGroupSyncCallback, c);
  tracer::route<EventReader, &EventReader::rma_request_lock>(OTF2_EvtReaderCallbacks_SetRmaRequestLockCallback, c);
  tracer::route<EventReader, &EventReader::rma_acquire_lock>(OTF2_EvtReaderCallbacks_SetRmaAcquireLockCallback, c);
  tracer::route<EventReader, &EventReader::rma_release_lock>(OTF2_EvtReaderCallbacks_SetRmaReleaseLockCallback, c);
  tracer::route<EventReader, &EventReader::rma_transfer>(OTF2_EvtReaderCallbacks_SetRmaPutCallback, c);
  tracer::route<EventReader, &EventReader::rma_transfer>(OTF2_EvtReaderCallbacks_SetRmaGetCallback, c);
  tracer::route<EventReader, &EventReader::rma_atomic>(OTF2_EvtReaderCallbacks_SetRmaAtomicCallback, c);
  tracer::route<EventReader, &EventReader::thread_task_create>(OTF2_EvtReaderCallbacks_SetThreadTaskCreateCallback, c);
  tracer::route<EventReader, &EventReader::thread_task_switch>(OTF2_EvtReaderCallbacks_SetThreadTaskSwitchCallback, c);
  tracer::route<EventReader, &EventReader::thread_task_complete>(OTF2_EvtReaderCallbacks_SetThreadTaskCompleteCallback,
                                                                 c);
  return owned;
}

void EventReader::reserve(std::uint64_t rank_events, std::uint64_t lane_events) {
  CallTable& calls = out_.calls;
  const std::size_t most_calls = rank_events / 2;
  calls.region.reserve(most_calls);
  reserve_on_huge_pages(calls.enter, most_calls);
  reserve_on_huge_pages(calls.leave, most_calls);
  PhaseTable& phases = out_.phases;
  const std::size_t most_phases = (rank_events + lane_events) / 2;  // a rank's lanes are tasks of its location
  phases.region.reserve(most_phases);
  reserve_on_huge_pages(phases.start, most_phases);
  reserve_on_huge_pages(phases.end, most_phases);
  phases.protocol.reserve(most_phases);
  phases.bytes.reserve(most_phases);
  reserve_on_huge_pages(phases.peer, most_phases);
  std::apply([&](auto... column) { (reserve_on_huge_pages(records_.sends.*column, rank_events / 3), ...); },
             SendSides::kColumns);
  std::apply([&](auto... column) { ((records_.sends.*column).reserve(rank_events / 3), ...); },
             SendSides::kNarrowColumns);
  std::apply([&](auto... column) { (reserve_on_huge_pages(records_.receives.*column, rank_events / 3), ...); },
             ReceiveSides::kColumns);
  std::apply([&](auto... column) { ((records_.receives.*column).reserve(rank_events / 3), ...); },
             ReceiveSides::kNarrowColumns);
}

void EventReader::begin_location(Index row) {
  row_ = row;
  kind_ = model_.locations.kind[row];
  rank_ = model_.locations.world_rank[row];
  last_time_ = 0;
  stack_.clear();
  tasks_.clear();
  has_first_task_ = false;
  slot_of_generation_.clear();
  slot_of_task_.clear();
  free_task_slots_.clear();
  running_ = kImplicitTask;
  first_call_ = out_.calls.size();
  first_send_ = records_.sends.size();
  first_receive_ = records_.receives.size();
  first_phase_ = out_.phases.size();
  open_isends_.clear();
  open_irecvs_.clear();
  open_collective_requests_.clear();
  exclusive_locks_.clear();
  issued_since_fence_.clear();
  collective_open_ = false;
  collectives_started_ = 0;
  first_collective_ = records_.collective_members.size();
  if (kind_ == LocationKind::Rank) collectives_on_comm_.assign(model_.communicators.size(), 0);
}

void EventReader::end_location() {
  // What is still open ends with the location's last event.
  const double last = index_.seconds(last_time_);
  for (const Task& task : tasks_) {
    for (Index phase : task.open) {
      if (phase != kNoIndex) out_.phases.end[phase] = last;
    }
  }
  if (kind_ == LocationKind::Rank) {
    if (!tasks_.empty()) order_phases_by_lane();
    number_collectives();
    for (Index call : stack_) out_.calls.leave[call] = last;
    push_receive_times(/*all=*/true);
    const auto rank = static_cast<std::size_t>(rank_) + 1;
    out_.counts.calls[rank] = static_cast<Index>(out_.calls.size() - first_call_);
    out_.counts.sends[rank] = static_cast<Index>(records_.sends.size() - first_send_);
    out_.counts.receives[rank] = static_cast<Index>(records_.receives.size() - first_receive_);
    if (!stack_.empty()) {
      const auto open = stack_.size();
      log_.add(&ReadProblems::calls_left_open, [&] {
        return model_.locations.name[row_] + ": " + std::to_string(open) + " region(s) entered and never left";
      });
      out_.problems.calls_left_open += open - 1;
    }
  } else if (kind_ == LocationKind::NetworkLane) {
    for (Index phase : stack_) out_.phases.end[phase] = last;
  }
}

double EventReader::at(OTF2_TimeStamp time) {
  if (time < last_time_) {
    log_.add(&ReadProblems::events_out_of_order, [&] {
      return model_.locations.name[row_] + ": an event at tick " + std::to_string(time) + " follows one at tick " +
             std::to_string(last_time_);
    });
  } else {
    last_time_ = time;
  }
  return index_.seconds(time);
}

bool EventReader::on_rank(const char* record) {
  if (kind_ == LocationKind::Rank) return true;
  log_.add(&ReadProblems::events_off_ranks, [&] {
    return model_.locations.name[row_] + ": " + record + " on a location that is not an MPI rank; ignored";
  });
  return false;
}

bool EventReader::peer(OTF2_CommRef comm, std::uint32_t rank, Index& comm_row, RankId& world) const {
  comm_row = index_.comms.find(comm);
  world = comm_row == kNoIndex ? kNoRank : index_.world_rank(comm_row, rank, rank_);
  if (world != kNoRank) return true;
  log_.add(&ReadProblems::bad_references, [&] {
    return model_.locations.name[row_] + ": an MPI event names rank " + std::to_string(rank) + " of communicator " +
           std::to_string(comm) + (comm_row == kNoIndex ? ", which is not defined" : ", which has no such rank");
  });
  return false;
}

void EventReader::enter(OTF2_TimeStamp time, const EventAttributes& attributes, OTF2_RegionRef region) {
  const double t = at(time);
  if (kind_ == LocationKind::Other) return;
  const Index row = index_.regions.find(region);
  if (row == kNoIndex) {
    log_.add(&ReadProblems::bad_references, [&] {
      return model_.locations.name[row_] + ": Enter of region " + std::to_string(region) + ", which is not defined";
    });
    (running_ == kImplicitTask ? stack_ : tasks_[running_].open).push_back(kNoIndex);  // so that its Leave pairs
    return;
  }
  if (running_ != kImplicitTask) {
    enter_on_task(t, row, attributes);
  } else if (kind_ == LocationKind::Rank) {
    enter_call(t, row, call_site(attributes));
  } else if (index_.region_is_hardware[row]) {
    stack_.push_back(enter_phase(t, row, attributes));
  } else {
    stop_lane();
  }
}

Index EventReader::call_site(const EventAttributes& attributes) const {
  OTF2_CallingContextRef site;
  return calling_context_attribute(attributes, index_.call_site_attribute, site) ? index_.call_sites.find(site)
                                                                                 : kNoIndex;
}

void EventReader::enter_call(double t, Index region, Index site) {
  CallTable& calls = out_.calls;
  stack_.push_back(static_cast<Index>(calls.size()));
  calls.region.push_back(region);
  calls.depth.push(static_cast<std::uint16_t>(std::min<std::size_t>(stack_.size() - 1, kDeepest)), 0);
  calls.enter.push_back(t);
  calls.leave.push_back(t);
  // The sites column exists from the first call that names one, the calls before it given none.
  if (site != kNoIndex || !calls.site.empty()) {
    calls.site.resize(calls.size() - 1, kNoIndex);
    calls.site.push_back(site);
  }
}

Index EventReader::enter_phase(double t, Index region, const EventAttributes& attributes) {
  PhaseTable& phases = out_.phases;
  std::int64_t bytes = 0;
  std::int64_t peer = 0;
  const bool has_bytes = integer_attribute(attributes, index_.bytes_attribute, bytes) && bytes >= 0;
  const bool has_peer = integer_attribute(attributes, index_.peer_attribute, peer) && peer >= 0 &&
                        peer <= std::numeric_limits<RankId>::max();
  phases.region.push_back(region);
  phases.location.push_back(row_);
  phases.lane.push_back(running_ == kImplicitTask ? 0 : tasks_[running_].generation);
  phases.start.push_back(t);
  phases.end.push_back(t);
  phases.protocol.push_back(string_row(attributes, index_.protocol_attribute, index_.strings));
  phases.bytes.push_back(has_bytes ? static_cast<std::uint64_t>(bytes) : PhaseTable::kNoBytes);
  phases.peer.push_back(has_peer ? static_cast<RankId>(peer) : kNoRank);
  return static_cast<Index>(phases.size() - 1);
}

// A location in a rank's group that enters other regions than protocol phases is a thread of the
// rank, not its network lane: what was taken for phases on it goes.
void EventReader::stop_lane() {
  out_.location_kinds[row_] = LocationKind::Other;
  kind_ = LocationKind::Other;
  PhaseTable& phases = out_.phases;
  for (auto* column : {&phases.start, &phases.end}) column->resize(first_phase_);
  phases.region.truncate(first_phase_);
  phases.location.truncate(first_phase_);
  phases.lane.truncate(first_phase_);
  phases.protocol.truncate(first_phase_);
  phases.bytes.truncate(first_phase_);
  phases.peer.resize(first_phase_);
  stack_.clear();
}

// Every receive's time is decided once its call has left: stored only where it is not that call's
// leave (most receive events are at their call's leave). Pushed in row order, up to the first
// receive whose call is still open, or `all` at the location's end, every call closed.
void EventReader::push_receive_times(bool all) {
  std::size_t k = 0;
  for (; k < receive_times_due_.size(); ++k) {
    const auto [t, call] = receive_times_due_[k];
    if (!all && call != kNoIndex && std::find(stack_.begin(), stack_.end(), call) != stack_.end()) break;
    records_.receives.time.push(t, call == kNoIndex ? kNaN : out_.calls.leave[call]);
  }
  receive_times_due_.erase(receive_times_due_.begin(), receive_times_due_.begin() + static_cast<std::ptrdiff_t>(k));
}

void EventReader::leave(OTF2_TimeStamp time, const EventAttributes&, OTF2_RegionRef region) {
  const double t = at(time);
  if (kind_ == LocationKind::Other) return;
  if (running_ != kImplicitTask) {
    leave_on_task(t, region);
    return;
  }
  if (stack_.empty()) {
    log_.add(&ReadProblems::unmatched_leaves, [&] {
      return model_.locations.name[row_] + ": Leave of region " + std::to_string(region) + " with no region entered";
    });
    return;
  }
  const Index open = stack_.back();
  stack_.pop_back();
  if (open == kNoIndex) return;
  const bool rank = kind_ == LocationKind::Rank;
  const Index entered = rank ? out_.calls.region[open] : out_.phases.region[open];
  (rank ? out_.calls.leave : out_.phases.end)[open] = t;
  if (rank && !receive_times_due_.empty()) push_receive_times(/*all=*/false);
  if (model_.regions.id[entered] != region) {
    log_.add(&ReadProblems::unmatched_leaves, [&] {
      return model_.locations.name[row_] + ": Leave of region " + std::to_string(region) + " while in region " +
             std::to_string(model_.regions.id[entered]);
    });
  }
}

// The location's phases came in event order, the lanes' interleaved; lane by lane (each lane's in
// its own order) a lane's phases are consecutive rows, which the timeline draws without copying.
void EventReader::order_phases_by_lane() {
  PhaseTable& ph = out_.phases;
  const std::size_t first = first_phase_;
  const std::size_t n = ph.size() - first;
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  const auto by_lane = [&](std::uint32_t a, std::uint32_t b) { return ph.lane[first + a] < ph.lane[first + b]; };
  if (std::is_sorted(order.begin(), order.end(), by_lane)) return;
  std::stable_sort(order.begin(), order.end(), by_lane);
  const auto reorder_plain = [&](auto& column) {
    std::vector<typename std::decay_t<decltype(column)>::value_type> rows(n);
    for (std::size_t k = 0; k < n; ++k) rows[k] = column[first + order[k]];
    std::copy(rows.begin(), rows.end(), column.begin() + static_cast<std::ptrdiff_t>(first));
  };
  const auto reorder_narrow = [&](auto& column) {
    std::vector<decltype(column[0])> rows(n);
    for (std::size_t k = 0; k < n; ++k) rows[k] = column[first + order[k]];
    column.truncate(first);
    for (const auto value : rows) column.push_back(value);
  };
  reorder_plain(ph.start);
  reorder_plain(ph.end);
  reorder_plain(ph.peer);
  reorder_narrow(ph.region);
  reorder_narrow(ph.lane);
  reorder_narrow(ph.protocol);
  reorder_narrow(ph.bytes);
}

std::uint32_t EventReader::task_slot(OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation) {
  if (!has_first_task_) has_first_task_ = true, first_team_ = team, first_thread_ = creating_thread;
  // Crossover's lanes are generations 1, 2, ... of one team and thread: found by generation.
  if (team == first_team_ && creating_thread == first_thread_ && generation < kMostIndexedGeneration) {
    if (generation >= slot_of_generation_.size()) slot_of_generation_.resize(generation + 1, kImplicitTask);
    std::uint32_t& slot = slot_of_generation_[generation];
    if (slot == kImplicitTask) slot = new_task_slot(team, creating_thread, generation);
    return slot;
  }
  auto [it, added] = slot_of_task_.try_emplace(TaskKey{team, creating_thread, generation}, 0);
  if (added) it->second = new_task_slot(team, creating_thread, generation);
  return it->second;
}

std::uint32_t EventReader::new_task_slot(OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation) {
  if (free_task_slots_.empty()) {
    tasks_.push_back({team, creating_thread, generation, {}});
    return static_cast<std::uint32_t>(tasks_.size() - 1);
  }
  const std::uint32_t slot = free_task_slots_.back();
  free_task_slots_.pop_back();
  tasks_[slot] = {team, creating_thread, generation, {}};
  return slot;
}

void EventReader::thread_task_switch(OTF2_TimeStamp time, const EventAttributes&, OTF2_CommRef team,
                                     std::uint32_t creating_thread, std::uint32_t generation) {
  at(time);
  // Generation 0 is a thread's implicit task, which holds the location's calls.
  running_ =
      generation == 0 || kind_ == LocationKind::Other ? kImplicitTask : task_slot(team, creating_thread, generation);
}

void EventReader::thread_task_complete(OTF2_TimeStamp time, const EventAttributes&, OTF2_CommRef team,
                                       std::uint32_t creating_thread, std::uint32_t generation) {
  const double t = at(time);
  if (generation == 0 || kind_ == LocationKind::Other) return;
  Task& task = tasks_[task_slot(team, creating_thread, generation)];
  for (Index phase : task.open) {
    if (phase != kNoIndex) out_.phases.end[phase] = t;
  }
  task.open.clear();
  // A task other than a lane does not come back: its slot goes to the next new one.
  if (auto it = slot_of_task_.find(TaskKey{team, creating_thread, generation}); it != slot_of_task_.end()) {
    free_task_slots_.push_back(it->second);
    slot_of_task_.erase(it);
  }
}

void EventReader::enter_on_task(double t, Index region, const EventAttributes& attributes) {
  tasks_[running_].open.push_back(index_.region_is_hardware[region] ? enter_phase(t, region, attributes) : kNoIndex);
}

void EventReader::leave_on_task(double t, OTF2_RegionRef region) {
  std::vector<Index>& open = tasks_[running_].open;
  if (open.empty()) {
    log_.add(&ReadProblems::unmatched_leaves, [&] {
      return model_.locations.name[row_] + ": Leave of region " + std::to_string(region) +
             " with no region entered on its task";
    });
    return;
  }
  const Index phase = open.back();
  open.pop_back();
  if (phase == kNoIndex) return;
  out_.phases.end[phase] = t;
  if (model_.regions.id[out_.phases.region[phase]] != region) {
    log_.add(&ReadProblems::unmatched_leaves, [&] {
      return model_.locations.name[row_] + ": Leave of region " + std::to_string(region) + " while in region " +
             std::to_string(model_.regions.id[out_.phases.region[phase]]);
    });
  }
}

void EventReader::mpi_send(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint32_t receiver,
                           OTF2_CommRef comm, std::uint32_t tag, std::uint64_t bytes) {
  const double t = at(time);
  Index comm_row;
  RankId to;
  if (!on_rank("MpiSend") || !peer(comm, receiver, comm_row, to)) return;
  // Crossover's traces say when a blocking send's buffer became free inside its call; one before
  // the send is not believed (the call's leave stands then, as for other traces).
  double buffer_free = kNaN;
  std::int64_t free = 0;
  if (integer_attribute(attributes, index_.buffer_free_attribute, free) && free >= 0) {
    const double free_at = index_.seconds(static_cast<OTF2_TimeStamp>(free));
    if (free_at >= t) buffer_free = free_at;
  }
  records_.sends.push_back(comm_row, to, tag, bytes, t, buffer_free, open_call(), 0);
}

void EventReader::mpi_isend(OTF2_TimeStamp time, const EventAttributes&, std::uint32_t receiver, OTF2_CommRef comm,
                            std::uint32_t tag, std::uint64_t bytes, std::uint64_t request) {
  const double t = at(time);
  Index comm_row;
  RankId to;
  if (!on_rank("MpiIsend") || !peer(comm, receiver, comm_row, to)) return;
  open_isends_[request] = records_.sends.size();
  records_.sends.push_back(comm_row, to, tag, bytes, t, kNaN, open_call(), MessageTable::kNonblockingSend);
}

void EventReader::mpi_isend_complete(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint64_t request) {
  const double t = at(time);
  if (!on_rank("MpiIsendComplete")) return;
  auto it = open_isends_.find(request);
  if (it == open_isends_.end()) {
    log_.add(&ReadProblems::misplaced_events, [&] {
      return model_.locations.name[row_] + ": MpiIsendComplete of request " + std::to_string(request) +
             ", which no MpiIsend opened";
    });
    return;
  }
  SendSides& sends = records_.sends;
  const std::size_t send = it->second;
  sends.complete_call.stored_value(send) = open_call();
  // A buffer that became free after the call reported it, or before the send, is not believed.
  std::int64_t free = 0;
  if (integer_attribute(attributes, index_.buffer_free_attribute, free) && free >= 0) {
    const double free_at = index_.seconds(static_cast<OTF2_TimeStamp>(free));
    if (free_at <= t && free_at >= sends.time[send]) sends.buffer_free.stored_value(send) = free_at;
  }
  open_isends_.erase(it);
}

void EventReader::mpi_irecv_request(OTF2_TimeStamp time, const EventAttributes&, std::uint64_t request) {
  const double t = at(time);
  if (on_rank("MpiIrecvRequest")) open_irecvs_[request] = t;
}

void EventReader::mpi_recv(OTF2_TimeStamp time, const EventAttributes&, std::uint32_t sender, OTF2_CommRef comm,
                           std::uint32_t tag, std::uint64_t) {
  const double t = at(time);
  Index comm_row;
  RankId from;
  if (!on_rank("MpiRecv") || !peer(comm, sender, comm_row, from)) return;
  const Index call = open_call();
  const double enter = call == kNoIndex ? kNaN : out_.calls.enter[call];
  records_.receives.push_back(comm_row, from, tag, call == kNoIndex ? t : enter, call, enter, kNaN, 0);
  receive_times_due_.emplace_back(t, call);
}

void EventReader::mpi_irecv(OTF2_TimeStamp time, const EventAttributes& attributes, std::uint32_t sender,
                            OTF2_CommRef comm, std::uint32_t tag, std::uint64_t, std::uint64_t request) {
  const double t = at(time);
  Index comm_row;
  RankId from;
  if (!on_rank("MpiIrecv") || !peer(comm, sender, comm_row, from)) return;
  double posted = kNaN;
  auto it = open_irecvs_.find(request);
  if (it != open_irecvs_.end()) {
    posted = it->second;
    open_irecvs_.erase(it);
  } else {
    log_.add(&ReadProblems::misplaced_events, [&] {
      return model_.locations.name[row_] + ": MpiIrecv of request " + std::to_string(request) +
             " without its MpiIrecvRequest";
    });
  }
  // An arrival after the call reported it, or before the receive was posted, is not believed.
  double arrived = kNaN;
  std::int64_t arrived_ticks = 0;
  if (integer_attribute(attributes, index_.arrived_attribute, arrived_ticks) && arrived_ticks >= 0) {
    const double arrived_at = index_.seconds(static_cast<OTF2_TimeStamp>(arrived_ticks));
    if (arrived_at <= t && !(arrived_at < posted)) arrived = arrived_at;
  }
  const Index call = open_call();
  const double enter = call == kNoIndex ? kNaN : out_.calls.enter[call];
  records_.receives.push_back(comm_row, from, tag, posted, call, enter, arrived, MessageTable::kNonblockingReceive);
  receive_times_due_.emplace_back(t, call);
}

void EventReader::mpi_request_cancelled(OTF2_TimeStamp time, const EventAttributes&, std::uint64_t request) {
  at(time);
  if (!on_rank("MpiRequestCancelled")) return;
  if (auto send = open_isends_.find(request); send != open_isends_.end()) {
    records_.sends.flags[send->second] |= SendSides::kCancelled;
    open_isends_.erase(send);
  }
  open_irecvs_.erase(request);
}

void EventReader::number_collectives() {
  const auto first = records_.collective_members.begin() + static_cast<std::ptrdiff_t>(first_collective_);
  const auto last = records_.collective_members.end();
  std::sort(first, last,
            [](const CollectiveMemberRecord& a, const CollectiveMemberRecord& b) { return a.sequence < b.sequence; });
  for (auto m = first; m != last; ++m) m->sequence = collectives_on_comm_[m->comm]++;
}

bool EventReader::resolve_collective(const char* record, OTF2_CommRef comm, std::uint32_t root, Index& comm_row,
                                     RankId& root_rank) {
  comm_row = index_.comms.find(comm);
  if (comm_row == kNoIndex) {
    log_.add(&ReadProblems::bad_references, [&] {
      return model_.locations.name[row_] + ": " + record + " on communicator " + std::to_string(comm) +
             ", which is not defined";
    });
    return false;
  }
  // On an inter-communicator the root's group records ROOT_SELF and ROOT_THIS_GROUP, the other
  // group the root's rank: the analysis treats its collectives as unrooted.
  root_rank = kNoRank;
  if (root == OTF2_UNDEFINED_UINT32 || index_.comm_ranks[comm_row].inter) return true;
  Index ignored;
  return peer(comm, root, ignored, root_rank);
}

void EventReader::mpi_collective_begin(OTF2_TimeStamp time, const EventAttributes&) {
  const double t = at(time);
  if (!on_rank("MpiCollectiveBegin")) return;
  if (collective_open_) {
    log_.add(&ReadProblems::misplaced_events, [&] {
      return model_.locations.name[row_] + ": MpiCollectiveBegin while a collective is open; the first is dropped";
    });
  }
  collective_open_ = true;
  collective_begin_ = t;
  collective_call_ = open_call();
  collective_order_ = collectives_started_++;
}

void EventReader::mpi_collective_end(OTF2_TimeStamp time, const EventAttributes& attributes,
                                     OTF2_CollectiveOp operation, OTF2_CommRef comm, std::uint32_t root,
                                     std::uint64_t sent, std::uint64_t received) {
  const double t = at(time);
  if (!on_rank("MpiCollectiveEnd")) return;
  const bool open = collective_open_;
  collective_open_ = false;
  Index comm_row;
  RankId root_rank;
  if (handles_communicator(operation) || !resolve_collective("MpiCollectiveEnd", comm, root, comm_row, root_rank)) {
    return;
  }
  if (!open) {
    log_.add(&ReadProblems::misplaced_events,
             [&] { return model_.locations.name[row_] + ": MpiCollectiveEnd without its MpiCollectiveBegin"; });
  }
  records_.collective_members.push_back(
      {.comm = comm_row,
       .sequence = open ? collective_order_ : collectives_started_++,
       .rank = rank_,
       .operation = operation,
       .root = root_rank,
       .algorithm = string_row(attributes, index_.algorithm_attribute, index_.strings),
       .begin = open ? collective_begin_ : t,
       .end = t,
       .call = open ? collective_call_ : open_call(),
       .complete_call = kNoIndex,
       .bytes_sent = sent,
       .bytes_received = received,
       .nonblocking = false});
}

void EventReader::non_blocking_collective_request(OTF2_TimeStamp time, const EventAttributes&, std::uint64_t request) {
  const double t = at(time);
  if (!on_rank("NonBlockingCollectiveRequest")) return;
  open_collective_requests_[request] = {t, open_call(), collectives_started_++};
}

void EventReader::non_blocking_collective_complete(OTF2_TimeStamp time, const EventAttributes& attributes,
                                                   OTF2_CollectiveOp operation, OTF2_CommRef comm, std::uint32_t root,
                                                   std::uint64_t sent, std::uint64_t received, std::uint64_t request) {
  const double t = at(time);
  if (!on_rank("NonBlockingCollectiveComplete")) return;
  StartedCollective started{t, kNoIndex, 0};
  if (auto it = open_collective_requests_.find(request); it != open_collective_requests_.end()) {
    started = it->second;
    open_collective_requests_.erase(it);
  } else {
    started.order = collectives_started_++;
    log_.add(&ReadProblems::misplaced_events, [&] {
      return model_.locations.name[row_] + ": NonBlockingCollectiveComplete of request " + std::to_string(request) +
             " without its NonBlockingCollectiveRequest";
    });
  }
  Index comm_row;
  RankId root_rank;
  if (handles_communicator(operation) ||
      !resolve_collective("NonBlockingCollectiveComplete", comm, root, comm_row, root_rank)) {
    return;
  }
  records_.collective_members.push_back(
      {.comm = comm_row,
       .sequence = started.order,
       .rank = rank_,
       .operation = operation,
       .root = root_rank,
       .algorithm = string_row(attributes, index_.algorithm_attribute, index_.strings),
       .begin = started.time,
       .end = t,
       .call = started.call,
       .complete_call = open_call(),
       .bytes_sent = sent,
       .bytes_received = received,
       .nonblocking = true});
}

}  // namespace xo::analyzer
