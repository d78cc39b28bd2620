#pragma once
// The discrete-event engine. One OS thread runs every rank as a fiber. The engine fires the
// event with the smallest (time, sequence); resuming a rank is itself an event (or, when it is
// due at the current time, an entry in a FIFO drained before the next event), so a rank only
// runs when no other rank or event is due earlier. Rank code reaches the engine only through the
// calls marked "fiber side", which run while the engine is suspended: that, and the tie-breaking
// sequence, make every run deterministic.
//
// Fibers are numbered: 0 .. ranks-1 are the ranks' own; a rank may spawn *tasks*, fibers that act
// for it (a nonblocking collective running in the background) with a clock of their own. Code on
// a task sees the rank it acts for as current_rank(); wake() and clock() take fiber ids.

#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "xo/mpi/kernel/event_queue.hpp"
#include "xo/mpi/kernel/fiber.hpp"
#include "xo/mpi/kernel/huge_page_array.hpp"
#include "xo/mpi/kernel/rank_fault.hpp"
#include "xo/mpi/kernel/stack_prefaulter.hpp"
#include "xo/mpi/kernel/virtual_time.hpp"
#include "xo/reference_mpi/rank_switch_listener.hpp"

namespace xo::sim {

struct EngineConfig {
  int ranks = 1;
  std::size_t stack_bytes = 8 << 20;
  bool guard_pages = true;
  bool catch_stop_signals = false;  // SIGINT, SIGTERM, SIGHUP stop the run (StopGuard)
  double wall_limit_seconds = 0;    // > 0: stop after this much wall time
  Time virtual_limit = 0;           // > 0: stop before anything happens later than this
};

struct RunOutcome {
  enum class Kind { Completed, Deadlock, Aborted, Fault, Stopped };
  Kind kind = Kind::Completed;
  int exit_code = 0;
  std::string message;              // the deadlock report, the abort reason or what the fault was
  std::optional<RankFault> fault;   // Kind::Fault
  std::vector<int> runnable_ranks;  // Kind::Stopped: ranks that could still run (not blocked, not finished)
  Time end_time = 0;                // largest rank clock
  std::size_t guarded_stacks = 0;
};

class Engine {
 public:
  using RankBody = void (*)(int rank, void* argument);
  using TaskBody = void (*)(void* argument);
  // Describes what a blocked fiber (a rank, or a task) waits for, for the deadlock report.
  using BlockedDescriber = std::function<std::string(int fiber)>;
  // Where a fiber that could still run was when the run stopped ("inside MPI_Iprobe").
  using PlaceDescriber = std::function<std::string(int fiber)>;

  Engine(const EngineConfig& config, RankBody body, void* argument);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  void set_blocked_describer(BlockedDescriber describer) { describe_blocked_ = std::move(describer); }
  void set_place_describer(PlaceDescriber describer) { describe_place_ = std::move(describer); }
  // Told of every switch into and out of a rank's fiber, if set; must outlive the run.
  void set_switch_listener(mpi::RankSwitchListener* listener) { switch_listener_ = listener; }
  RunOutcome run();

  // Any side; on a fiber, inside a simcall (xo/mpi/kernel/simcall.hpp).
  void schedule(Time at, EventHandler handler, void* object, std::int64_t argument);
  // Makes a blocked fiber runnable at `at` (or at its own clock, if later). No effect otherwise.
  void wake(int fiber, Time at);
  Time clock(int fiber) const { return entry(fiber).clock; }
  int rank_count() const { return static_cast<int>(ranks_.size()); }
  // Time of the event being fired, or of the running fiber.
  Time now() const { return current_ >= 0 ? clock(current_) : event_time_; }
  // The rank a fiber is or acts for.
  int rank_of(int fiber) const { return entry(fiber).rank; }

#ifndef NDEBUG
  // Whether shared state may be touched now: on the event side, or inside a simcall.
  bool in_engine_context() const { return current_ < 0 || entry(current_).simcalls > 0; }
  void enter_simcall() {
    if (current_ >= 0) ++entry(current_).simcalls;
  }
  void leave_simcall() {
    if (current_ >= 0) --entry(current_).simcalls;
  }
#endif

  // Fiber side.
  // The rank whose code runs (a task's: the rank it acts for), or -1 on the event side.
  int current_rank() const { return current_rank_; }
  // The running fiber, which wake() takes to resume it; -1 on the event side.
  int current_fiber() const { return current_; }
  // The top of the running fiber's stack (it grows down from there); null on the event side.
  const void* running_stack_top() const { return current_ >= 0 ? entry(current_).fiber->stack().top() : nullptr; }
  void advance(Time delta) { entry(current_).clock += delta; }
  // Starts body(argument) on a new task acting for the running rank, from the rank's clock. The
  // task runs first, until it blocks or ends; then the caller goes on. Returns the task's fiber.
  // Inside a simcall.
  int spawn(TaskBody body, void* argument);
  void advance_to(Time at);
  // Yields if an event is due before this rank's clock, so effects stay in time order. Events at
  // the same time may run after the rank: ties go to the running rank.
  void sync();
  // Whether nothing but the running fiber can make anything happen: no event is pending and no
  // other fiber is due. A rank polling then polls for what can never come.
  bool nothing_else_pending() const { return queue_.empty() && ready_head_ >= ready_.size(); }
  // Suspends the running rank until wake().
  void block();
  // Suspends the running rank until `at`, or until an earlier wake().
  void block_until(Time at);
  // Ends the running rank as if its main had returned (exit() in the program): the fiber is never
  // resumed and its stack is not unwound, as a process's is not. Does not return.
  [[noreturn]] void finish_rank();
  // Ends the whole run (MPI_Abort, a fatal MPI error). Does not return.
  [[noreturn]] void abort(int exit_code, std::string message);

  // Event side: ends the run once the current event's handler returns.
  void fail(int exit_code, std::string message);

 private:
  enum class State : std::uint8_t { Scheduled, Running, Blocked, Finished };
  struct Launch {
    Engine* engine;
    int fiber;
    TaskBody task = nullptr;  // tasks only
    void* argument = nullptr;
  };
  // A fiber and its scheduling state: a rank's own, or a task's.
  struct Rank {
    Time clock = 0;
    Time scheduled_at = 0;         // time of the live resume event, while Scheduled
    std::uint32_t generation = 0;  // resume events of older generations are stale
    State state = State::Scheduled;
    int rank = 0;                // the rank it is or acts for
    std::optional<Fiber> fiber;  // in place: a million ranks would take a heap block each
    Launch launch{};
#ifndef NDEBUG
    std::uint16_t simcalls = 0;  // open Simcall scopes on this fiber
#endif
  };

  Rank& entry(int fiber) {
    const auto i = static_cast<std::size_t>(fiber);
    return i < ranks_.size() ? ranks_[i] : tasks_[i - ranks_.size()];
  }
  const Rank& entry(int fiber) const {
    const auto i = static_cast<std::size_t>(fiber);
    return i < ranks_.size() ? ranks_[i] : tasks_[i - ranks_.size()];
  }
  static void resume_handler(Engine& engine, void* object, std::int64_t fiber);
  // A resume event's argument: the fiber in the low 32 bits, its generation above.
  static std::int64_t resume_argument(int fiber, std::uint32_t generation) {
    return static_cast<std::int64_t>(fiber) | (static_cast<std::int64_t>(generation) << 32);
  }
  static int resumed_fiber(std::int64_t argument) { return static_cast<int>(argument & 0xffffffff); }
  static std::uint32_t resumed_generation(std::int64_t argument) { return static_cast<std::uint32_t>(argument >> 32); }
  void prefetch_upcoming_resumes() const;
  static void fiber_entry(void* launch);
  // FaultGuard's callback, on the faulting fiber's signal stack: ends the fiber, does not return.
  static void end_faulted_fiber(void* engine, const RankFault& fault);
  // StopGuard's callback: ends the running fiber where it is, does not return.
  static void end_stopped_fiber(void* engine);
  // Whether the run must stop now (a signal, a limit), checked at every step.
  bool stop_due(Time next) const;
  void record_stop();
  void record_fault(const RankFault& fault);
  void schedule_resume(int fiber, Time at);
  void retire_task(int fiber);
  std::string deadlock_report() const;
  std::string stop_report() const;
  // One line per rank that has not finished (blocked: what it waits for; else where it was), at
  // most 64.
  void list_unfinished(std::ostringstream& out) const;

  HugePageArray<Rank> ranks_;                    // written for every rank at start-up: see HugePageArray
  std::unique_ptr<StackPrefaulter> prefaulter_;  // large runs only, until every rank has run once
  std::deque<Rank> tasks_;                       // a deque: entries stay put while a running fiber holds one
  std::vector<int> free_tasks_;                  // finished task slots, reused
  std::size_t stack_bytes_ = 0;
  EventQueue queue_;
  // Resumes due at the current event time, in FIFO order: they run before the next heap event,
  // which keeps time order while sparing the heap most of its traffic.
  std::vector<std::int64_t> ready_;
  std::size_t ready_head_ = 0;
  RankBody body_;
  void* argument_;
  BlockedDescriber describe_blocked_;
  PlaceDescriber describe_place_;
  bool catch_stop_signals_ = false;
  double wall_limit_seconds_ = 0;
  Time virtual_limit_ = std::numeric_limits<Time>::max();
  int stop_signal_ = 0;             // what stopped the run: a signal, or 0 for the virtual-time limit
  int stopped_while_running_ = -1;  // the fiber StopGuard ended where it ran, if any
  mpi::RankSwitchListener* switch_listener_ = nullptr;
  Time event_time_ = 0;
  int current_ = -1;       // the running fiber
  int current_rank_ = -1;  // the rank it is or acts for: World::self() asks at every call
  bool aborted_ = false;
  RunOutcome outcome_;
};

}  // namespace xo::sim
