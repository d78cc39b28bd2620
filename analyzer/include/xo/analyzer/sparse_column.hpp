#pragma once
// A column whose rows mostly hold a value the table derives from its other columns (a blocking
// receive was posted when its call entered): only the other rows' values are stored, found through
// a bit per row and a count per 64 rows. Besides the stored values that is 0.19 bytes a row, where
// a column of doubles takes 8; at 10^8 events the four such columns of the messages took 290 MB.
//
// Rows are pushed in order; a stored value may be changed later (a nonblocking send's completion
// names its buffer's release after the send was pushed).

#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <vector>

namespace xo::analyzer {

template <class T>
class SparseColumn {
 public:
  std::size_t size() const { return rows_; }
  std::size_t stored() const { return values_.size(); }

  void push_derived() {
    open_word();
    ++rows_;
  }
  void push_stored(T value) {
    open_word();
    bits_.back() |= std::uint64_t{1} << (rows_ % 64);
    values_.push_back(value);
    ++rows_;
  }
  // Pushes `value` unless it is what the table derives for the row, `derived` (bit for bit, so a
  // NaN matches a NaN).
  void push(T value, T derived) {
    if (same_bits(value, derived)) {
      push_derived();
    } else {
      push_stored(value);
    }
  }

  bool has(std::size_t row) const { return (bits_[row / 64] >> (row % 64) & 1) != 0; }
  // The row's stored value, or `derive()` for a row that has none.
  template <class Derive>
  T get(std::size_t row, Derive derive) const {
    return has(row) ? values_[stored_before(row)] : derive();
  }
  T& stored_value(std::size_t row) {
    assert(has(row));
    return values_[stored_before(row)];
  }

  // The rows of `other` after this column's, each stored value passed through `map`; `other` is
  // freed.
  template <class Map>
  void append(SparseColumn& other, Map map) {
    for (std::size_t row = 0, k = 0; row < other.rows_; ++row) {
      if (other.has(row)) {
        push_stored(map(other.values_[k++]));
      } else {
        push_derived();
      }
    }
    other = SparseColumn{};
  }
  void append(SparseColumn& other) {
    append(other, [](const T& value) { return value; });
  }
  // Drops the rows from `rows` on.
  void truncate(std::size_t rows) {
    if (rows >= rows_) return;
    values_.resize(stored_before(rows));
    bits_.resize((rows + 63) / 64);
    before_.resize(bits_.size());
    if (rows % 64 != 0) bits_.back() &= (std::uint64_t{1} << (rows % 64)) - 1;
    rows_ = rows;
  }
  void shrink_to_fit() { values_.shrink_to_fit(); }

  // For comparing two columns byte for byte.
  const std::vector<std::uint64_t>& bits() const { return bits_; }
  const std::vector<T>& stored_values() const { return values_; }

 private:
  static bool same_bits(const T& a, const T& b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0 || (a != a && b != b);  // a NaN is unequal to itself
  }
  void open_word() {
    if (rows_ % 64 != 0) return;
    bits_.push_back(0);
    before_.push_back(static_cast<std::uint32_t>(values_.size()));
  }
  std::size_t stored_before(std::size_t row) const {
    const std::uint64_t lower = bits_[row / 64] & ((std::uint64_t{1} << (row % 64)) - 1);
    return before_[row / 64] + static_cast<std::size_t>(std::popcount(lower));
  }

  std::vector<std::uint64_t> bits_;    // bit r % 64 of word r / 64: row r has a stored value
  std::vector<std::uint32_t> before_;  // values stored for the rows before each word's
  std::vector<T> values_;
  std::size_t rows_ = 0;
};

}  // namespace xo::analyzer
