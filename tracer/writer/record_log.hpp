#pragma once
// One rank's records in the order appended: blocks from a RecordArena, 8 records first and twice
// as many each time up to 64 KiB, so that a rank with few events costs little and one with many
// costs a block header per 2,048 records. A record never moves once appended.

#include <algorithm>
#include <cstddef>
#include <new>
#include <type_traits>
#include <vector>

#include "record_arena.hpp"

namespace xo::tracer {

template <typename T>
class RecordLog {
  static_assert(std::is_trivially_copyable_v<T>, "records are plain values");

 public:
  T& append(RecordArena& arena, const T& record) {
    if (tail_ == tail_end_) [[unlikely]]
      grow(arena);
    T* at = new (tail_++) T(record);
    ++size_;
    return *at;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // Record `i` (< size()): its block found from the sizes grow() gives blocks, without a search.
  const T& operator[](std::size_t i) const {
    std::size_t block = 0, records = kFirstBlock;
    while (i >= records) {
      i -= records;
      ++block;
      const std::size_t next = std::min(2 * records, kLargestBlock);
      if (next == records) {  // every later block is this size
        block += i / records;
        i %= records;
        break;
      }
      records = next;
    }
    return blocks_[block].begin[i];
  }

  class Iterator {
   public:
    const T& operator*() const { return *at_; }
    const T* operator->() const { return at_; }
    Iterator& operator++() {
      if (++at_ == block_end_ && block_ + 1 < log_->blocks_.size()) {
        ++block_;
        at_ = log_->blocks_[block_].begin;
        block_end_ = log_->block_end(block_);
      }
      return *this;
    }
    bool operator==(const Iterator& other) const { return at_ == other.at_; }

   private:
    friend class RecordLog;
    Iterator(const RecordLog* log, std::size_t block, const T* at)
        : log_(log), block_(block), at_(at), block_end_(log->blocks_.empty() ? at : log->block_end(block)) {}
    const RecordLog* log_;
    std::size_t block_;
    const T* at_;
    const T* block_end_;
  };

  Iterator begin() const { return Iterator(this, 0, blocks_.empty() ? nullptr : blocks_.front().begin); }
  Iterator end() const { return Iterator(this, blocks_.empty() ? 0 : blocks_.size() - 1, tail_); }

 private:
  struct Block {
    T* begin;
    T* end;  // of its capacity
  };
  static constexpr std::size_t kFirstBlock = 8;
  static constexpr std::size_t kLargestBlock = RecordArena::kMaxBlock / sizeof(T);

  // The records in block `b`: all of its capacity but for the last block.
  const T* block_end(std::size_t b) const { return b + 1 == blocks_.size() ? tail_ : blocks_[b].end; }

  void grow(RecordArena& arena) {
    const std::size_t last = blocks_.empty() ? 0 : static_cast<std::size_t>(tail_end_ - blocks_.back().begin);
    const std::size_t records = blocks_.empty() ? kFirstBlock : std::min(2 * last, kLargestBlock);
    T* block = static_cast<T*>(arena.allocate(records * sizeof(T)));
    blocks_.push_back({block, block + records});
    tail_ = block;
    tail_end_ = block + records;
  }

  std::vector<Block> blocks_;
  T* tail_ = nullptr;
  T* tail_end_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace xo::tracer
