#pragma once
// Every MPI_Xxx entry point runs its body through api_call(): it marks the rank as inside an MPI
// call (compute-time accounting, deadlock reports), checks that MPI is initialized, and maps a
// thrown MpiError to the error handler of the communicator the call names (MPI_ERRORS_ARE_FATAL
// by default). A fatal error ends the run only after the catch block has exited, because a fiber
// must never be switched away from inside a catch block.

#include <mpi.h>

#include <cstddef>
#include <new>
#include <string>
#include <utility>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

class DatatypeTable;
class GroupTable;
class OpTable;
struct RankState;

// Tables of the rank whose fiber is running. Only valid inside an MPI call of a simulated rank.
DatatypeTable& current_datatypes();
GroupTable& current_groups();
OpTable& current_ops();
RankState& current_rank_state();
int current_world_rank();  // of the simulated rank whose fiber is running

// Marks the rank as inside `name` and returns whether MPI is usable (initialized, not finalized).
bool enter_call(const char* name);
void leave_call();
// Throws MpiError if `name` may not be called now (before MPI_Init or after MPI_Finalize).
void check_call_allowed(const char* name);
// Remembers the error for the report and returns its class.
int record_error(const char* call, const MpiError& error);
// Applies the communicator's error handler: returns the class, or ends the run if fatal.
int apply_error_handler(MPI_Comm comm, int error_class);

// Argument checks shared by the entry points.
void require_pointer(const void* pointer, const char* what);  // MPI_ERR_ARG naming `what`
void require_count(long count);                               // MPI_ERR_COUNT if negative
// Copies `text` to a caller's buffer of `capacity` bytes (truncating, NUL-terminated) and sets
// *length to the characters copied, as the MPI calls that return names and strings do.
void copy_string_out(const std::string& text, char* out, int* length, std::size_t capacity);

// Runs `body` as the entry point `name` and returns the class of the error it raised, if any, with
// no error handler applied: api_call applies the communicator's, window calls the window's.
template <class Body>
int run_call(const char* name, Body&& body) {
  const bool usable = enter_call(name);
  int result = MPI_SUCCESS;
  try {
    if (!usable) check_call_allowed(name);
    body();
  } catch (const MpiError& error) {
    result = record_error(name, error);
  } catch (const std::bad_alloc&) {
    result = record_error(name, MpiError(MPI_ERR_NO_MEM, "the host ran out of memory for this call"));
  }
  leave_call();
  return result;
}

template <class Body>
int api_call(const char* name, MPI_Comm comm, Body&& body) {
  const int result = run_call(name, std::forward<Body>(body));
  return result == MPI_SUCCESS ? MPI_SUCCESS : apply_error_handler(comm, result);
}

}  // namespace xo::mpi
