#pragma once
// While the engine runs, SIGINT, SIGTERM and SIGHUP, and the end of a wall-time limit, ask the run
// to stop instead of killing the process: the engine stops at its next step, reports where every
// rank was, and the trace is written. A rank that computes without calling MPI (an endless loop)
// gives the engine no next step: if the same rank still runs a second after the request, or at a
// second Ctrl-C, the handler ends it where it is, as FaultGuard ends a faulted rank.

namespace xo::sim {

class StopGuard {
 public:
  // Called on the simulation thread, in the handler, with a rank's fiber running: ends that fiber
  // and does not return.
  using EndRunning = void (*)(void* engine);

  // `catch_signals`: SIGINT, SIGTERM and SIGHUP stop the run (a program's run under xo run; a
  // simulation inside a tool leaves them to the tool). `wall_limit_seconds` > 0 arms a timer that
  // asks to stop once that much wall time has passed.
  StopGuard(EndRunning end_running, void* engine, bool catch_signals, double wall_limit_seconds);
  ~StopGuard();
  StopGuard(const StopGuard&) = delete;
  StopGuard& operator=(const StopGuard&) = delete;

  // The signal that asked to stop (SIGALRM: the wall-time limit), or 0. A plain load: the engine
  // asks at every step.
  static int requested();
};

}  // namespace xo::sim
