#pragma once
// Starting a very large run is bound by first-touch page faults: each rank's first run writes
// the top page of its fiber stack, and on a virtual machine a fault that zeroes a page costs
// microseconds (bench/million_ranks: a million ranks spent most of their start in the kernel).
// A helper thread takes those faults on another core, from the last rank's stack down, while the
// engine runs ranks from the first up; it stops where they meet. It only asks the kernel to make
// pages present (MADV_POPULATE_WRITE, Linux 5.14): contents are untouched, so it cannot race with
// the ranks' own writes, and nothing changes in the simulation. On an older kernel the first
// request fails and the thread ends.

#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace xo::sim {

class StackPrefaulter {
 public:
  // Pages [top - page, top) of each stack in `tops` (in the order ranks first run), but for the
  // first's: the engine runs that rank at once.
  explicit StackPrefaulter(std::vector<void*> tops) : tops_(std::move(tops)) {}
  ~StackPrefaulter();
  StackPrefaulter(const StackPrefaulter&) = delete;
  StackPrefaulter& operator=(const StackPrefaulter&) = delete;

  // Starts the thread; without one (a thread limit), the ranks take their own faults.
  void start();
  // Engine side: the rank at `index` of `tops` runs for the first time; the thread stops there.
  void reached(std::size_t index) { reached_.store(index, std::memory_order_relaxed); }

 private:
  void populate();

  std::vector<void*> tops_;
  std::atomic<std::size_t> reached_{0};
  std::thread thread_;
};

}  // namespace xo::sim
