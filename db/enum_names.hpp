#pragma once
// Reading back an enum that the database stores by name.

#include <initializer_list>
#include <optional>
#include <string_view>

namespace xo::db {

// The value among `all` whose name(value) is `text`; none if no name matches.
template <typename Enum>
std::optional<Enum> enum_named(std::string_view text, std::initializer_list<Enum> all, const char* (*name)(Enum)) {
  for (Enum value : all) {
    if (text == name(value)) return value;
  }
  return std::nullopt;
}

}  // namespace xo::db
