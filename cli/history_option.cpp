#include "history_option.hpp"

#include <cstdio>
#include <cstdlib>

#include "xo/db/history_path.hpp"

namespace xo::cli {

std::string HistoryChoice::path() const { return db.empty() ? db::default_history_path() : db; }

db::History HistoryChoice::open(db::HistoryAccess access) const {
  db::HistoryOptions options;
  options.create_directories = db.empty();  // the default place is made as needed; a --db file's must exist
  if (const char* wait = std::getenv("XO_HISTORY_BUSY_TIMEOUT_MS")) {
    char* end = nullptr;
    const long ms = std::strtol(wait, &end, 10);
    if (*wait == '\0' || *end != '\0' || ms < 0 || ms > 3'600'000) {
      throw UsageError(std::string("XO_HISTORY_BUSY_TIMEOUT_MS=") + wait + ": give milliseconds from 0 to 3600000");
    }
    options.busy_timeout_ms = static_cast<int>(ms);
  }
  return db::History::open(path(), access, options);
}

std::optional<db::History> HistoryChoice::open_for_storing() const {
  if (!store) return std::nullopt;
  return open(db::HistoryAccess::ReadWrite);
}

bool take_db_option(ArgumentReader& reader, HistoryChoice& choice) {
  if (reader.option_name() != "--db") return false;
  choice.db = reader.take_value();
  if (choice.db.empty()) throw UsageError("--db needs a file name, e.g. --db results/history.db");
  return true;
}

bool take_history_option(ArgumentReader& reader, HistoryChoice& choice) {
  if (reader.option_name() == "--no-history") {
    reader.take_flag();
    choice.store = false;
    return true;
  }
  return take_db_option(reader, choice);
}

void say_stored(std::int64_t id, const std::string& path, const std::string& also) {
  std::fprintf(stderr, "xo: stored as run %lld in %s%s\n", static_cast<long long>(id), path.c_str(), also.c_str());
}

}  // namespace xo::cli
