#pragma once
// While the engine runs, a fault in the running rank's code (SIGSEGV, SIGBUS, SIGFPE, SIGILL, and
// SIGABRT, which abort(), a failed assert() and an uncaught C++ exception raise) ends that rank
// instead of the process. The handler, on its own signal stack, hands the fault to the engine,
// which switches from the handler straight back to its own context, as if the rank had blocked
// for good: the run then ends as an aborted run does, the other ranks' output flushed and the
// trace of everything before the fault written. This holds as long as the fault left the
// simulator's own memory intact; a wild write into it can still bring the process down, and then
// the handler's second entry prints one line and lets the signal kill the process.
// A fault outside any rank's code (in the engine, or on a thread the program started) gets one
// line naming where it happened, then the signal's default action.

#include "xo/mpi/kernel/fiber_stack.hpp"
#include "xo/mpi/kernel/rank_fault.hpp"

namespace xo::sim {

class FaultGuard {
 public:
  // Called on the faulting fiber's signal stack; ends that fiber and does not return.
  using RankFaulted = void (*)(void* engine, const RankFault& fault);

  FaultGuard(RankFaulted rank_faulted, void* engine);
  ~FaultGuard();
  FaultGuard(const FaultGuard&) = delete;
  FaultGuard& operator=(const FaultGuard&) = delete;

  // Tells the handler which stack and rank are running now.
  static void set_running(const FiberStack& stack, int rank, int fiber);
  // Back in the engine: faults now are not a rank's.
  static void clear_running();
  // Whether a rank's fiber runs now, and how many times one was resumed so far (StopGuard tells
  // by them whether a rank went on running since it asked to stop). Async-signal-safe.
  static bool running();
  static unsigned long resumes();
};

}  // namespace xo::sim
