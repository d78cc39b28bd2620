#include "location_events.hpp"

#include <algorithm>

#include "rank_record.hpp"

namespace xo::tracer {

namespace {

// A protocol phase's Enter or Leave on its lane, in time order per lane.
struct LaneEvent {
  std::int64_t time;
  std::uint32_t lane;
  std::uint32_t phase;  // index into the rank's phases
  bool leave;
};

// Every lane's events, by time; at equal times by lane, each lane's in its own order.
std::vector<LaneEvent> lane_events(const std::vector<PhaseSpan>& phases, const LaneAssignment& lanes) {
  std::vector<LaneEvent> out;
  out.reserve(2 * phases.size());
  for (std::uint32_t lane = 0; lane < lanes.lanes; ++lane) {
    for (std::uint32_t k = lanes.lane_begin[lane]; k < lanes.lane_begin[lane + 1]; ++k) {
      const std::uint32_t phase = lanes.order[k];
      out.push_back({phases[phase].start, lane, phase, false});
      out.push_back({phases[phase].end, lane, phase, true});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const LaneEvent& a, const LaneEvent& b) {
    return a.time != b.time ? a.time < b.time : a.lane < b.lane;
  });
  return out;
}

// One rank's location: the MPI records on its implicit task, each lane's phases on the lane's
// task (trace_contract.hpp). The streams merge by time; at one time the running task's events come
// first, then the MPI records, then the lanes' in lane order, so that the task switches are few.
class LocationStream {
 public:
  LocationStream(EvtFileEncoder& w, const RankLog& log, const std::vector<bool>* kept,
                 const std::vector<PhaseSpan>& phases, const LaneAssignment& lanes, std::uint32_t rank,
                 const ArchivePlan& plan, EventAttributes& attributes)
      : w_(w),
        log_(log),
        kept_(kept),
        phases_(phases),
        plan_(plan),
        attributes_(attributes),
        rank_(rank),
        lane_events_(lane_events(phases, lanes)),
        left_in_lane_(lanes.lanes),
        created_(lanes.lanes, false) {
    for (std::uint32_t lane = 0; lane < lanes.lanes; ++lane) {
      left_in_lane_[lane] = 2 * (lanes.lane_begin[lane + 1] - lanes.lane_begin[lane]);
    }
  }

  void write(std::int64_t end) {
    RankEventIterator next = log_.events.begin();
    const RankEventIterator last = log_.events.end();
    std::size_t l = 0;
    std::size_t index = 0;  // of `next` in the log
    while (next != last || l < lane_events_.size()) {
      const std::int64_t t = next == last               ? lane_events_[l].time
                             : l == lane_events_.size() ? next->time
                                                        : std::min(next->time, lane_events_[l].time);
      std::size_t block_end = l;
      while (block_end < lane_events_.size() && lane_events_[block_end].time == t) ++block_end;
      const std::uint32_t first = running_ != kImplicitTask && running_ != kNoTask ? running_ - 1 : kNoLane;
      if (first != kNoLane) write_lane_block(l, block_end, [&](std::uint32_t lane) { return lane == first; });
      for (; next != last && next->time == t; ++next, ++index) {
        if (!writes_record(*next, log_) || (kept_ != nullptr && !(*kept_)[index])) continue;
        run_task(kImplicitTask, t);
        write_rank_record(w_, next, log_, plan_, attributes_);
        if (next->kind == RankEventKind::Enter) call_open_ = true;
        if (next->kind == RankEventKind::Leave) call_open_ = false;
      }
      write_lane_block(l, block_end, [&](std::uint32_t lane) { return lane != first; });
      l = block_end;
    }
    if (log_.open_call != kNoName && call_open_) {
      run_task(kImplicitTask, end);
      w_.leave(static_cast<EvtFileEncoder::Time>(end), nullptr, plan_.region_of_call[log_.open_call]);
    }
    // A location ends on its implicit task.
    if (running_ != kImplicitTask) run_task(kImplicitTask, last_time_);
  }

 private:
  static constexpr std::uint32_t kImplicitTask = 0;  // generation numbers: lane k is k + 1
  static constexpr std::uint32_t kNoTask = 0xffffffffu;
  static constexpr std::uint32_t kNoLane = 0xffffffffu;

  template <typename Chosen>
  void write_lane_block(std::size_t begin, std::size_t end, const Chosen& chosen) {
    for (std::size_t k = begin; k < end; ++k) {
      if (chosen(lane_events_[k].lane)) write_lane_event(lane_events_[k]);
    }
  }

  void write_lane_event(const LaneEvent& e) {
    const auto t = static_cast<EvtFileEncoder::Time>(e.time);
    const std::uint32_t task = e.lane + 1;
    if (!created_[e.lane]) {
      w_.thread_task_create(t, nullptr, plan_.lane_team, rank_, task);
      created_[e.lane] = true;
    }
    run_task(task, e.time);
    const PhaseSpan& p = phases_[e.phase];
    const OTF2_RegionRef region = plan_.region_of_phase[static_cast<std::size_t>(p.phase)];
    if (e.leave) {
      w_.leave(t, nullptr, region);
    } else {
      attributes_.add_string_ref(kAttributeProtocol, plan_.path_strings[p.path]);
      attributes_.add_uint64(kAttributeBytes, static_cast<std::uint64_t>(p.bytes));
      if (p.peer >= 0) attributes_.add_int32(kAttributePeer, p.peer);
      w_.enter(t, &attributes_, region);
    }
    last_time_ = e.time;
    if (--left_in_lane_[e.lane] == 0) {
      w_.thread_task_complete(t, nullptr, plan_.lane_team, rank_, task);
      running_ = kNoTask;
    }
  }

  void run_task(std::uint32_t task, std::int64_t time) {
    last_time_ = std::max(last_time_, time);
    if (running_ == task) return;
    w_.thread_task_switch(static_cast<EvtFileEncoder::Time>(time), nullptr, plan_.lane_team, rank_, task);
    running_ = task;
  }

  EvtFileEncoder& w_;
  const RankLog& log_;
  const std::vector<bool>* kept_;  // by record of the log; null: all
  const std::vector<PhaseSpan>& phases_;
  const ArchivePlan& plan_;
  EventAttributes& attributes_;
  std::uint32_t rank_;
  std::vector<LaneEvent> lane_events_;
  std::vector<std::uint32_t> left_in_lane_;  // events not yet written, by lane
  std::vector<bool> created_;                // by lane: its ThreadTaskCreate written
  std::uint32_t running_ = kImplicitTask;
  bool call_open_ = false;  // an Enter written and not yet its Leave
  std::int64_t last_time_ = 0;
};

}  // namespace

void write_location_events(EvtFileEncoder& w, const RankLog& log, const std::vector<bool>* kept,
                           const std::vector<PhaseSpan>& phases, const LaneAssignment& lanes, std::uint32_t rank,
                           const ArchivePlan& plan, std::int64_t end, EventAttributes& attributes) {
  LocationStream(w, log, kept, phases, lanes, rank, plan, attributes).write(end);
}

}  // namespace xo::tracer
