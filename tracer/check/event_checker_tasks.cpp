// The checker's task records (OTF2_Events.h, ThreadTaskCreate/Switch/Complete): a location runs
// one task at a time, each with its own nesting of Enter/Leave; Crossover's network lanes are
// such tasks (trace_contract.hpp).
#include <string>

#include "event_checker.hpp"

namespace xo::tracer {

std::string EventChecker::task_text(std::uint32_t creating_thread, std::uint32_t generation) {
  return "task (creating thread " + std::to_string(creating_thread) + ", generation " + std::to_string(generation) +
         ")";
}

TaskState* EventChecker::find_task(const EventSite& at, OTF2_CommRef team, std::uint32_t creating_thread,
                                   std::uint32_t generation) {
  for (TaskState& task : at.state.tasks) {
    if (task.team == team && task.creating_thread == creating_thread && task.generation == generation) return &task;
  }
  return nullptr;
}

void EventChecker::thread_task_create(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                                      OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation) {
  const EventSite at = site(location, time, attributes);
  if (defs_.comms.count(team) == 0) {
    log_.add([&] {
      return site_text(defs_, at) + ": ThreadTaskCreate names thread team " + std::to_string(team) +
             ", which is not a defined communicator";
    });
  }
  if (generation == 0) {
    log_.add([&] {
      return site_text(defs_, at) +
             ": ThreadTaskCreate of generation 0, a thread's implicit task, which exists "
             "without being created";
    });
    return;
  }
  if (const TaskState* known = find_task(at, team, creating_thread, generation)) {
    log_.add([&] {
      return site_text(defs_, at) + ": ThreadTaskCreate of " + task_text(creating_thread, generation) +
             ", created already at event " + std::to_string(known->created.event);
    });
    return;
  }
  at.state.tasks.push_back({team, creating_thread, generation, at.position, false, {}});
}

void EventChecker::thread_task_switch(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                                      OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation) {
  const EventSite at = site(location, time, attributes);
  LocationState& s = at.state;
  std::uint32_t next = LocationState::kImplicitTask;
  if (generation != 0) {
    TaskState* task = find_task(at, team, creating_thread, generation);
    if (task == nullptr || task->completed) {
      log_.add([&] {
        return site_text(defs_, at) + ": ThreadTaskSwitch to " + task_text(creating_thread, generation) + ", which " +
               (task == nullptr ? "was never created" : "has completed");
      });
      if (task == nullptr) return;
    }
    next = static_cast<std::uint32_t>(task - s.tasks.data());
  }
  if (next == s.running) return;
  // The running task's open regions park with it; the next task's come back.
  std::swap(s.open_regions,
            s.running == LocationState::kImplicitTask ? s.implicit_regions : s.tasks[s.running].open_regions);
  std::swap(s.open_regions, next == LocationState::kImplicitTask ? s.implicit_regions : s.tasks[next].open_regions);
  s.running = next;
}

void EventChecker::thread_task_complete(OTF2_LocationRef location, OTF2_TimeStamp time, OTF2_AttributeList* attributes,
                                        OTF2_CommRef team, std::uint32_t creating_thread, std::uint32_t generation) {
  const EventSite at = site(location, time, attributes);
  LocationState& s = at.state;
  TaskState* task = generation == 0 ? nullptr : find_task(at, team, creating_thread, generation);
  if (task == nullptr || task->completed) {
    log_.add([&] {
      return site_text(defs_, at) + ": ThreadTaskComplete of " + task_text(creating_thread, generation) + ", which " +
             (generation == 0   ? "is a thread's implicit task"
              : task == nullptr ? "was never created"
                                : "has completed already");
    });
    return;
  }
  task->completed = true;
  const bool running = static_cast<std::uint32_t>(task - s.tasks.data()) == s.running;
  const std::vector<OpenRegion>& open = running ? s.open_regions : task->open_regions;
  if (!open.empty()) {
    log_.add([&] {
      return site_text(defs_, at) + ": ThreadTaskComplete of " + task_text(creating_thread, generation) + " with " +
             defs_.region_label(open.back().region) + " (entered at event " +
             std::to_string(open.back().entered.event) + ") still open";
    });
  }
}

}  // namespace xo::tracer
