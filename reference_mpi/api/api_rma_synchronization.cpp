// One-sided synchronisation (MPI-3.1 section 11.5): fence, post-start-complete-wait, locks and
// flushes. Each is modelled as the messages a NIC-based MPI sends for it (rma_messages.hpp): a
// fence is the machine's barrier on the window's private communicator once the member's operations
// landed; a post is a message to each origin, which MPI_Win_start waits for; a completion is a
// message to each target, which MPI_Win_wait counts; a lock is a request the target grants when
// its lock is free, and an unlock a release the target acknowledges once the operations it covers
// are done. A member that must wait for another blocks until that member changes the window.

#include <algorithm>
#include <string>

#include "rma_completion.hpp"
#include "rma_messages.hpp"
#include "rma_trace.hpp"
#include "window_support.hpp"

using xo::mpi::MpiError;
using xo::mpi::window_call;
using xo::mpi::WindowHandle;
using xo::mpi::WindowMember;
using xo::mpi::World;

namespace {

// Moves the rank's clock to `at` and lets what others did meanwhile happen first.
void arrive_at(World& world, xo::sim::Time at) {
  world.engine().advance_to(at);
  world.engine().sync();
}

int world_rank_of_me(const WindowHandle& w) { return w.world_rank(w.rank()); }

std::string rank_text(int window_rank) { return "rank " + std::to_string(window_rank) + " of the window"; }

void require_no_passive_epoch(const WindowHandle& w, const char* call) {
  if (!w.locks.empty() || w.locked_all) {
    throw MpiError(MPI_ERR_RMA_SYNC, std::string(call) +
                                         " while this rank holds a lock on the window: "
                                         "MPI_Win_unlock (MPI_Win_unlock_all) it first");
  }
}

void require_no_active_epoch(const WindowHandle& w, const char* call) {
  if (w.access_started || w.exposed) {
    throw MpiError(MPI_ERR_RMA_SYNC, std::string(call) + " inside a post-start-complete-wait epoch: end it with " +
                                         (w.access_started ? "MPI_Win_complete" : "MPI_Win_wait") + " first");
  }
}

// Whether the lock on `m` can be taken now as `lock_type`.
bool lock_free(const WindowMember& m, int lock_type) {
  return m.exclusive_holder < 0 && (lock_type == MPI_LOCK_SHARED || m.shared_holders == 0);
}

void release_lock(World& world, WindowHandle& w, int target, int lock_type, xo::sim::Time released) {
  {
    xo::sim::Simcall simcall(world.engine());
    WindowMember& m = w.member(target);
    if (lock_type == MPI_LOCK_EXCLUSIVE) {
      m.exclusive_holder = -1;
    } else {
      --m.shared_holders;
    }
    m.lock_free_at = std::max(m.lock_free_at, released);
  }
  xo::mpi::wake_window(world, *w.shared);
}

void require_passive_epoch(const WindowHandle& w, const char* call) {
  if (w.locks.empty() && !w.locked_all) {
    throw MpiError(MPI_ERR_RMA_SYNC,
                   std::string(call) + " outside a passive-target epoch (MPI_Win_lock or MPI_Win_lock_all)");
  }
}

// The passive-target epochs that let this rank flush `target`.
void require_lock_on(const WindowHandle& w, int target, const char* call) {
  if (w.locked_all || w.locks.contains(target)) return;
  throw MpiError(MPI_ERR_RMA_SYNC, std::string(call) + " of " + rank_text(target) +
                                       ", which this rank has not locked (MPI_Win_lock or MPI_Win_lock_all)");
}

// MPI_Win_wait's test: every origin of the exposure epoch completed. Consumes their completions.
std::optional<xo::sim::Time> exposure_done(WindowHandle& w) {
  xo::mpi::WindowNotices& done = w.member(w.rank()).completions;
  const int origins = static_cast<int>(w.exposure_group.size());
  if (done.count < origins) return std::nullopt;
  done.count -= origins;
  return done.landed;
}

}  // namespace

extern "C" {

int MPI_Win_fence(int assert_bits, MPI_Win win) {
  return window_call("MPI_Win_fence", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    xo::mpi::require_assertions(assert_bits, "MPI_Win_fence");
    require_no_passive_epoch(w, "MPI_Win_fence");
    require_no_active_epoch(w, "MPI_Win_fence");
    xo::mpi::RunObserver* observer = world.observer();
    if (observer != nullptr) observer->rma_fence_begin(world.self().world_rank, world.engine().now());
    xo::mpi::complete_all_in_flight(world, w, false);
    // Even a fence asserting MPI_MODE_NOPRECEDE waits for the others: operations issued after it may
    // only reach a target once the target called it too.
    xo::mpi::window_barrier(world, w, "MPI_Win_fence");
    if (observer != nullptr) observer->rma_fence_end(world.self().world_rank, w.shared->id, world.engine().now());
    w.fence_epoch = (assert_bits & MPI_MODE_NOSUCCEED) == 0;
    w.issued_since_fence = false;
  });
}

int MPI_Win_post(MPI_Group group, int assert_bits, MPI_Win win) {
  return window_call("MPI_Win_post", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    xo::mpi::require_assertions(assert_bits, "MPI_Win_post");
    if (w.exposed)
      throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_post while the last post's epoch is open: MPI_Win_wait first");
    require_no_passive_epoch(w, "MPI_Win_post");
    xo::mpi::leave_unused_fence_epoch(w, "MPI_Win_post");
    w.exposure_group = xo::mpi::window_ranks_of(w, group, "MPI_Win_post");
    xo::sim::Engine& engine = world.engine();
    const int me = world_rank_of_me(w);
    for (int origin : w.exposure_group) {
      engine.advance(xo::mpi::issue_overhead(world, me, w.world_rank(origin)));
      const xo::sim::Time landed = xo::mpi::rma_message(world, me, w.world_rank(origin), 0, engine.now(), "post");
      xo::sim::Simcall simcall(engine);
      xo::mpi::WindowNotices& posts = w.member(origin).posts[w.rank()];
      ++posts.count;
      posts.landed = std::max(posts.landed, landed);
    }
    w.exposed = true;
    xo::mpi::wake_window(world, *w.shared);
    xo::mpi::trace_group_sync(world, w, w.exposure_group);
  });
}

int MPI_Win_start(MPI_Group group, int assert_bits, MPI_Win win) {
  return window_call("MPI_Win_start", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    xo::mpi::require_assertions(assert_bits, "MPI_Win_start");
    if (w.access_started) {
      throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_start while the last start's epoch is open: MPI_Win_complete first");
    }
    require_no_passive_epoch(w, "MPI_Win_start");
    xo::mpi::leave_unused_fence_epoch(w, "MPI_Win_start");
    std::vector<int> targets = xo::mpi::window_ranks_of(w, group, "MPI_Win_start");
    // Waits for every target's post, even under MPI_MODE_NOCHECK: operations move their data when
    // issued, so they may only be issued once the target exposed its memory.
    for (int target : targets) {
      const std::string note = "MPI_Win_start, waiting for MPI_Win_post of " + rank_text(target);
      xo::mpi::wait_on_window(world, *w.shared, note, [&]() -> std::optional<xo::sim::Time> {
        auto& posts = w.member(w.rank()).posts;
        const auto post = posts.find(target);
        if (post == posts.end() || post->second.count == 0) return std::nullopt;
        const xo::sim::Time landed = post->second.landed;
        if (--post->second.count == 0) posts.erase(post);
        return landed;
      });
    }
    xo::mpi::trace_group_sync(world, w, targets);
    std::sort(targets.begin(), targets.end());
    w.access_group = std::move(targets);
    w.access_started = true;
  });
}

int MPI_Win_complete(MPI_Win win) {
  return window_call("MPI_Win_complete", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (!w.access_started) throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_complete without MPI_Win_start");
    xo::sim::Engine& engine = world.engine();
    const int me = world_rank_of_me(w);
    for (int target : w.access_group) {
      // The completion goes once the operations to that target landed: it must not overtake them.
      const xo::sim::Time ready = xo::mpi::retire_in_flight(world, w, target);
      const xo::sim::Time landed = xo::mpi::rma_message(world, me, w.world_rank(target), 0, ready, "complete");
      xo::sim::Simcall simcall(engine);
      xo::mpi::WindowNotices& done = w.member(target).completions;
      ++done.count;
      done.landed = std::max(done.landed, landed);
    }
    xo::mpi::trace_group_sync(world, w, w.access_group);
    w.access_started = false;
    w.access_group.clear();
    xo::mpi::wake_window(world, *w.shared);
  });
}

int MPI_Win_wait(MPI_Win win) {
  return window_call("MPI_Win_wait", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (!w.exposed) throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_wait without MPI_Win_post");
    xo::mpi::wait_on_window(world, *w.shared, "MPI_Win_wait, waiting for MPI_Win_complete of the origins",
                            [&] { return exposure_done(w); });
    xo::mpi::trace_group_sync(world, w, w.exposure_group);
    w.exposed = false;
  });
}

int MPI_Win_test(MPI_Win win, int* flag) {
  return window_call("MPI_Win_test", win, [&] {
    xo::mpi::require_pointer(flag, "flag");
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (!w.exposed) throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_test without MPI_Win_post");
    std::optional<xo::sim::Time> done;
    {
      xo::sim::Simcall simcall(world.engine());
      done = exposure_done(w);
    }
    *flag = done ? 1 : 0;
    if (!done) return world.poll_without_progress();
    arrive_at(world, *done);
    xo::mpi::trace_group_sync(world, w, w.exposure_group);
    w.exposed = false;
  });
}

int MPI_Win_lock(int lock_type, int rank, int assert_bits, MPI_Win win) {
  return window_call("MPI_Win_lock", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (lock_type != MPI_LOCK_SHARED && lock_type != MPI_LOCK_EXCLUSIVE) {
      throw MpiError(MPI_ERR_LOCKTYPE,
                     "lock_type " + std::to_string(lock_type) + " is neither MPI_LOCK_SHARED nor MPI_LOCK_EXCLUSIVE");
    }
    xo::mpi::require_assertions(assert_bits, "MPI_Win_lock");
    if (rank == MPI_PROC_NULL) return;
    xo::mpi::require_window_rank(w, rank, "rank");
    if (w.locks.contains(rank) || w.locked_all) {
      throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_lock of " + rank_text(rank) + ", which this rank holds locked already");
    }
    require_no_active_epoch(w, "MPI_Win_lock");
    xo::mpi::leave_unused_fence_epoch(w, "MPI_Win_lock");
    if ((assert_bits & MPI_MODE_NOCHECK) != 0) {  // the program vouches no other lock conflicts
      w.locks[rank] = {lock_type, false, 0};
      return;
    }
    xo::sim::Engine& engine = world.engine();
    const int me = world_rank_of_me(w);
    const int them = w.world_rank(rank);
    engine.advance(xo::mpi::issue_overhead(world, me, them));
    const bool exclusive = lock_type == MPI_LOCK_EXCLUSIVE;
    const std::uint64_t lock_id = xo::mpi::trace_lock_id(world);
    w.locks[rank] = {lock_type, true, lock_id};
    xo::mpi::trace_lock(world, w, rank, exclusive, lock_id, xo::mpi::RmaLockStep::Request);
    const xo::sim::Time requested = xo::mpi::rma_message(world, me, them, 0, engine.now(), "lock-request");
    xo::sim::Time granted = 0;
    xo::mpi::wait_on_window(world, *w.shared, "MPI_Win_lock, waiting for the lock of " + rank_text(rank),
                            [&]() -> std::optional<xo::sim::Time> {
                              WindowMember& m = w.member(rank);
                              if (!lock_free(m, lock_type)) return std::nullopt;
                              if (lock_type == MPI_LOCK_EXCLUSIVE) {
                                m.exclusive_holder = w.rank();
                              } else {
                                ++m.shared_holders;
                              }
                              granted = std::max(requested, m.lock_free_at);
                              return granted;
                            });
    arrive_at(world, xo::mpi::rma_message(world, them, me, 0, granted, "lock-grant"));
    xo::mpi::trace_lock(world, w, rank, exclusive, lock_id, xo::mpi::RmaLockStep::Acquire);
  });
}

int MPI_Win_unlock(int rank, MPI_Win win) {
  return window_call("MPI_Win_unlock", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (rank == MPI_PROC_NULL) return;
    xo::mpi::require_window_rank(w, rank, "rank");
    const auto lock = w.locks.find(rank);
    if (lock == w.locks.end()) {
      throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_unlock of " + rank_text(rank) + ", which this rank has not locked");
    }
    const WindowHandle::HeldLock held = lock->second;
    w.locks.erase(lock);
    if (!held.taken) return xo::mpi::complete_in_flight(world, w, rank, true);
    // The release follows the operations it covers; the target acknowledges it once they are done.
    const xo::sim::Time ready = xo::mpi::retire_in_flight(world, w, rank);
    if (held.traced != 0) {
      xo::mpi::trace_lock(world, w, rank, held.type == MPI_LOCK_EXCLUSIVE, held.traced, xo::mpi::RmaLockStep::Release);
    }
    const int me = world_rank_of_me(w);
    const int them = w.world_rank(rank);
    const xo::sim::Time released = xo::mpi::rma_message(world, me, them, 0, ready, "unlock");
    release_lock(world, w, rank, held.type, released);
    arrive_at(world, xo::mpi::rma_message(world, them, me, 0, released, "ack"));
  });
}

int MPI_Win_lock_all(int assert_bits, MPI_Win win) {
  return window_call("MPI_Win_lock_all", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    xo::mpi::require_assertions(assert_bits, "MPI_Win_lock_all");
    if (w.locked_all || !w.locks.empty()) {
      throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_lock_all while this rank holds a lock on the window already");
    }
    require_no_active_epoch(w, "MPI_Win_lock_all");
    xo::mpi::leave_unused_fence_epoch(w, "MPI_Win_lock_all");
    w.locked_all = true;
    w.locked_all_unchecked = (assert_bits & MPI_MODE_NOCHECK) != 0;
    if (w.locked_all_unchecked) return;
    // A shared lock on every member, taken as MPICH takes it: lazily, with no message until an
    // operation needs one; so it only waits while some member is locked exclusively.
    xo::mpi::wait_on_window(world, *w.shared, "MPI_Win_lock_all, waiting for an exclusive lock to be released",
                            [&]() -> std::optional<xo::sim::Time> {
                              xo::sim::Time free_at = world.engine().now();
                              for (const WindowMember& m : w.shared->members) {
                                if (m.exclusive_holder >= 0) return std::nullopt;
                                free_at = std::max(free_at, m.lock_free_at);
                              }
                              for (WindowMember& m : w.shared->members) ++m.shared_holders;
                              return free_at;
                            });
  });
}

int MPI_Win_unlock_all(MPI_Win win) {
  return window_call("MPI_Win_unlock_all", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (!w.locked_all) throw MpiError(MPI_ERR_RMA_SYNC, "MPI_Win_unlock_all without MPI_Win_lock_all");
    xo::mpi::complete_all_in_flight(world, w, true);
    w.locked_all = false;
    if (w.locked_all_unchecked) return;
    {
      xo::sim::Simcall simcall(world.engine());
      for (WindowMember& m : w.shared->members) --m.shared_holders;
    }
    xo::mpi::wake_window(world, *w.shared);
  });
}

int MPI_Win_flush(int rank, MPI_Win win) {
  return window_call("MPI_Win_flush", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (rank == MPI_PROC_NULL) return;
    xo::mpi::require_window_rank(w, rank, "rank");
    require_lock_on(w, rank, "MPI_Win_flush");
    xo::mpi::complete_in_flight(world, w, rank, true);
    if (xo::mpi::RunObserver* observer = world.observer()) {
      observer->rma_flush(world.self().world_rank, w.shared->id, rank, world.engine().now());
    }
  });
}

int MPI_Win_flush_all(MPI_Win win) {
  return window_call("MPI_Win_flush_all", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    require_passive_epoch(w, "MPI_Win_flush_all");
    xo::mpi::complete_all_in_flight(world, w, true);
  });
}

// Local completion: the origin's buffers may be reused. A put's data left them when it was issued,
// so only what comes back (a get's data) is waited for, and the target is not asked.
int MPI_Win_flush_local(int rank, MPI_Win win) {
  return window_call("MPI_Win_flush_local", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (rank == MPI_PROC_NULL) return;
    xo::mpi::require_window_rank(w, rank, "rank");
    require_lock_on(w, rank, "MPI_Win_flush_local");
    xo::mpi::send_queued(world, w, rank);
    if (const auto ops = w.in_flight.find(rank); ops != w.in_flight.end()) {
      arrive_at(world, ops->second.landed);
    }
  });
}

int MPI_Win_flush_local_all(MPI_Win win) {
  return window_call("MPI_Win_flush_local_all", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    require_passive_epoch(w, "MPI_Win_flush_local_all");
    xo::mpi::send_queued(world, w, -1);
    xo::sim::Time done = 0;
    for (const auto& [target, ops] : w.in_flight) done = std::max(done, ops.landed);
    arrive_at(world, done);
  });
}

// The memory model is unified (MPI_WIN_MODEL): the window's public and private copies are one.
int MPI_Win_sync(MPI_Win win) {
  return window_call("MPI_Win_sync", win, [&] { World::current().self().windows.get(win); });
}

}  // extern "C"
