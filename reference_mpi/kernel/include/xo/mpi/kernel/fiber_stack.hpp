#pragma once
// Stacks for rank fibers: mmap'd, touched lazily (memory is what a rank really uses), with a
// PROT_NONE guard page below each stack while the kernel's mapping budget allows it, and a canary
// (a cache line right below the stack, kept zero; fiber_stack.cpp) checked at every switch for the
// stacks beyond that budget. A guarded stack has no canary: the guard page stops an overflow.
// Released stacks are kept for the next simulation in the process (fiber_stack.cpp's StackPool).

#include <cstddef>
#include <cstdint>

namespace xo::sim {

class FiberStack {
 public:
  static constexpr std::size_t kCanaryBytes = 64;  // a cache line

  FiberStack() = default;
  // Throws std::runtime_error if the memory cannot be mapped.
  FiberStack(std::size_t usable_bytes, bool guard_page);
  ~FiberStack();
  FiberStack(FiberStack&& other) noexcept;
  FiberStack& operator=(FiberStack&& other) noexcept;
  FiberStack(const FiberStack&) = delete;
  FiberStack& operator=(const FiberStack&) = delete;

  void* top() const { return base_ + mapped_ - above_top(); }  // stacks grow down
  std::size_t usable_bytes() const { return mapped_ - guard_ - above_top(); }
  bool guarded() const { return guard_ != 0; }
  // True for a guarded stack (read at every switch: the guarded case costs no call); else whether
  // the canary is untouched.
  bool canary_intact() const { return guard_ != 0 || zero_canary_intact(); }
  // True if `address` lies in this stack's guard page.
  bool in_guard(const void* address) const;
  // True if `address` lies below the usable stack (in the guard page or beyond it).
  bool below(const void* address) const;

 private:
  // A slice of a chunk leaves its top line to the canary of the slice above it (fiber_stack.cpp).
  std::size_t above_top() const { return chunk_ >= 0 ? kCanaryBytes : 0; }
  // Unguarded stacks: a slice's lies below its lowest byte, a mapping of its own has it as its lowest line.
  std::uint8_t* canary() const { return chunk_ >= 0 ? base_ - kCanaryBytes : base_; }
  void release();
  bool zero_canary_intact() const;

  std::uint8_t* base_ = nullptr;
  std::size_t mapped_ = 0;
  std::size_t guard_ = 0;
  std::size_t pool_size_ = 0;  // the usable size asked for: released stacks are pooled by it
  int chunk_ = -1;             // the pool's chunk it is a slice of (unguarded stacks), or -1
};

// How many stacks may get a guard page: each guarded stack costs two kernel mappings, and
// vm.max_map_count (65530 by default) caps mappings per process.
std::size_t guard_page_budget();

}  // namespace xo::sim
