#include "xo/mpi/kernel/engine.hpp"

#include <algorithm>
#include <cassert>
#include <csignal>
#include <cstring>
#include <sstream>

#include "fault_guard.hpp"
#include "stop_guard.hpp"
#include "xo/mpi/kernel/simcall.hpp"

namespace xo::sim {

Engine::Engine(const EngineConfig& config, RankBody body, void* argument)
    : stack_bytes_(config.stack_bytes), body_(body), argument_(argument) {
  assert(config.ranks > 0);
  catch_stop_signals_ = config.catch_stop_signals;
  wall_limit_seconds_ = config.wall_limit_seconds;
  if (config.virtual_limit > 0) virtual_limit_ = config.virtual_limit;
  const std::size_t n = static_cast<std::size_t>(config.ranks);
  const std::size_t guard_budget = config.guard_pages ? guard_page_budget() : 0;
  ranks_ = HugePageArray<Rank>(n);
  ready_.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    Rank& r = ranks_[i];
    r.rank = static_cast<int>(i);
    r.launch = Launch{this, static_cast<int>(i)};
    FiberStack stack(config.stack_bytes, i < guard_budget);
    if (stack.guarded()) ++outcome_.guarded_stacks;
    r.fiber.emplace(std::move(stack), &Engine::fiber_entry, &r.launch);
    schedule_resume(static_cast<int>(i), 0);
  }
  // Below this, the faults cost less than starting a thread.
  constexpr std::size_t kPrefaultFrom = 16384;
  if (n >= kPrefaultFrom) {
    std::vector<void*> tops(n);
    for (std::size_t i = 0; i < n; ++i) tops[i] = ranks_[i].fiber->stack().top();
    prefaulter_ = std::make_unique<StackPrefaulter>(std::move(tops));
    prefaulter_->start();
  }
}

Engine::~Engine() = default;

void Engine::fiber_entry(void* launch) {
  auto* l = static_cast<Launch*>(launch);
  if (l->task != nullptr) {
    l->task(l->argument);
  } else {
    l->engine->body_(l->fiber, l->engine->argument_);
  }
}

int Engine::spawn(TaskBody body, void* argument) {
  XO_ENGINE_CONTEXT(*this, "engine (spawn)");
  const int parent = current_;
  int id = 0;
  if (!free_tasks_.empty()) {
    id = free_tasks_.back();
    free_tasks_.pop_back();
  } else {
    id = static_cast<int>(ranks_.size() + tasks_.size());
    tasks_.emplace_back();
  }
  Rank& t = entry(id);
  t.clock = entry(parent).clock;
  t.rank = entry(parent).rank;
  t.launch = Launch{this, id, body, argument};
#ifndef NDEBUG
  t.simcalls = 0;  // a reused slot's task may have ended inside one
#endif
  // Tasks run library code and reduction operators: no guard page (the mapping budget is the
  // ranks'), the canary still catches an overflow.
  t.fiber.emplace(FiberStack(stack_bytes_, false), &Engine::fiber_entry, &t.launch);
  schedule_resume(id, t.clock);
  schedule_resume(parent, entry(parent).clock);  // queued after the task: it runs first
  entry(parent).fiber->suspend();
  return id;
}

void Engine::retire_task(int fiber) {
  Rank& t = entry(fiber);
  t.fiber.reset();  // the stack goes back to the pool
  t.state = State::Finished;
  t.launch = Launch{};
  free_tasks_.push_back(fiber);
}

void Engine::schedule(Time at, EventHandler handler, void* object, std::int64_t argument) {
  assert(at >= event_time_);
  XO_ENGINE_CONTEXT(*this, "engine (schedule)");
  queue_.push(at, handler, object, argument);
}

void Engine::schedule_resume(int fiber, Time at) {
  Rank& r = entry(fiber);
  r.state = State::Scheduled;
  r.scheduled_at = at;
  ++r.generation;
  const std::int64_t argument = resume_argument(fiber, r.generation);
  if (at == event_time_) {
    ready_.push_back(argument);  // due now: no need to go through the heap
  } else {
    queue_.push(at, &Engine::resume_handler, this, argument);
  }
}

void Engine::wake(int fiber, Time at) {
  XO_ENGINE_CONTEXT(*this, "engine (wake)");
  Rank& r = entry(fiber);
  const Time when = std::max(at, r.clock);
  if (r.state == State::Blocked || (r.state == State::Scheduled && when < r.scheduled_at)) {
    schedule_resume(fiber, when);
  }
}

void Engine::resume_handler(Engine& engine, void*, std::int64_t argument) {
  const int fiber = resumed_fiber(argument);
  Rank& r = engine.entry(fiber);
  if (resumed_generation(argument) != r.generation) return;  // superseded by an earlier wake
  if (r.state == State::Finished) return;                    // a retired task's slot
  r.clock = std::max(r.clock, engine.event_time_);
  r.state = State::Running;
  engine.current_ = fiber;
  engine.current_rank_ = r.rank;
  if (engine.prefaulter_ != nullptr && r.fiber->saved_context() == nullptr &&
      static_cast<std::size_t>(fiber) < engine.ranks_.size()) {  // a rank's first run
    engine.prefaulter_->reached(static_cast<std::size_t>(fiber));
  }
  FaultGuard::set_running(r.fiber->stack(), r.rank, fiber);
  if (engine.switch_listener_ != nullptr) engine.switch_listener_->rank_resumed(r.rank);
  r.fiber->resume();
  if (engine.switch_listener_ != nullptr) engine.switch_listener_->rank_suspended(r.rank);
  FaultGuard::clear_running();
  engine.current_ = -1;
  engine.current_rank_ = -1;
  const bool task = static_cast<std::size_t>(fiber) >= engine.ranks_.size();
  if (r.fiber->finished() || r.state == State::Finished) {
    r.state = State::Finished;
    if (task && r.fiber->finished()) engine.retire_task(fiber);
  } else if (!r.fiber->stack().canary_intact()) {
    RankFault overflow;
    overflow.rank = r.rank;
    overflow.fiber = fiber;
    overflow.stack_overflow = true;
    overflow.stack_bytes = r.fiber->stack().usable_bytes();
    overflow.time = r.clock;
    engine.record_fault(overflow);
  }
}

void Engine::end_faulted_fiber(void* engine_pointer, const RankFault& fault) {
  auto& engine = *static_cast<Engine*>(engine_pointer);
  Rank& r = engine.entry(fault.fiber);
  RankFault recorded = fault;
  recorded.time = r.clock;
  engine.record_fault(recorded);
  r.state = State::Finished;  // never resumed: its context lies on the signal stack
  r.fiber->suspend();
  __builtin_unreachable();
}

void Engine::end_stopped_fiber(void* engine_pointer) {
  auto& engine = *static_cast<Engine*>(engine_pointer);
  Rank& r = engine.entry(engine.current_);
  engine.record_stop();
  engine.stopped_while_running_ = engine.current_;
  r.fiber->suspend();  // never resumed: its context lies on the signal stack
  __builtin_unreachable();
}

bool Engine::stop_due(Time next) const { return StopGuard::requested() != 0 || next > virtual_limit_; }

void Engine::record_stop() {
  if (aborted_) return;
  aborted_ = true;
  outcome_.kind = RunOutcome::Kind::Stopped;
  stop_signal_ = StopGuard::requested();
  const bool limit = stop_signal_ == 0 || stop_signal_ == SIGALRM;  // timeout(1)'s status for a limit
  outcome_.exit_code = limit ? 124 : 128 + stop_signal_;
}

void Engine::record_fault(const RankFault& fault) {
  if (aborted_) return;
  aborted_ = true;
  outcome_.kind = RunOutcome::Kind::Fault;
  outcome_.exit_code = fault_exit_code(fault);
  outcome_.fault = fault;
}

// With tens of thousands of ranks every resume finds the rank's entry, fiber and innermost stack
// frames out of cache (bench/sim_speed at 65,536 ranks). Resumes due at the same instant wait in
// order, so while one fires, the next ones' are fetched in stages, each needing what the stage
// before brought in: the entry of the rank four places ahead, the fiber object of the one three
// ahead, the stack lines the one two ahead will return through. A few lines only: where the ranks'
// stacks fit in the cache, more prefetches cost more than they save (the 1,024-rank ring).
void Engine::prefetch_upcoming_resumes() const {
  constexpr int kStackLines = 8;  // 512 B of frames above the saved registers
  const auto upcoming = [&](std::size_t ahead) -> const Rank* {
    const Event* e = queue_.peek_same_time(ahead);
    return e != nullptr && e->handler == &Engine::resume_handler ? &entry(resumed_fiber(e->argument)) : nullptr;
  };
  if (const Rank* r = upcoming(4)) __builtin_prefetch(r);
  if (const Rank* r = upcoming(3); r != nullptr && r->fiber) __builtin_prefetch(&*r->fiber);
  if (const Rank* r = upcoming(2); r != nullptr && r->fiber) {
    if (const auto* sp = static_cast<const char*>(r->fiber->saved_context())) {
      for (int line = 0; line < kStackLines; ++line) __builtin_prefetch(sp + 64 * line);
    }
  }
}

void Engine::advance_to(Time at) {
  Rank& r = entry(current_);
  r.clock = std::max(r.clock, at);
}

void Engine::sync() {
  Rank& r = entry(current_);
  if (stop_due(r.clock)) [[unlikely]] {  // back to the engine, which stops: a polling rank never would
    schedule_resume(current_, r.clock);
    r.fiber->suspend();
    return;
  }
  const bool ready_earlier = ready_head_ < ready_.size() && event_time_ < r.clock;
  if (!ready_earlier && (queue_.empty() || queue_.top_time() >= r.clock)) return;
  schedule_resume(current_, r.clock);
  r.fiber->suspend();
}

void Engine::block_until(Time at) {
  Rank& r = entry(current_);
  schedule_resume(current_, std::max(at, r.clock));
  r.fiber->suspend();
}

void Engine::block() {
  Rank& r = entry(current_);
  r.state = State::Blocked;
  r.fiber->suspend();
}

void Engine::finish_rank() {
  Rank& r = entry(current_);
  r.state = State::Finished;
  r.fiber->suspend();
  assert(false && "finished rank resumed");
  __builtin_unreachable();
}

void Engine::abort(int exit_code, std::string message) {
  Rank& r = entry(current_);
  fail(exit_code, std::move(message));
  r.state = State::Blocked;
  r.fiber->suspend();
  assert(false && "aborted rank resumed");
  __builtin_unreachable();
}

void Engine::fail(int exit_code, std::string message) {
  if (aborted_) return;
  aborted_ = true;
  outcome_.kind = RunOutcome::Kind::Aborted;
  outcome_.exit_code = exit_code;
  outcome_.message = std::move(message);
}

RunOutcome Engine::run() {
  FaultGuard faults(&Engine::end_faulted_fiber, this);
  StopGuard stops(&Engine::end_stopped_fiber, this, catch_stop_signals_, wall_limit_seconds_);
  while (!aborted_) {
    const bool ready = ready_head_ < ready_.size();
    if (!ready && queue_.empty()) break;
    if (stop_due(ready ? event_time_ : queue_.top_time())) [[unlikely]] {
      record_stop();
      break;
    }
    if (ready) {
      const std::int64_t argument = ready_[ready_head_++];
      if (ready_head_ == ready_.size()) {
        ready_.clear();
        ready_head_ = 0;
      }
      resume_handler(*this, nullptr, argument);
      continue;
    }
    const Event event = queue_.pop();
    event_time_ = event.time;
    prefetch_upcoming_resumes();
    event.handler(*this, event.object, event.argument);
  }
  prefaulter_.reset();
  for (const Rank& r : ranks_) outcome_.end_time = std::max(outcome_.end_time, r.clock);
  if (outcome_.fault) outcome_.message = describe_fault(*outcome_.fault, "");
  if (outcome_.kind == RunOutcome::Kind::Stopped) {
    for (const Rank& r : ranks_) {
      if (r.state != State::Blocked && r.state != State::Finished) outcome_.runnable_ranks.push_back(r.rank);
    }
    outcome_.message = stop_report();
  }
  if (aborted_) return outcome_;
  const auto finished = [](const Rank& r) { return r.state == State::Finished; };
  const bool all_finished =
      std::all_of(ranks_.begin(), ranks_.end(), finished) && std::all_of(tasks_.begin(), tasks_.end(), finished);
  if (!all_finished) {
    outcome_.kind = RunOutcome::Kind::Deadlock;
    outcome_.exit_code = 1;
    outcome_.message = deadlock_report();
  }
  return outcome_;
}

void Engine::list_unfinished(std::ostringstream& out) const {
  constexpr std::size_t kListed = 64;  // a 65,536-rank run must not print 65,536 lines
  std::size_t listed = 0;
  std::size_t unfinished = 0;
  const std::size_t fibers = ranks_.size() + tasks_.size();
  for (std::size_t i = 0; i < fibers; ++i) {
    const Rank& r = entry(static_cast<int>(i));
    if (r.state == State::Finished || (i >= ranks_.size() && r.state != State::Blocked)) continue;
    if (++unfinished > kListed) continue;
    ++listed;
    const int fiber = static_cast<int>(i);
    std::string what;
    if (r.state == State::Blocked) {
      what = describe_blocked_ ? describe_blocked_(fiber) : "blocked";
    } else {
      const std::string place = describe_place_ ? describe_place_(fiber) : std::string("runnable");
      what = (fiber == stopped_while_running_ ? "running, " : "due to run, ") + place;
    }
    out << "  rank " << r.rank << " at t=" << time_to_seconds(r.clock) * 1e6 << " us: " << what << "\n";
  }
  if (unfinished > listed) out << "  ... and " << unfinished - listed << " more\n";
  std::size_t finished = 0;
  for (const Rank& r : ranks_) finished += r.state == State::Finished ? 1 : 0;
  if (finished > 0) out << "  (" << finished << " ranks had already finished)\n";
}

std::string Engine::deadlock_report() const {
  std::ostringstream out;
  std::size_t blocked = 0;
  for (const Rank& r : ranks_) blocked += r.state == State::Blocked ? 1 : 0;
  std::size_t blocked_tasks = 0;
  for (const Rank& r : tasks_) blocked_tasks += r.state == State::Blocked ? 1 : 0;
  out << "deadlock: no rank can make progress; " << blocked << " of " << ranks_.size() << " ranks are blocked";
  if (blocked_tasks > 0) {
    out << ", and " << blocked_tasks << (blocked_tasks == 1 ? " operation" : " operations") << " in the background";
  }
  out << ":\n";
  list_unfinished(out);
  out << "Check that every send has a matching receive (peer, tag, communicator) and that every rank of a "
         "communicator calls its collectives, or use nonblocking calls.";
  return out.str();
}

std::string Engine::stop_report() const {
  std::ostringstream out;
  Time now = event_time_;
  for (const Rank& r : ranks_) now = std::max(now, r.state == State::Finished ? 0 : r.clock);
  if (stop_signal_ == 0) {
    out << "stopped: the virtual-time limit of " << time_to_seconds(virtual_limit_) * 1e6
        << " us (--virtual-time-limit) was reached";
  } else if (stop_signal_ == SIGALRM) {
    out << "stopped: the wall-time limit of " << wall_limit_seconds_
        << " s (--time-limit) was reached, at t=" << time_to_seconds(now) * 1e6 << " us";
  } else {
    const char* name = sigabbrev_np(stop_signal_);
    out << "stopped by SIG" << (name != nullptr ? name : "?") << (stop_signal_ == SIGINT ? " (Ctrl-C)" : "")
        << " at t=" << time_to_seconds(now) * 1e6 << " us";
  }
  out << "; where each rank was:\n";
  list_unfinished(out);
  if (stopped_while_running_ >= 0) {
    out << "rank " << entry(stopped_while_running_).rank
        << " ran on without reaching an MPI call for a second after the stop was asked: an endless loop?\n";
  }
  std::string text = out.str();
  text.pop_back();  // the last line's newline
  return text;
}

}  // namespace xo::sim
