#pragma once
// While the engine runs, a SIGSEGV handler on its own signal stack turns a fault in a rank's guard
// page into a clear message (which rank, how large its stack, how to enlarge it) instead of a bare
// crash. Any other fault is re-raised with the default action.

#include "fiber_stack.hpp"

namespace xo::sim {

class StackOverflowGuard {
 public:
  StackOverflowGuard();
  ~StackOverflowGuard();
  StackOverflowGuard(const StackOverflowGuard&) = delete;
  StackOverflowGuard& operator=(const StackOverflowGuard&) = delete;

  // Tells the handler which stack and rank are running now.
  static void set_running(const FiberStack& stack, int rank);
  // Back in the engine: faults now are not a rank's stack overflow.
  static void clear_running();
};

}  // namespace xo::sim
