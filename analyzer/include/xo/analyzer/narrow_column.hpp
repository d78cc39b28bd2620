#pragma once
// A column of Wide values kept in the narrower type Narrow, for columns whose values are nearly
// always small: a region, a communicator, a tag, a string id (all under 65,534 in most traces), a
// byte count (under 4 GiB). The rare value that does not fit is kept apart, with its row, and the
// narrow row says so. Wide's largest value, the tables' "none" (kNoIndex, kNoString, kNoBytes),
// has a narrow code of its own, so "none" costs nothing either. At 10^8 events the calls' and
// phases' regions, the phases' protocols and the messages' communicators, tags, byte counts and
// protocols, and the same columns of the read's message sides, took the read's peak 0.24 GB lower
// so (1.83 -> 1.59 GB).
//
// Rows are pushed in order; a row may be set again later (a message's protocol, once labelled).

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "xo/analyzer/huge_page_reserve.hpp"

namespace xo::analyzer {

template <class Wide, class Narrow>
class NarrowColumn {
  static_assert(std::is_unsigned_v<Wide> && std::is_unsigned_v<Narrow> && sizeof(Narrow) < sizeof(Wide));
  static constexpr Wide kWideNone = std::numeric_limits<Wide>::max();
  static constexpr Narrow kNone = std::numeric_limits<Narrow>::max();  // the row holds kWideNone
  static constexpr Narrow kApart = kNone - 1;                          // the row's value is kept apart

 public:
  std::size_t size() const { return narrow_.size(); }
  void reserve(std::size_t rows) { reserve_on_huge_pages(narrow_, rows); }

  void push_back(Wide value) {
    const Narrow code = code_of(value);
    if (code == kApart) {
      apart_rows_.push_back(narrow_.size());
      apart_values_.push_back(value);
    }
    narrow_.push_back(code);
  }
  Wide operator[](std::size_t row) const {
    const Narrow code = narrow_[row];
    if (code < kApart) [[likely]] {
      return code;
    }
    return code == kNone ? kWideNone : apart_values_[apart_index(row)];
  }
  // `rows` rows, every one `value`.
  void assign(std::size_t rows, Wide value) {
    *this = NarrowColumn{};
    reserve(rows);
    for (std::size_t row = 0; row < rows; ++row) push_back(value);
  }
  // Changes a row already pushed: cheapest for rows set in increasing order, as the values kept
  // apart are in row order.
  void set(std::size_t row, Wide value) {
    const bool was_apart = narrow_[row] == kApart;
    const auto at = std::lower_bound(apart_rows_.begin(), apart_rows_.end(), row) - apart_rows_.begin();
    const Narrow code = code_of(value);
    if (code == kApart && was_apart) {
      apart_values_[static_cast<std::size_t>(at)] = value;
    } else if (code == kApart) {
      apart_rows_.insert(apart_rows_.begin() + at, row);
      apart_values_.insert(apart_values_.begin() + at, value);
    } else if (was_apart) {
      apart_rows_.erase(apart_rows_.begin() + at);
      apart_values_.erase(apart_values_.begin() + at);
    }
    narrow_[row] = code;
  }
  // Drops the rows from `rows` on.
  void truncate(std::size_t rows) {
    if (rows >= narrow_.size()) return;
    narrow_.resize(rows);
    const auto kept = std::lower_bound(apart_rows_.begin(), apart_rows_.end(), rows) - apart_rows_.begin();
    apart_rows_.resize(static_cast<std::size_t>(kept));
    apart_values_.resize(static_cast<std::size_t>(kept));
  }
  // The rows of `other` after this column's; `other` is freed. It is copied in blocks whose pages
  // are given back as they go, so a column is never in memory twice.
  void append(NarrowColumn& other) {
    const std::size_t at = narrow_.size();
    append_releasing(narrow_, other.narrow_);
    for (const std::size_t row : other.apart_rows_) apart_rows_.push_back(at + row);
    apart_values_.insert(apart_values_.end(), other.apart_values_.begin(), other.apart_values_.end());
    other = NarrowColumn{};
  }

  // For comparing two columns byte for byte.
  const std::vector<Narrow>& narrow() const { return narrow_; }
  const std::vector<std::size_t>& apart_rows() const { return apart_rows_; }
  const std::vector<Wide>& apart_values() const { return apart_values_; }

 private:
  static Narrow code_of(Wide value) {
    if (value == kWideNone) return kNone;
    return value < kApart ? static_cast<Narrow>(value) : kApart;
  }
  std::size_t apart_index(std::size_t row) const {
    return static_cast<std::size_t>(std::lower_bound(apart_rows_.begin(), apart_rows_.end(), row) -
                                    apart_rows_.begin());
  }

  std::vector<Narrow> narrow_;
  std::vector<std::size_t> apart_rows_;  // ascending
  std::vector<Wide> apart_values_;       // by apart_rows_
};

// The model's narrow columns: ids (regions, communicators, strings) and tags in 2 bytes a row, byte
// counts in 4.
using ShortIdColumn = NarrowColumn<std::uint32_t, std::uint16_t>;
using ByteCountColumn = NarrowColumn<std::uint64_t, std::uint32_t>;
using LaneColumn = NarrowColumn<std::uint32_t, std::uint8_t>;  // a rank's lanes: a few, rarely hundreds

}  // namespace xo::analyzer
