#include "xo/mpi/kernel/fiber_stack.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace xo::sim {

namespace {

// The canary of a stack without a guard page: a cache line right below its lowest byte, which
// must stay zero and which an overflow writes first. Fresh anonymous memory is zero, so the canary
// costs no write. It must not cost a page either: a million ranks cannot afford a page per stack
// for it, and some hosts back even a read of an untouched page with a page of its own (no shared
// zero page; this VM charged 15 us a read fault, bench/million_ranks). So the canary of a slice
// of a chunk lies in the top line of the slice below, which that slice's fiber never uses and
// whose page its first frame makes resident anyway; the lowest slice's lies in a page of its own
// at the chunk's start (a page per kChunkStacks stacks). An overflow that writes only zeros
// there goes unnoticed; frames hold return addresses, which are not zero.
constexpr std::size_t kCanaryBytes = FiberStack::kCanaryBytes;

bool all_zero(const std::uint8_t* bytes) {
  std::uint64_t any = 0;
  for (std::size_t i = 0; i < kCanaryBytes; i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, bytes + i, sizeof word);
    any |= word;
  }
  return any == 0;
}

std::size_t page_size() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

// The stacks of rank fibers, and those released by finished simulations, kept for the next one
// in this process. A mmap and munmap pair costs about 10 us of system time, so the many
// simulations of `xo calibrate` and the tests (600,000 stacks for the XE6's calibration alone)
// spent most of their time making stacks. Stacks without a guard page come in chunks of
// kChunkStacks from one mapping, so a million ranks cost four thousand mappings, not a million,
// and give their memory back a chunk at a time. One usable size at a time: a request for another
// size empties the pool, so idle stacks never hold more mappings than the largest simulation
// needed; beyond kMaxStacks idle stacks, a chunk whose stacks are all back is unmapped.
class StackPool {
 public:
  struct Mapping {
    std::uint8_t* base;
    std::size_t mapped;
    std::size_t guard;
    int chunk;   // the chunk it is a slice of, or -1: a mapping of its own
    bool fresh;  // never handed out: all zero, canary included
  };

  static StackPool& instance() {
    static StackPool pool;
    return pool;
  }

  // A stack of `usable` bytes (a page multiple), with a guard page if `guarded` (and mprotect
  // allows it). Throws std::runtime_error if the memory cannot be mapped.
  Mapping take(std::size_t usable, bool guarded) {
    std::lock_guard lock(mutex_);
    if (usable != usable_) {
      empty();
      usable_ = usable;
    }
    if (guarded) {
      if (guarded_.empty()) return map_guarded(usable);
      const Mapping m = guarded_.back();
      guarded_.pop_back();
      --idle_;
      return m;
    }
    for (;;) {
      if (plain_.empty()) map_chunk(usable);
      const Mapping m = plain_.back();
      plain_.pop_back();
      Chunk& chunk = chunks_[static_cast<std::size_t>(m.chunk)];
      if (chunk.base == nullptr) continue;  // a slice of a chunk unmapped meanwhile
      --idle_;
      --chunk.idle;
      ++chunk.live;
      return m;
    }
  }

  void give(std::size_t usable, const Mapping& m) {
    std::lock_guard lock(mutex_);
    if (m.chunk < 0) {
      if (usable != usable_ || m.guard == 0 || idle_ >= kMaxStacks) {
        munmap(m.base, m.mapped);
      } else {
        guarded_.push_back(m);
        ++idle_;
      }
      return;
    }
    Chunk& chunk = chunks_[static_cast<std::size_t>(m.chunk)];
    --chunk.live;
    if (chunk.stack_bytes != usable_) {  // the pool moved to another size while it was out
      if (chunk.live == 0) unmap(chunk);
      return;
    }
    plain_.push_back(m);
    ++idle_;
    ++chunk.idle;
    if (chunk.live == 0 && idle_ > kMaxStacks) {
      idle_ -= chunk.idle;
      unmap(chunk);  // its slices in plain_ are skipped by take(), and dropped once they are most of it
      if (plain_.size() > 2 * idle_ + kChunkStacks) {
        std::erase_if(plain_, [&](const Mapping& slice) {
          return chunks_[static_cast<std::size_t>(slice.chunk)].base == nullptr;
        });
      }
    }
  }

 private:
  static constexpr std::size_t kMaxStacks = 1 << 17;
  static constexpr std::size_t kChunkStacks = 256;

  struct Chunk {
    std::uint8_t* base = nullptr;  // null once unmapped
    std::size_t bytes = 0;
    std::size_t stack_bytes = 0;
    std::size_t live = 0;  // slices handed out
    std::size_t idle = 0;  // slices in plain_
  };

  static void* map(std::size_t bytes) {
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) {
      throw std::runtime_error("cannot map " + std::to_string(bytes / 1024) + " KiB of fiber stacks: " +
                               std::strerror(errno) + "; lower --stack-size or the rank count");
    }
    return memory;
  }

  static Mapping map_guarded(std::size_t usable) {
    const std::size_t page = page_size();
    auto* base = static_cast<std::uint8_t*>(map(usable + page));
    if (mprotect(base, page, PROT_NONE) != 0) return {base, usable + page, 0, -1, true};  // the canary alone
    return {base, usable + page, page, -1, true};
  }

  void map_chunk(std::size_t usable) {
    Chunk chunk;
    const std::size_t canary_page = page_size();  // the lowest slice's canary
    chunk.bytes = canary_page + usable * kChunkStacks;
    chunk.stack_bytes = usable;
    chunk.base = static_cast<std::uint8_t*>(map(chunk.bytes));
    const int id = static_cast<int>(chunks_.size());
    chunks_.push_back(chunk);
    // Handed out from the lowest up, so a slice's canary lies in a slice already out.
    for (std::size_t i = kChunkStacks; i-- > 0;) {
      plain_.push_back({chunk.base + canary_page + i * usable, usable, 0, id, true});
    }
    chunks_.back().idle = kChunkStacks;
    idle_ += kChunkStacks;
  }

  void unmap(Chunk& chunk) {
    munmap(chunk.base, chunk.bytes);
    chunk.base = nullptr;
  }

  // Unmaps every idle stack; chunks with stacks still out go when those come back.
  void empty() {
    for (const Mapping& m : guarded_) munmap(m.base, m.mapped);
    guarded_.clear();
    plain_.clear();
    for (Chunk& chunk : chunks_) {
      chunk.idle = 0;
      if (chunk.base != nullptr && chunk.live == 0) unmap(chunk);
    }
    idle_ = 0;
  }

  std::mutex mutex_;
  std::size_t usable_ = 0;
  std::size_t idle_ = 0;  // stacks in guarded_, and slices in plain_ of chunks still mapped
  std::vector<Mapping> guarded_;
  std::vector<Mapping> plain_;  // idle slices, possibly of chunks since unmapped
  std::vector<Chunk> chunks_;
};

}  // namespace

FiberStack::FiberStack(std::size_t usable_bytes, bool guard_page) {
  pool_size_ = round_up(usable_bytes, page_size());
  const auto m = StackPool::instance().take(pool_size_, guard_page);
  base_ = m.base;
  mapped_ = m.mapped;
  guard_ = m.guard;
  chunk_ = m.chunk;
  if (guard_ == 0 && !m.fresh && !all_zero(canary())) std::memset(canary(), 0, kCanaryBytes);  // a deep run wrote there
}

FiberStack::~FiberStack() { release(); }

FiberStack::FiberStack(FiberStack&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)),
      mapped_(std::exchange(other.mapped_, 0)),
      guard_(std::exchange(other.guard_, 0)),
      pool_size_(std::exchange(other.pool_size_, 0)),
      chunk_(std::exchange(other.chunk_, -1)) {}

FiberStack& FiberStack::operator=(FiberStack&& other) noexcept {
  if (this != &other) {
    release();
    base_ = std::exchange(other.base_, nullptr);
    mapped_ = std::exchange(other.mapped_, 0);
    guard_ = std::exchange(other.guard_, 0);
    pool_size_ = std::exchange(other.pool_size_, 0);
    chunk_ = std::exchange(other.chunk_, -1);
  }
  return *this;
}

void FiberStack::release() {
  if (base_ != nullptr) StackPool::instance().give(pool_size_, {base_, mapped_, guard_, chunk_, false});
  base_ = nullptr;
}

bool FiberStack::zero_canary_intact() const { return all_zero(canary()); }

bool FiberStack::in_guard(const void* address) const {
  const auto* a = static_cast<const std::uint8_t*>(address);
  return guard_ != 0 && a >= base_ && a < base_ + guard_;
}

bool FiberStack::below(const void* address) const { return static_cast<const std::uint8_t*>(address) < base_ + guard_; }

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
