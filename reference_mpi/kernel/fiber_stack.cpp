#include "fiber_stack.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace xo::sim {

namespace {

constexpr std::uint64_t kCanary = 0x5854'4f43'414e'4152ULL;  // "XTOCANAR"

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

// Stacks released by finished simulations, kept for the next one in this process. A mmap and
// munmap pair costs about 10 us of system time, so the many simulations of `xo calibrate` and the
// tests (600,000 stacks for the XE6's calibration alone) spent most of their time making stacks.
// One usable size at a time: a request for another size empties the pool, so idle stacks never
// hold more mappings than the largest simulation needed.
class StackPool {
 public:
  struct Mapping {
    std::uint8_t* base;
    std::size_t mapped;
    std::size_t guard;
  };

  static StackPool& instance() {
    static StackPool pool;
    return pool;
  }

  // A released stack of `usable` bytes, with a guard page if `guarded` and one is left.
  std::optional<Mapping> take(std::size_t usable, bool guarded) {
    std::lock_guard lock(mutex_);
    if (usable != usable_) return std::nullopt;
    std::vector<Mapping>& stacks = guarded ? guarded_ : plain_;
    if (stacks.empty()) return std::nullopt;
    const Mapping m = stacks.back();
    stacks.pop_back();
    return m;
  }

  void give(std::size_t usable, const Mapping& m) {
    std::lock_guard lock(mutex_);
    if (usable != usable_) {
      empty();
      usable_ = usable;
    }
    if (guarded_.size() + plain_.size() >= kMaxStacks) {
      munmap(m.base, m.mapped);
      return;
    }
    (m.guard != 0 ? guarded_ : plain_).push_back(m);
  }

 private:
  static constexpr std::size_t kMaxStacks = 1 << 17;

  void empty() {
    for (const Mapping& m : guarded_) munmap(m.base, m.mapped);
    for (const Mapping& m : plain_) munmap(m.base, m.mapped);
    guarded_.clear();
    plain_.clear();
  }

  std::mutex mutex_;
  std::size_t usable_ = 0;
  std::vector<Mapping> guarded_;
  std::vector<Mapping> plain_;
};

}  // namespace

FiberStack::FiberStack(std::size_t usable_bytes, bool guard_page) {
  const std::size_t page = page_size();
  guard_ = guard_page ? page : 0;
  pool_size_ = round_up(usable_bytes, page);
  mapped_ = pool_size_ + guard_;
  if (const auto reused = StackPool::instance().take(pool_size_, guard_page)) {
    base_ = reused->base;
    mapped_ = reused->mapped;
    guard_ = reused->guard;
    std::memcpy(base_ + guard_, &kCanary, sizeof kCanary);
    return;
  }
  void* memory = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED) {
    throw std::runtime_error("cannot map a " + std::to_string(mapped_ / 1024) + " KiB fiber stack: " +
                             std::strerror(errno) + "; lower --stack-size or the rank count");
  }
  base_ = static_cast<std::uint8_t*>(memory);
  if (guard_ != 0 && mprotect(base_, guard_, PROT_NONE) != 0) guard_ = 0;  // fall back to the canary alone
  std::memcpy(base_ + guard_, &kCanary, sizeof kCanary);
}

FiberStack::~FiberStack() { release(); }

FiberStack::FiberStack(FiberStack&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)),
      mapped_(std::exchange(other.mapped_, 0)),
      guard_(std::exchange(other.guard_, 0)),
      pool_size_(std::exchange(other.pool_size_, 0)) {}

FiberStack& FiberStack::operator=(FiberStack&& other) noexcept {
  if (this != &other) {
    release();
    base_ = std::exchange(other.base_, nullptr);
    mapped_ = std::exchange(other.mapped_, 0);
    guard_ = std::exchange(other.guard_, 0);
    pool_size_ = std::exchange(other.pool_size_, 0);
  }
  return *this;
}

void FiberStack::release() {
  if (base_ != nullptr) StackPool::instance().give(pool_size_, {base_, mapped_, guard_});
  base_ = nullptr;
}

bool FiberStack::canary_intact() const {
  std::uint64_t word = 0;
  std::memcpy(&word, base_ + guard_, sizeof word);
  return word == kCanary;
}

bool FiberStack::in_guard(const void* address) const {
  const auto* a = static_cast<const std::uint8_t*>(address);
  return guard_ != 0 && a >= base_ && a < base_ + guard_;
}

bool FiberStack::below(const void* address) const {
  return static_cast<const std::uint8_t*>(address) < base_ + guard_;
}

std::size_t guard_page_budget() {
  std::size_t max_maps = 65530;
  std::ifstream("/proc/sys/vm/max_map_count") >> max_maps;
  // What the process maps already (the program, and under privatization a copy of it per rank).
  std::size_t in_use = 0;
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) ++in_use;
  // Keep a quarter (at least 4096) of the mappings for the program, the allocator and the trace.
  const std::size_t reserve = std::max<std::size_t>(4096, max_maps / 4) + in_use;
  return max_maps > reserve ? (max_maps - reserve) / 2 : 0;
}

}  // namespace xo::sim
