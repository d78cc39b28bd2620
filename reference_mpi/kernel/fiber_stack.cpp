#include "fiber_stack.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace xo::sim {

namespace {

constexpr std::uint64_t kCanary = 0x5854'4f43'414e'4152ULL;  // "XTOCANAR"

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

}  // namespace

FiberStack::FiberStack(std::size_t usable_bytes, bool guard_page) {
  const std::size_t page = page_size();
  guard_ = guard_page ? page : 0;
  mapped_ = round_up(usable_bytes, page) + guard_;
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
      guard_(std::exchange(other.guard_, 0)) {}

FiberStack& FiberStack::operator=(FiberStack&& other) noexcept {
  if (this != &other) {
    release();
    base_ = std::exchange(other.base_, nullptr);
    mapped_ = std::exchange(other.mapped_, 0);
    guard_ = std::exchange(other.guard_, 0);
  }
  return *this;
}

void FiberStack::release() {
  if (base_ != nullptr) munmap(base_, mapped_);
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
  std::ifstream in("/proc/sys/vm/max_map_count");
  in >> max_maps;
  // Keep a quarter (at least 4096) of the mappings for the program, the allocator and the trace.
  const std::size_t reserve = std::max<std::size_t>(4096, max_maps / 4);
  return max_maps > reserve ? (max_maps - reserve) / 2 : 0;
}

}  // namespace xo::sim
