#pragma once
// A short table whose first rows live inside the object that holds it and the rest on the heap.
// The profile recorder keeps four such tables per rank beside the rank's state: at a million ranks
// finding a row is a cache miss, and a row inline is one miss where a vector's rows are two, one
// after the other (the vector, then its block).

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xo::tracer {

template <class Row, std::size_t Inline>
class InlineRows {
  static_assert(Inline > 0 && Inline < 256);

 public:
  // The row `match` accepts, or `fresh` appended.
  template <class Match>
  Row& find_or_add(const Match& match, const Row& fresh) {
    for (std::size_t i = 0; i < used_; ++i) {
      if (match(inline_[i])) return inline_[i];
    }
    for (Row& r : more_) {
      if (match(r)) return r;
    }
    if (used_ < Inline) return inline_[used_++] = fresh;
    return more_.emplace_back(fresh);
  }
  template <class Match>
  bool contains(const Match& match) const {
    for (std::size_t i = 0; i < used_; ++i) {
      if (match(inline_[i])) return true;
    }
    for (const Row& r : more_) {
      if (match(r)) return true;
    }
    return false;
  }
  std::size_t size() const { return used_ + more_.size(); }
  // Every row, in the order added.
  template <class Visit>
  void for_each(const Visit& visit) const {
    for (std::size_t i = 0; i < used_; ++i) visit(inline_[i]);
    for (const Row& r : more_) visit(r);
  }

 private:
  std::array<Row, Inline> inline_{};
  std::uint8_t used_ = 0;
  std::vector<Row> more_;
};

}  // namespace xo::tracer
