// MPI windows (MPI-3.1 sections 11.2 and 11.3.7): creating and freeing them, their group, name and
// error handler (attributes: api_window_attributes.cpp). A window's members meet on a private duplicate of its
// communicator, as MPICH's do: its internal collectives (the exchange of each member's memory at creation, the barriers
// of MPI_Win_free and MPI_Win_fence) run there at the machine's cost, apart from the program's traffic.

#include <algorithm>
#include <cstring>
#include <string>

#include "api_layer.hpp"
#include "rma_completion.hpp"
#include "window_support.hpp"
#include "xo/mpi/collective/collective_dispatch.hpp"
#include "xo/mpi/collective/collective_run.hpp"

using xo::mpi::api_call;
using xo::mpi::MpiError;
using xo::mpi::window_call;
using xo::mpi::WindowHandle;
using xo::mpi::WindowShared;
using xo::mpi::World;

namespace {

// The shared object of the window being made on the private communicator `comm`: the first member
// to arrive makes it, the last takes it out of the table of windows being made.
std::shared_ptr<WindowShared> join_window(World& world, const xo::mpi::CommShared& comm, int parent_context,
                                          int flavor) {
  xo::sim::Simcall simcall(world.engine());
  auto& forming = xo::mpi::ApiLayer::of(world).forming_windows;
  auto [entry, fresh] = forming.try_emplace(comm.context);
  if (fresh) {
    auto shared = std::make_shared<WindowShared>();
    shared->id = comm.context;
    shared->parent_context = parent_context;
    shared->flavor = flavor;
    shared->deferred = world.machine().rma_deferred_to_epoch_end();
    shared->members.resize(static_cast<std::size_t>(comm.group->size()));
    if (xo::mpi::RunObserver* observer = world.observer()) observer->window_defined({comm.context, parent_context});
    entry->second.window = std::move(shared);
  }
  std::shared_ptr<WindowShared> window = entry->second.window;
  if (++entry->second.joined == comm.group->size()) forming.erase(entry);
  return window;
}

// Every member's part of MPI_Win_create and MPI_Win_allocate once its memory is known.
MPI_Win make_window(const char* call, void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                    int flavor, std::unique_ptr<std::byte[]> allocated) {
  World& world = World::current();
  xo::mpi::RankState& self = world.self();
  xo::mpi::CommHandle& parent = self.comms.get(comm);
  if (parent.is_inter()) {
    throw MpiError(MPI_ERR_COMM, std::string(call) +
                                     " needs an intracommunicator; windows on intercommunicators "
                                     "do not exist");
  }
  if (size < 0) throw MpiError(MPI_ERR_SIZE, "size " + std::to_string(size) + " is negative");
  if (disp_unit <= 0) {
    throw MpiError(MPI_ERR_DISP, "disp_unit " + std::to_string(disp_unit) + " must be positive (1 for bytes)");
  }
  if (base == nullptr && size > 0 && flavor == MPI_WIN_FLAVOR_CREATE) {
    throw MpiError(MPI_ERR_ARG, "base is NULL for a window of " + std::to_string(size) + " bytes");
  }
  self.infos.check_or_null(info);  // no hints are understood, but the handle must be valid

  auto window = std::make_unique<WindowHandle>();
  std::shared_ptr<const xo::mpi::CommShared> private_comm =
      world.meetings().meet(world, parent, xo::mpi::MeetingKind::Dup, call, {});
  window->comm.shared = private_comm;
  window->comm.my_rank = parent.my_rank;
  window->shared = join_window(world, *private_comm, parent.shared->context, flavor);
  window->allocated = std::move(allocated);
  {
    xo::sim::Simcall simcall(world.engine());
    xo::mpi::WindowMember& me = window->member(parent.my_rank);
    me.base = static_cast<std::byte*>(base);
    me.size = size;
    me.disp_unit = disp_unit;
  }
  // Every member learns the others' base, size and displacement unit, as an allgather of them would
  // tell it; the members' entries are in place once it ends.
  xo::mpi::CollectiveRun run(world, window->comm, MPI_COMM_NULL, xo::hw::CollectiveOp::Allgather, call);
  run.checked = true;
  constexpr std::int64_t kEntry = sizeof(void*) + sizeof(MPI_Aint) + sizeof(int);
  run.send.resize(kEntry);
  run.recv.resize(static_cast<std::size_t>(kEntry * run.size));
  for (int r = 0; r < run.size; ++r) {
    run.block_offset.push_back(kEntry * r);
    run.block_bytes.push_back(kEntry);
  }
  xo::mpi::run_collective(run);
  if (xo::mpi::RunObserver* observer = world.observer()) {
    observer->window_created(self.world_rank, window->shared->id, world.engine().now());
  }
  return self.windows.add(std::move(window));
}

}  // namespace

extern "C" {

int MPI_Win_create(void* base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win* win) {
  return api_call("MPI_Win_create", comm, [&] {
    xo::mpi::require_pointer(win, "win");
    *win = make_window("MPI_Win_create", base, size, disp_unit, info, comm, MPI_WIN_FLAVOR_CREATE, nullptr);
  });
}

int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win) {
  return api_call("MPI_Win_allocate", comm, [&] {
    xo::mpi::require_pointer(baseptr, "baseptr");
    xo::mpi::require_pointer(win, "win");
    if (size < 0) throw MpiError(MPI_ERR_SIZE, "size " + std::to_string(size) + " is negative");
    // Zeroed, as the memory of a fresh process would be; at least one byte so the base is not NULL.
    auto memory = std::make_unique<std::byte[]>(static_cast<std::size_t>(size > 0 ? size : 1));
    void* base = memory.get();
    *win =
        make_window("MPI_Win_allocate", base, size, disp_unit, info, comm, MPI_WIN_FLAVOR_ALLOCATE, std::move(memory));
    std::memcpy(baseptr, &base, sizeof base);  // baseptr is really a void**
  });
}

int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win* win) {
  return api_call("MPI_Win_create_dynamic", comm, [&] {
    xo::mpi::require_pointer(win, "win");
    *win = make_window("MPI_Win_create_dynamic", nullptr, 0, 1, info, comm, MPI_WIN_FLAVOR_DYNAMIC, nullptr);
  });
}

int MPI_Win_attach(MPI_Win win, void* base, MPI_Aint size) {
  return window_call("MPI_Win_attach", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (w.shared->flavor != MPI_WIN_FLAVOR_DYNAMIC) {
      throw MpiError(MPI_ERR_RMA_FLAVOR, "MPI_Win_attach needs a window from MPI_Win_create_dynamic");
    }
    if (size < 0) throw MpiError(MPI_ERR_SIZE, "size " + std::to_string(size) + " is negative");
    if (base == nullptr && size > 0) throw MpiError(MPI_ERR_ARG, "base is NULL");
    xo::sim::Simcall simcall(world.engine());
    w.member(w.rank()).attached.emplace_back(static_cast<std::byte*>(base), size);
  });
}

int MPI_Win_detach(MPI_Win win, const void* base) {
  return window_call("MPI_Win_detach", win, [&] {
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(win);
    if (w.shared->flavor != MPI_WIN_FLAVOR_DYNAMIC) {
      throw MpiError(MPI_ERR_RMA_FLAVOR, "MPI_Win_detach needs a window from MPI_Win_create_dynamic");
    }
    xo::sim::Simcall simcall(world.engine());
    auto& attached = w.member(w.rank()).attached;
    const auto region = std::find_if(attached.begin(), attached.end(),
                                     [&](const auto& r) { return r.first == static_cast<const std::byte*>(base); });
    if (region == attached.end()) {
      throw MpiError(MPI_ERR_RMA_ATTACH, "MPI_Win_detach: no memory at that base is attached to the window");
    }
    attached.erase(region);
  });
}

// One block for every member, laid out in window rank order (MPI-3.1 section 11.2.3: contiguous by
// default), so a member may load and store the others' parts directly.
int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win) {
  return api_call("MPI_Win_allocate_shared", comm, [&] {
    xo::mpi::require_pointer(baseptr, "baseptr");
    xo::mpi::require_pointer(win, "win");
    World& world = World::current();
    xo::mpi::CommHandle& parent = world.self().comms.get(comm);
    for (int r = 1; r < parent.size(); ++r) {
      if (!parent.is_inter() && world.node_of(parent.world_rank(r)) != world.node_of(parent.world_rank(0))) {
        throw MpiError(MPI_ERR_RMA_SHARED,
                       "the communicator's ranks are on several nodes, which share no memory: make one per node "
                       "with MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)");
      }
    }
    *win = make_window("MPI_Win_allocate_shared", nullptr, size, disp_unit, info, comm, MPI_WIN_FLAVOR_SHARED, nullptr);
    WindowHandle& w = world.self().windows.get(*win);
    if (w.rank() == 0) {  // every member's size is known: the first lays the block out
      xo::sim::Simcall simcall(world.engine());
      std::int64_t total = 0;
      for (const xo::mpi::WindowMember& m : w.shared->members) total += m.size;
      w.shared->shared_memory =
          std::make_unique<std::byte[]>(static_cast<std::size_t>(std::max<std::int64_t>(total, 1)));
      std::byte* next = w.shared->shared_memory.get();
      for (xo::mpi::WindowMember& m : w.shared->members) {
        m.base = next;
        next += m.size;
      }
    }
    xo::mpi::window_barrier(world, w, "MPI_Win_allocate_shared");
    void* base = w.member(w.rank()).base;
    std::memcpy(baseptr, &base, sizeof base);  // baseptr is really a void**
  });
}

int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint* size, int* disp_unit, void* baseptr) {
  return window_call("MPI_Win_shared_query", win, [&] {
    xo::mpi::require_pointer(size, "size");
    xo::mpi::require_pointer(disp_unit, "disp_unit");
    xo::mpi::require_pointer(baseptr, "baseptr");
    WindowHandle& w = World::current().self().windows.get(win);
    int member = rank;
    if (rank == MPI_PROC_NULL) {  // the first member with memory (MPI-3.1 section 11.2.3)
      member = 0;
      while (member + 1 < w.size() && w.member(member).size == 0) ++member;
    } else {
      xo::mpi::require_window_rank(w, rank, "rank");
    }
    // Another flavor's memory is not shared: size 0 and no base (MPI-4.0 section 12.2.3).
    const xo::mpi::WindowMember& m = w.member(member);
    const bool shared = w.shared->flavor == MPI_WIN_FLAVOR_SHARED;
    *size = shared ? m.size : 0;
    *disp_unit = m.disp_unit;
    void* base = shared ? m.base : nullptr;
    std::memcpy(baseptr, &base, sizeof base);  // baseptr is really a void**
  });
}

int MPI_Win_free(MPI_Win* win) {
  return window_call("MPI_Win_free", win != nullptr ? *win : MPI_WIN_NULL, [&] {
    xo::mpi::require_pointer(win, "win");
    World& world = World::current();
    WindowHandle& w = world.self().windows.get(*win);
    if (!w.locks.empty() || w.locked_all || w.access_started || w.exposed) {
      throw MpiError(MPI_ERR_RMA_SYNC,
                     "MPI_Win_free while an epoch is open on the window: end it first "
                     "(MPI_Win_unlock, MPI_Win_unlock_all, MPI_Win_complete or MPI_Win_wait)");
    }
    xo::mpi::delete_all_attributes(world.self().keyvals, w.attributes, *win);  // callbacks may still use it
    xo::mpi::complete_all_in_flight(world, w, false);
    xo::mpi::window_barrier(world, w, "MPI_Win_free");  // no member's memory goes while others may use it
    if (xo::mpi::RunObserver* observer = world.observer()) {
      observer->window_destroyed(world.self().world_rank, w.shared->id, world.engine().now());
    }
    world.self().windows.free(*win);
  });
}

int MPI_Win_get_group(MPI_Win win, MPI_Group* group) {
  return window_call("MPI_Win_get_group", win, [&] {
    xo::mpi::require_pointer(group, "group");
    xo::mpi::RankState& self = World::current().self();
    *group = self.groups.add(self.windows.get(win).comm.shared->group);
  });
}

// The predefined attributes (MPI-3.1 section 11.2.6): MPI_WIN_BASE gives the base itself, the others
// a pointer to a value the window keeps.
int MPI_Win_set_name(MPI_Win win, const char* win_name) {
  return window_call("MPI_Win_set_name", win, [&] {
    xo::mpi::require_pointer(win_name, "win_name");
    World::current().self().windows.get(win).name = std::string(win_name, strnlen(win_name, MPI_MAX_OBJECT_NAME - 1));
  });
}

int MPI_Win_get_name(MPI_Win win, char* win_name, int* resultlen) {
  return window_call("MPI_Win_get_name", win, [&] {
    xo::mpi::require_pointer(win_name, "win_name");
    xo::mpi::require_pointer(resultlen, "resultlen");
    xo::mpi::copy_string_out(World::current().self().windows.get(win).name, win_name, resultlen, MPI_MAX_OBJECT_NAME);
  });
}

int MPI_Win_create_errhandler(MPI_Win_errhandler_function* win_errhandler_fn, MPI_Errhandler* errhandler) {
  return api_call("MPI_Win_create_errhandler", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(reinterpret_cast<const void*>(win_errhandler_fn), "win_errhandler_fn");
    xo::mpi::require_pointer(errhandler, "errhandler");
    *errhandler = World::current().self().errhandlers.create(win_errhandler_fn);
  });
}

int MPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler) {
  return window_call("MPI_Win_set_errhandler", win, [&] {
    xo::mpi::RankState& self = World::current().self();
    WindowHandle& w = self.windows.get(win);
    self.errhandlers.check(errhandler);
    w.errhandler = errhandler;
  });
}

int MPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler* errhandler) {
  return window_call("MPI_Win_get_errhandler", win, [&] {
    xo::mpi::require_pointer(errhandler, "errhandler");
    *errhandler = World::current().self().windows.get(win).errhandler;
  });
}

int MPI_Win_call_errhandler(MPI_Win win, int errorcode) {
  const int result = window_call("MPI_Win_call_errhandler", win, [&] {
    xo::mpi::RankState& self = World::current().self();
    self.windows.get(win);
    std::string text = self.errors.text(errorcode);
    if (text.empty()) text = "error class " + std::to_string(self.errors.class_of(errorcode));
    self.last_error = "rank " + std::to_string(self.world_rank) + ": the program raised error code " +
                      std::to_string(errorcode) + " (" + text + ") on a window with MPI_Win_call_errhandler";
  });
  if (result != MPI_SUCCESS) return result;
  xo::mpi::apply_window_error_handler(win, errorcode);  // ends the run if the handler is fatal
  return MPI_SUCCESS;
}

MPI_Fint MPI_Win_c2f(MPI_Win win) { return win; }
MPI_Win MPI_Win_f2c(MPI_Fint win) { return win; }

}  // extern "C"
