#pragma once
// Per pixel column, how many of many rows have something there and what most of them have: the
// overview strip's count over up to 1,024 ranks. Each category met gets a difference array over the
// columns, so a frame costs the rows' records plus the columns times the categories met, not the
// rows times the columns (a whole-trace frame of 1,024 dense ranks is 1,024 Mixed records, not
// 1.4 M column votes).

#include <cstdint>
#include <span>
#include <vector>

#include "model/pixel_aggregation.hpp"

namespace xo::gui {

class ColumnCount {
 public:
  static constexpr std::uint32_t kNothing = 0xfffffffeu;  // no row has anything in the column

  // `categories`: the category table's size (a record's category is below it, or Mixed).
  void reset(int width, std::size_t categories);
  // A row's records, as aggregate_row made them: sorted, disjoint, within [0, width).
  void add(std::span<const PixelRecord> row);
  // After the last add: the columns' counts.
  void finish();

  int width() const { return width_; }
  std::uint32_t busy(int x) const { return busy_[static_cast<std::size_t>(x)]; }
  // The category most rows have in column x (PixelRecord::kMixedCategory for several kinds), the
  // lowest among equals (so the rows' order does not matter); kNothing where no row has anything.
  std::uint32_t category(int x) const { return category_[static_cast<std::size_t>(x)]; }

 private:
  std::uint32_t slot_of(std::uint32_t category);

  int width_ = 0;
  std::vector<std::int32_t> slot_of_category_;   // categories + 1 entries (the last for Mixed); -1: none yet
  std::vector<std::uint32_t> category_of_slot_;  // in the order met
  std::vector<std::vector<std::int32_t>> diff_;  // per slot: width + 1 entries (capacity kept across frames)
  std::vector<std::uint32_t> busy_, category_;
};

}  // namespace xo::gui
