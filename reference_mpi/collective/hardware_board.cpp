#include "hardware_board.hpp"

#include <algorithm>
#include <string>

#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/kernel/simcall.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

HardwareBoard::Key HardwareBoard::key(const CollectiveRun& run) const {
  return {run.comm.shared->context, run.sequence, static_cast<int>(run.op), run.board_phase};
}

BoardSlot& HardwareBoard::slot(const CollectiveRun& run) {
  BoardSlot& s = slots_[key(run)];
  if (s.members == 0) {
    s.members = run.size;
    s.arrival.assign(static_cast<std::size_t>(run.size), 0);
    s.release.assign(static_cast<std::size_t>(run.size), 0);
    s.contributions.resize(static_cast<std::size_t>(run.size));
  }
  return s;
}

void HardwareBoard::block_on(CollectiveRun& run, BoardSlot& s, bool (*ready)(const BoardSlot&)) {
  if (ready(s)) return;
  s.sleepers.push_back(run.world.engine().current_fiber());
  const bool task = run.world.running_task();  // a task describes itself (World::describe_background)
  if (!task) {
    run.self.meeting_note = std::string(run.call) + " on " + run.comm.shared->name + ", waiting for the other " +
                            std::to_string(s.members - s.arrived) + " of its " + std::to_string(s.members) +
                            " ranks to call it";
  }
  while (!ready(s)) run.world.engine().block();
  if (!task) run.self.meeting_note.clear();
}

BoardSlot& HardwareBoard::meet(CollectiveRun& run, std::vector<std::byte> contribution,
                               const std::function<void(BoardSlot&)>& settle) {  // simcall
  sim::Simcall simcall(run.world.engine());
  sim::Engine& engine = run.world.engine();
  engine.sync();
  BoardSlot& s = slot(run);
  const auto me = static_cast<std::size_t>(run.rank);
  s.arrival[me] = engine.now();
  s.latest_arrival = std::max(s.latest_arrival, s.arrival[me]);
  s.contributions[me] = std::move(contribution);
  if (++s.arrived == s.members) {
    settle(s);
    s.settled = true;
    for (int sleeper : s.sleepers) {
      const int comm_rank = run.comm.shared->group->rank_of(engine.rank_of(sleeper));
      engine.wake(sleeper, s.release[static_cast<std::size_t>(comm_rank)]);
    }
    s.sleepers.clear();
  }
  block_on(run, s, [](const BoardSlot& b) { return b.settled; });
  engine.advance_to(s.release[me]);
  return s;
}

void HardwareBoard::post(CollectiveRun& run, std::vector<std::byte> data, sim::Time available_at) {  // simcall
  sim::Simcall simcall(run.world.engine());
  BoardSlot& s = slot(run);
  ++s.arrived;
  s.data = std::move(data);
  s.available_at = available_at;
  s.posted = true;
  for (int sleeper : s.sleepers) run.world.engine().wake(sleeper, available_at);
  s.sleepers.clear();
}

BoardSlot& HardwareBoard::await(CollectiveRun& run) {  // simcall
  sim::Simcall simcall(run.world.engine());
  BoardSlot& s = slot(run);
  ++s.arrived;
  block_on(run, s, [](const BoardSlot& b) { return b.posted; });
  run.world.engine().advance_to(s.available_at);
  return s;
}

void HardwareBoard::check_in(CollectiveRun& run, sim::Time at) {  // simcall
  sim::Simcall simcall(run.world.engine());
  BoardSlot& s = slot(run);
  ++s.checked_in;
  s.latest_check_in = std::max(s.latest_check_in, at);
  for (int sleeper : s.sleepers) run.world.engine().wake(sleeper, s.latest_check_in);
  s.sleepers.clear();
}

void HardwareBoard::await_check_ins(CollectiveRun& run, int expected) {  // simcall
  sim::Simcall simcall(run.world.engine());
  BoardSlot& s = slot(run);
  while (s.checked_in < expected) {
    s.sleepers.push_back(run.world.engine().current_fiber());
    if (!run.world.running_task()) {
      run.self.meeting_note = std::string(run.call) + " on " + run.comm.shared->name + ", waiting for " +
                              std::to_string(expected - s.checked_in) + " ranks to fetch their data";
    }
    run.world.engine().block();
  }
  if (!run.world.running_task()) run.self.meeting_note.clear();
  run.world.engine().advance_to(s.latest_check_in);
}

void HardwareBoard::leave(CollectiveRun& run) {  // simcall
  sim::Simcall simcall(run.world.engine());
  const Key k = key(run);
  auto it = slots_.find(k);
  if (it != slots_.end() && ++it->second.left == it->second.members) slots_.erase(it);
}

sim::Time HardwareBoard::reserve_broadcast(CollectiveRun& run, sim::Time earliest, sim::Time duration) {  // simcall
  sim::Simcall simcall(run.world.engine());
  const sim::Time start = std::max(earliest, broadcast_free_at_);
  broadcast_free_at_ = start + duration;
  return start;
}

}  // namespace xo::mpi
