#include "model/column_count.hpp"

#include <algorithm>

namespace xo::gui {

void ColumnCount::reset(int width, std::size_t categories) {
  width_ = std::max(0, width);
  slot_of_category_.assign(categories + 1, -1);
  category_of_slot_.clear();
  busy_.assign(static_cast<std::size_t>(width_), 0);
  category_.assign(static_cast<std::size_t>(width_), kNothing);
}

std::uint32_t ColumnCount::slot_of(std::uint32_t category) {
  const std::size_t index = std::min<std::size_t>(category, slot_of_category_.size() - 1);  // Mixed: the last
  std::int32_t& slot = slot_of_category_[index];
  if (slot < 0) {
    slot = static_cast<std::int32_t>(category_of_slot_.size());
    category_of_slot_.push_back(category);
    if (diff_.size() < category_of_slot_.size()) diff_.resize(category_of_slot_.size());
    diff_[static_cast<std::size_t>(slot)].assign(static_cast<std::size_t>(width_) + 1, 0);
  }
  return static_cast<std::uint32_t>(slot);
}

void ColumnCount::add(std::span<const PixelRecord> row) {
  for (const PixelRecord& r : row) {
    const std::int32_t x0 = std::clamp(r.x0, 0, width_), x1 = std::clamp(r.x1, 0, width_);
    if (x0 >= x1) continue;
    std::vector<std::int32_t>& diff = diff_[slot_of(r.category)];
    ++diff[static_cast<std::size_t>(x0)];
    --diff[static_cast<std::size_t>(x1)];
  }
}

void ColumnCount::finish() {
  const std::size_t slots = category_of_slot_.size();
  std::vector<std::int32_t> running(slots, 0);
  for (std::size_t x = 0; x < busy_.size(); ++x) {
    std::int32_t busy = 0, most = 0;
    for (std::size_t s = 0; s < slots; ++s) {
      running[s] += diff_[s][x];
      busy += running[s];
      if (running[s] > most || (running[s] == most && most > 0 && category_of_slot_[s] < category_[x])) {
        most = running[s], category_[x] = category_of_slot_[s];
      }
    }
    busy_[x] = static_cast<std::uint32_t>(busy);
  }
}

}  // namespace xo::gui
