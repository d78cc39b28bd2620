#pragma once
// What the one-sided entry points share: running a call under the window's error handler, the
// epoch and argument checks the standard asks for, waiting on another member, and the window's
// internal collectives.

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "api_call.hpp"
#include "xo/mpi/state/window.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

class Datatype;

// What MPI_WIN_MODEL answers: a window's memory is the process's own, with no copy to reconcile.
inline const int kUnifiedModel = MPI_WIN_UNIFIED;

// Applies `win`'s error handler (MPI_COMM_WORLD's if `win` is not a window): returns the class, or
// ends the run if the handler is fatal.
int apply_window_error_handler(MPI_Win win, int error_class);

template <class Body>
int window_call(const char* name, MPI_Win win, Body&& body) {
  const int result = run_call(name, std::forward<Body>(body));
  return result == MPI_SUCCESS ? MPI_SUCCESS : apply_window_error_handler(win, result);
}

// MPI_ERR_RMA_SYNC unless `target` (a window rank) is in an access epoch of the calling member.
void require_access_epoch(const WindowHandle& w, int target, const char* call);
// MPI_ERR_RANK unless `target` is a rank of the window (MPI_PROC_NULL is checked by the caller).
void require_window_rank(const WindowHandle& w, int target, const char* what);
// MPI_ERR_ASSERT for bits that are not MPI_MODE_* assertions.
void require_assertions(int assert_bits, const char* call);
// Before a call that opens a lock or a post-start-complete-wait epoch: a fence epoch in which
// operations were issued is still open, which is MPI_ERR_RMA_SYNC; an unused one just ends.
void leave_unused_fence_epoch(WindowHandle& w, const char* call);

// The window ranks of `group`'s members, in group order; MPI_ERR_GROUP names one not in the window.
std::vector<int> window_ranks_of(const WindowHandle& w, MPI_Group group, const char* call);

// Runs the machine's barrier on the window's private communicator (not traced as an MPI_Barrier).
void window_barrier(World& world, WindowHandle& w, const char* call);

// Wakes every member blocked on the window: something they may wait for changed.
void wake_window(World& world, WindowShared& shared);

// Blocks the calling rank until `ready`, asked inside a simcall, returns a time, then advances the
// rank's clock to it. `note` says what it waits for in a deadlock report.
template <class Ready>
void wait_on_window(World& world, WindowShared& shared, const std::string& note, Ready&& ready) {
  sim::Engine& engine = world.engine();
  for (;;) {
    std::optional<sim::Time> at;
    {
      sim::Simcall simcall(engine);
      at = ready();
      if (!at) shared.sleepers.push_back(engine.current_fiber());
    }
    if (at) {
      engine.advance_to(*at);
      world.self().meeting_note.clear();
      engine.sync();  // what others did meanwhile happens first
      return;
    }
    world.self().meeting_note = note;
    engine.block();
  }
}

}  // namespace xo::mpi
