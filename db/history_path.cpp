#include "xo/db/history_path.hpp"

#include <cstdlib>

#include "xo/db/history_error.hpp"

namespace xo::db {

std::string default_history_path() {
  const char* data_home = std::getenv("XDG_DATA_HOME");
  if (data_home != nullptr && data_home[0] == '/') return std::string(data_home) + "/crossover/history.db";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0') return std::string(home) + "/.local/share/crossover/history.db";
  throw HistoryError(
      "neither XDG_DATA_HOME nor HOME is set, so there is no default place for the history; give one "
      "with --db PATH");
}

}  // namespace xo::db
