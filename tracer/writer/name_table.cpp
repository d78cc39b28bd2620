#include "name_table.hpp"

namespace xo::tracer {

std::uint32_t NameTable::intern_slow(std::string_view name) {
  auto it = ids_.find(name);
  if (it != ids_.end()) return it->second;
  const auto id = static_cast<std::uint32_t>(names_.size());
  names_.emplace_back(name);
  ids_.emplace(names_.back(), id);
  return id;
}

}  // namespace xo::tracer
