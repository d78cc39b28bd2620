#include "window_support.hpp"

#include <algorithm>

#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

int apply_window_error_handler(MPI_Win win, int error_class) {
  World& world = World::current();
  RankState& self = world.self();
  WindowHandle* window = self.windows.find(win);
  if (window == nullptr) return apply_error_handler(MPI_COMM_WORLD, error_class);
  if (window->errhandler == MPI_ERRORS_RETURN) return error_class;
  if (MPI_Win_errhandler_function* function = self.errhandlers.function(window->errhandler)) {
    int code = error_class;
    function(&win, &code);  // outside the call: the handler may call MPI itself
    return error_class;
  }
  world.engine().abort(1, self.last_error);
}

void require_window_rank(const WindowHandle& w, int target, const char* what) {
  if (target < 0 || target >= w.size()) {
    throw MpiError(MPI_ERR_RANK, std::string(what) + " " + std::to_string(target) +
                                     " is not a rank of the window (0.." + std::to_string(w.size() - 1) + ")");
  }
}

void require_access_epoch(const WindowHandle& w, int target, const char* call) {
  if (w.fence_epoch || w.locked_all || w.locks.contains(target)) return;
  if (w.access_started && std::binary_search(w.access_group.begin(), w.access_group.end(), target)) return;
  throw MpiError(MPI_ERR_RMA_SYNC, std::string(call) + " to rank " + std::to_string(target) +
                                       " of the window outside an access epoch to it: open one first with "
                                       "MPI_Win_fence, MPI_Win_start (naming that rank), MPI_Win_lock or "
                                       "MPI_Win_lock_all");
}

void require_assertions(int assert_bits, const char* call) {
  constexpr int kKnown = MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED;
  if ((assert_bits & ~kKnown) != 0) {
    throw MpiError(MPI_ERR_ASSERT, std::string(call) + ": assert " + std::to_string(assert_bits) +
                                       " has bits that are no MPI_MODE_* assertion; pass 0 or MPI_MODE_* values "
                                       "or-ed together");
  }
}

void leave_unused_fence_epoch(WindowHandle& w, const char* call) {
  if (!w.fence_epoch) return;
  if (w.issued_since_fence) {
    throw MpiError(MPI_ERR_RMA_SYNC, std::string(call) +
                                         " while the fence epoch holds operations not yet completed: end it "
                                         "with MPI_Win_fence (MPI_MODE_NOSUCCEED) first");
  }
  w.fence_epoch = false;
}

std::vector<int> window_ranks_of(const WindowHandle& w, MPI_Group group, const char* call) {
  const std::shared_ptr<const Group> members = World::current().self().groups.get(group);
  std::vector<int> ranks;
  ranks.reserve(static_cast<std::size_t>(members->size()));
  for (int i = 0; i < members->size(); ++i) {
    const int rank = w.comm.shared->group->rank_of(members->world_rank(i));
    if (rank == MPI_UNDEFINED) {
      throw MpiError(MPI_ERR_GROUP, std::string(call) + ": member " + std::to_string(i) +
                                        " of the group (MPI_COMM_WORLD rank " + std::to_string(members->world_rank(i)) +
                                        ") is not in the window");
    }
    ranks.push_back(rank);
  }
  return ranks;
}

void window_barrier(World& world, WindowHandle& w, const char* call) {
  CollectiveRun run(world, w.comm, MPI_COMM_NULL, hw::CollectiveOp::Barrier, call);
  run.checked = true;  // an internal step: neither matched against the program's calls nor traced
  run_collective(run);
}

void wake_window(World& world, WindowShared& shared) {
  sim::Simcall simcall(world.engine());
  const sim::Time now = world.engine().now();
  for (int fiber : shared.sleepers) world.engine().wake(fiber, now);
  shared.sleepers.clear();
}

}  // namespace xo::mpi
