#pragma once
// Where the program called MPI, as mpiP and Score-P name it: the return address into the program
// of the MPI entry point being entered. Found by walking the frame-pointer chain of the reference
// MPI's own frames (xompi is compiled with frame pointers for this) up to the first return address
// outside the reference MPI's code: a few loads a call, where an unwinder would take microseconds.
// The address is turned into a source file and line only when the trace is written.

#include <cstdint>

namespace xo::mpi {

// The first return address above `frame` (the caller's frame pointer) that lies outside the code
// of the object the reference MPI is linked into. 0 if there is none below `stack_top` within a
// few frames: the chain left the stack, or the program is linked into the same object as the
// reference MPI (a test binary) and has no code of its own to return to.
std::uintptr_t program_call_site(const void* frame, const void* stack_top);

}  // namespace xo::mpi
