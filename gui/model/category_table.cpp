#include "model/category_table.hpp"

#include <cmath>

namespace xo::gui {

std::uint32_t CategoryTable::id_of(const QString& name, CategoryRole role, std::optional<QColor> colour) {
  auto it = ids_.constFind(name);
  if (it == ids_.constEnd()) {
    const auto id = static_cast<std::uint32_t>(names_.size());
    // Golden-angle hue steps; saturation and value alternate so neighbours in order differ twice.
    const double hue = std::fmod(0.08 + id * 0.381966, 1.0);
    const double saturation = id % 2 ? 0.55 : 0.75;
    const double value = id % 3 == 2 ? 0.75 : 0.92;
    names_.push_back(name);
    colours_.push_back(
        colour ? *colour
               : QColor::fromHsvF(static_cast<float>(hue), static_cast<float>(saturation), static_cast<float>(value)));
    roles_.push_back(0);
    uses_.push_back(0);
    it = ids_.insert(name, id);
  }
  const std::uint32_t id = it.value();
  roles_[id] |= role;
  ++uses_[id];
  return id;
}

std::uint32_t CategoryTable::find(const QString& name) const { return ids_.value(name, kNone); }

}  // namespace xo::gui
