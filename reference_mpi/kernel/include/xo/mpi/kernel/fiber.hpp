#pragma once
// A rank's fiber: a stack plus a saved context (Boost.Context's fcontext, the primitive under
// boost::context::fiber, used directly so that an aborted run can drop suspended fibers without
// unwinding them). The engine resumes a fiber; the fiber suspends back to the engine.

#include <boost/context/detail/fcontext.hpp>

#include "xo/mpi/kernel/fiber_stack.hpp"

namespace xo::sim {

class Fiber {
 public:
  using Entry = void (*)(void* argument);

  Fiber(FiberStack stack, Entry entry, void* argument);
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  // Engine side: run the fiber until it suspends or finishes.
  void resume();
  // Fiber side: return control to the engine; returns when resumed.
  void suspend();

  bool finished() const { return finished_; }
  // Where a suspended fiber's saved registers and innermost frames lie (null before its first run).
  const void* saved_context() const { return context_; }
  const FiberStack& stack() const { return stack_; }

 private:
  static void trampoline(boost::context::detail::transfer_t transfer);

  FiberStack stack_;
  Entry entry_;
  void* argument_;
  boost::context::detail::fcontext_t context_ = nullptr;  // the fiber's, while it is suspended
  boost::context::detail::fcontext_t engine_ = nullptr;   // the engine's, while the fiber runs
  bool finished_ = false;
};

}  // namespace xo::sim
