#pragma once
// Simcalls: the one way rank code changes what is not its own rank's (SimGrid's term). State is
// either per-rank (rank r's MPI tables, traffic, requests) or shared (the engine's queue and other
// fibers, the world's pools and meeting points, the network's NICs and links). Per-rank state is
// touched by rank r's fibers or on the event side; shared state only on the event side or inside
// a simcall: a `Simcall` scope opened by the narrow entry points that change it (the protocols'
// start_send, a meeting's meet, World::complete; "simcall:" marks each). A simcall runs inline on
// the calling fiber: fibers already exclude each other, and a switch to the engine would reorder
// same-time events. It may block inside; the count is per fiber, so no other fiber runs "inside" it.
//
// Debug builds (no NDEBUG) count the scopes on the running fiber and check every access to shared
// or another rank's state: a violation names both ranks and ends the process. Release builds
// compile all of this away.

#include "xo/mpi/kernel/engine.hpp"

namespace xo::sim {

class Simcall {
 public:
#ifndef NDEBUG
  explicit Simcall(Engine& engine) : engine_(engine) { engine_.enter_simcall(); }
  ~Simcall() { engine_.leave_simcall(); }
#else
  explicit Simcall(Engine&) {}
#endif
  Simcall(const Simcall&) = delete;
  Simcall& operator=(const Simcall&) = delete;

 private:
#ifndef NDEBUG
  Engine& engine_;
#endif
};

// Ends the process (not just the rank: FaultGuard would catch an abort on a fiber) with "internal
// error: rank 3 touched rank 5's <what> outside a simcall"; owner -1: shared state.
[[noreturn]] void simcall_violation(const char* what, int running_rank, int owner);

}  // namespace xo::sim

#ifndef NDEBUG
// Shared state: the event side, or inside a simcall.
#define XO_ENGINE_CONTEXT(engine, what)                                  \
  do {                                                                   \
    if (!(engine).in_engine_context()) [[unlikely]] {                    \
      ::xo::sim::simcall_violation((what), (engine).current_rank(), -1); \
    }                                                                    \
  } while (false)
// Rank `owner`'s state: its own fibers, the event side, or inside a simcall.
#define XO_OWNED_BY(engine, owner, what)                                                                    \
  do {                                                                                                      \
    const int xo_running_rank = (engine).current_rank();                                                    \
    if (xo_running_rank >= 0 && xo_running_rank != (owner) && !(engine).in_engine_context()) [[unlikely]] { \
      ::xo::sim::simcall_violation((what), xo_running_rank, (owner));                                       \
    }                                                                                                       \
  } while (false)
#else
#define XO_ENGINE_CONTEXT(engine, what) static_cast<void>(0)
#define XO_OWNED_BY(engine, owner, what) static_cast<void>(0)
#endif
