#include <algorithm>
#include <cstring>
#include <string>

#include "api_call.hpp"
#include "call_site.hpp"
#include "nonblocking_collective.hpp"
#include "xo/mpi/protocol/entry_points.hpp"
#include "xo/mpi/state/compute_clock.hpp"
#include "xo/mpi/state/error_text.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

DatatypeTable& current_datatypes() { return World::current().self().datatypes; }
GroupTable& current_groups() { return World::current().self().groups; }
OpTable& current_ops() { return World::current().self().ops; }
RankState& current_rank_state() { return World::current().self(); }
int current_world_rank() { return World::current().self().world_rank; }

void require_pointer(const void* pointer, const char* what) {
  if (pointer == nullptr) throw MpiError(MPI_ERR_ARG, std::string(what) + " is a null pointer");
}

void require_count(long count) {
  if (count < 0) throw MpiError(MPI_ERR_COUNT, "count " + std::to_string(count) + " is negative");
}

void copy_string_out(const std::string& text, char* out, int* length, std::size_t capacity) {
  const std::size_t n = std::min(text.size(), capacity - 1);
  std::memcpy(out, text.data(), n);
  out[n] = '\0';
  *length = static_cast<int>(n);
}

bool enter_call(const char* name) {
  World::require_simulation_thread(name);
  World& world = World::current();
  RankState& self = world.self();
  const bool usable = self.initialized && !self.finalized;
  if (world.running_task()) return usable;  // a nonblocking collective's twin: the rank is in its own call
  if (self.call_depth++ > 0) return usable;
  if (world.compute() == ComputeMode::Measured) {
    const std::int64_t computed = compute_clock_ns() - self.compute_mark_ns - world.compute_clock_cost_ns();
    if (computed >= world.compute_threshold_ns()) {
      const double seconds = static_cast<double>(computed) * 1e-9 * world.machine().cpu_factor();
      world.engine().advance(sim::seconds_to_time(seconds));
    }
  }
  self.call = name;
  self.entered_at = world.engine().now();
  entering_mpi(world, self);
  world.engine().sync();
  if (RunObserver* observer = world.observer()) {
    const std::uintptr_t site = observer->wants_call_sites()
                                    ? program_call_site(__builtin_frame_address(0), world.engine().running_stack_top())
                                    : 0;
    observer->call_entered(self.world_rank, name, world.engine().now(), site);
  }
  return usable;
}

void leave_call() {
  World& world = World::current();
  RankState& self = world.self();
  if (world.running_task()) return;
  if (--self.call_depth > 0) return;
  if (RunObserver* observer = world.observer()) {
    observer->call_left(self.world_rank, self.call, world.engine().now());
  }
  self.last_call = self.call;
  self.call = nullptr;
  if (world.compute() == ComputeMode::Measured) self.compute_mark_ns = compute_clock_ns();
}

void check_call_allowed(const char* name) {
  const RankState& self = World::current().self();
  static constexpr const char* kAlwaysAllowed[] = {
      "MPI_Initialized", "MPI_Finalized", "MPI_Get_version", "MPI_Get_library_version", "MPI_Error_string",
      "MPI_Error_class", "MPI_Wtime",     "MPI_Wtick",       "MPI_Get_processor_name"};
  for (const char* allowed : kAlwaysAllowed) {
    if (std::strcmp(name, allowed) == 0) return;
  }
  if (std::strncmp(name, "MPI_Info_", 9) == 0) return;  // MPI-4.0 section 11.2.1
  if (!self.initialized) {
    if (std::strcmp(name, "MPI_Init") == 0 || std::strcmp(name, "MPI_Init_thread") == 0) return;
    throw MpiError(MPI_ERR_OTHER, std::string(name) + " was called before MPI_Init; call MPI_Init first");
  }
  throw MpiError(MPI_ERR_OTHER, std::string(name) +
                                    " was called after MPI_Finalize; no MPI call but "
                                    "MPI_Initialized and MPI_Finalized is allowed then");
}

int record_error(const char* call, const MpiError& error) {
  RankState& self = World::current().self();
  if (const char* nonblocking = note_background_error(error.what())) call = nonblocking;
  const int code = error.error_class();  // a predefined class, or a code a callback returned
  const std::string label =
      code >= MPI_SUCCESS && code <= MPI_ERR_LASTCODE ? error_class_name(code) : "error code " + std::to_string(code);
  self.last_error = "rank " + std::to_string(self.world_rank) + ": " + call + ": " + error.what() + " [" + label + "]";
  return error.error_class();
}

int apply_error_handler(MPI_Comm comm, int error_class) {
  World& world = World::current();
  RankState& self = world.self();
  MPI_Errhandler handler = MPI_ERRORS_ARE_FATAL;
  MPI_Comm target = comm;
  if (CommHandle* handle = self.comms.find(comm)) {
    handler = handle->errhandler;
  } else if (CommHandle* world_handle = self.comms.find(MPI_COMM_WORLD)) {
    handler = world_handle->errhandler;  // errors with no valid communicator go to MPI_COMM_WORLD's handler
    target = MPI_COMM_WORLD;
  }
  if (handler == MPI_ERRORS_RETURN) return error_class;
  if (MPI_Comm_errhandler_function* function = self.errhandlers.function(handler)) {
    int code = error_class;
    function(&target, &code);  // outside the call: the handler may call MPI itself
    return error_class;
  }
  world.engine().abort(1, self.last_error);
}

}  // namespace xo::mpi
