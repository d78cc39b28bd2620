#include "xo/db/figure.hpp"

#include "enum_names.hpp"

namespace xo::db {

const char* direction_name(Direction direction) {
  switch (direction) {
    case Direction::LowerIsBetter: return "lower";
    case Direction::HigherIsBetter: return "higher";
    case Direction::Neither: return "neither";
  }
  return "neither";
}

std::optional<Direction> parse_direction(std::string_view text) {
  return enum_named(text, {Direction::LowerIsBetter, Direction::HigherIsBetter, Direction::Neither}, direction_name);
}

const char* direction_phrase(Direction direction) {
  switch (direction) {
    case Direction::LowerIsBetter: return "lower is better";
    case Direction::HigherIsBetter: return "higher is better";
    case Direction::Neither: return "";
  }
  return "";
}

}  // namespace xo::db
