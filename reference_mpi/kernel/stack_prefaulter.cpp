#include "xo/mpi/kernel/stack_prefaulter.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <system_error>

namespace xo::sim {

void StackPrefaulter::start() {
  try {
    thread_ = std::thread([this] { populate(); });
  } catch (const std::system_error&) {
    // No thread to spare (a process limit): the ranks take their faults themselves, as before.
  }
}

StackPrefaulter::~StackPrefaulter() {
  reached_.store(tops_.size(), std::memory_order_relaxed);
  if (thread_.joinable()) thread_.join();
}

void StackPrefaulter::populate() {
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  for (std::size_t i = tops_.size(); i-- > 0;) {
    if (i <= reached_.load(std::memory_order_relaxed)) return;
    const auto top = reinterpret_cast<std::uintptr_t>(tops_[i]);
    if (madvise(reinterpret_cast<void*>((top - 1) & ~(page - 1)), page, MADV_POPULATE_WRITE) != 0) return;
  }
}

}  // namespace xo::sim
