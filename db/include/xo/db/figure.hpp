#pragma once
// A figure: one number of a run that history can compare across runs, under a stable key such as
// "fit/short/L", "crossover/MPICH_REDUCE_SHORT_MSG/MPI_Reduce@16" or "mpi_time/MPI_Send", with its
// unit, which way is better, and a confidence interval where the number is an estimate.

#include <optional>
#include <string>
#include <string_view>

namespace xo::db {

enum class Direction {
  LowerIsBetter,   // times, overheads
  HigherIsBetter,  // savings
  Neither,         // positions such as a crossover's size: a change is news, not a regression
};

// "lower", "higher", "neither": the words the database stores.
const char* direction_name(Direction direction);
// The inverse; std::nullopt for any other text.
std::optional<Direction> parse_direction(std::string_view text);
// "lower is better", "higher is better", "" for Neither: for people.
const char* direction_phrase(Direction direction);

struct Figure {
  std::string key;
  double value = 0;
  std::string unit;
  Direction direction = Direction::Neither;
  std::optional<double> lower, upper;  // 95 % interval, where known
};

}  // namespace xo::db
