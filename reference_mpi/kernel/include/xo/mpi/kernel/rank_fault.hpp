#pragma once
// A rank's code ended by a fault (a signal such as SIGSEGV or SIGABRT, or a stack overflow), and
// the words that say what happened. The engine records one when FaultGuard catches the signal on
// a rank's fiber; the run then ends as an aborted one does.

#include <cstddef>
#include <cstdint>
#include <string>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::sim {

struct RankFault {
  int rank = -1;
  int fiber = -1;  // the rank's own fiber, or a task acting for it
  int signal = 0;  // 0: an overflow the stack's canary found at a switch
  int code = 0;    // siginfo's si_code
  std::uintptr_t address = 0;
  bool stack_overflow = false;
  std::size_t stack_bytes = 0;
  Time time = 0;  // the fiber's clock
};

// "SIGSEGV, a segmentation fault: address 0x10 is not mapped", from the signal and its si_code.
std::string describe_signal(int signal, int code, std::uintptr_t address);
// The exit status a process killed by the fault would have had: 128 + the signal (SIGSEGV for an
// overflow, as a process's own stack overflow is).
int fault_exit_code(const RankFault& fault);
// "--stack-size=16M": twice `stack_bytes`, in whole MiB, for the message of an overflow.
std::string larger_stack_option(std::size_t stack_bytes);
// "rank 3 overflowed its 8192 KiB fiber stack" or "rank 3 was killed by SIGSEGV, ...", then
// `place` (where in the rank's code), the virtual time and, for an overflow, the fix. A `cause`
// replaces what the signal alone says ("SIGABRT, after an uncaught C++ exception ...").
std::string describe_fault(const RankFault& fault, const std::string& place, const std::string& cause = "");

}  // namespace xo::sim
