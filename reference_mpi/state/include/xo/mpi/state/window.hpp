#pragma once
// An MPI window (MPI-3.1 chapter 11): what its members share, and each member's handle on it.
//
// Shared (WindowShared): every member's memory and the synchronisation that passes between members:
// each target's lock, the posts an origin received (MPI_Win_post) and the completions a target
// received (MPI_Win_complete). It is touched only inside simcalls; a member that must wait for one
// of those blocks in `sleepers` and is woken whenever another member changes it.
//
// Per member (WindowHandle): the epochs it has open and when the operations it issued land. Maps,
// not vectors indexed by rank: a member of a million-rank window talks to a few targets.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"
#include "xo/mpi/state/attributes.hpp"
#include "xo/mpi/state/communicator.hpp"

namespace xo::mpi {

// How many of something arrived, and when the latest landed.
struct WindowNotices {
  int count = 0;
  sim::Time landed = 0;
};

struct WindowMember {
  std::byte* base = nullptr;
  std::int64_t size = 0;
  int disp_unit = 1;
  // A dynamic window's memory (MPI_Win_attach): base and size of each attached region.
  std::vector<std::pair<std::byte*, std::int64_t>> attached;
  // This member as a target: its lock (one exclusive holder, or any number of shared ones), and
  // when the last release of it landed.
  int exclusive_holder = -1;
  int shared_holders = 0;
  sim::Time lock_free_at = 0;
  // This member as an origin: the posts of targets (window ranks) not yet consumed by MPI_Win_start.
  std::map<int, WindowNotices> posts;
  // This member as a target: the MPI_Win_complete calls of its current exposure epoch's origins.
  WindowNotices completions;
};

struct WindowShared {
  int id = 0;              // unique in the run: the private communicator's context
  int parent_context = 0;  // the communicator the window was made on, for the trace
  int flavor = MPI_WIN_FLAVOR_CREATE;
  bool deferred = false;                   // operations wait at the origin until their epoch ends (the machine's MPI)
  std::shared_ptr<const CommShared> comm;  // private: the window's internal collectives run on it
  std::vector<WindowMember> members;       // by window rank
  std::vector<int> sleepers;               // fibers blocked until a member changes the above
  std::unique_ptr<std::byte[]> shared_memory;  // MPI_Win_allocate_shared's one block for all members
};

struct WindowHandle {
  std::shared_ptr<WindowShared> shared;
  CommHandle comm;  // this member's handle on the private communicator
  MPI_Errhandler errhandler = MPI_ERRORS_ARE_FATAL;
  std::string name;
  AttributeList attributes;                // MPI_Win_set_attr's, deleted by MPI_Win_free
  std::unique_ptr<std::byte[]> allocated;  // MPI_Win_allocate's memory

  // Open epochs. A fence opens one on every member until a fence asserting MPI_MODE_NOSUCCEED.
  bool fence_epoch = false;
  bool issued_since_fence = false;
  bool access_started = false;  // MPI_Win_start .. MPI_Win_complete, to `access_group`
  std::vector<int> access_group;
  bool exposed = false;  // MPI_Win_post .. MPI_Win_wait, to `exposure_group`
  std::vector<int> exposure_group;
  // The locks of MPI_Win_lock, by target.
  struct HeldLock {
    int type;              // MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE
    bool taken;            // false under MPI_MODE_NOCHECK: the target's lock was never asked for
    std::uint64_t traced;  // the lock's id in the trace, 0 if untraced
  };
  std::map<int, HeldLock> locks;
  bool locked_all = false;
  bool locked_all_unchecked = false;  // MPI_Win_lock_all with MPI_MODE_NOCHECK: nothing taken

  // Operations issued and not yet completed by a synchronisation, by target: when the last lands,
  // and whether any wrote to the target (a put or an accumulate, which only an acknowledgement from
  // the target tells the origin is complete there).
  struct InFlight {
    sim::Time landed = 0;
    bool wrote = false;
    std::vector<std::uint64_t> traced;  // the operations' matching ids, when a run is traced
  };
  std::map<int, InFlight> in_flight;

  // Operations not yet sent, on a machine that defers them to the end of their epoch: what each
  // sends and brings back, and how the trace names it.
  struct Queued {
    int target;
    std::int64_t out;
    std::int64_t back;  // < 0: nothing comes back
    bool writes;
    const char* path_out;
    const char* path_back;
    std::uint64_t traced;
  };
  std::vector<Queued> queued;

  int rank() const { return comm.my_rank; }
  int size() const { return comm.size(); }
  int world_rank(int window_rank) const { return comm.world_rank(window_rank); }
  WindowMember& member(int window_rank) { return shared->members[static_cast<std::size_t>(window_rank)]; }
};

// A rank's MPI_Win handles, from 1 up; freed handles are not reused, so a stale one is reported.
class WindowTable {
 public:
  MPI_Win add(std::unique_ptr<WindowHandle> window);
  // Throws MpiError(MPI_ERR_WIN) for MPI_WIN_NULL, unknown and freed handles.
  WindowHandle& get(MPI_Win win);
  WindowHandle* find(MPI_Win win);
  // Drops the handle (the memory of MPI_Win_allocate with it) and sets it to MPI_WIN_NULL.
  void free(MPI_Win& win);

 private:
  std::vector<std::unique_ptr<WindowHandle>> slots_;  // index = handle - 1; null once freed
};

}  // namespace xo::mpi
