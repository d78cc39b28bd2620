#pragma once
// Which history a command uses: --db PATH, or the default in the user's data directory; and, for
// xo bench and xo report, --no-history to store nothing.

#include <cstdint>
#include <optional>
#include <string>

#include "argument_reader.hpp"
#include "xo/db/history.hpp"

namespace xo::cli {

struct HistoryChoice {
  std::string db;     // --db PATH; "" for the default
  bool store = true;  // false with --no-history

  std::string path() const;  // throws db::HistoryError when there is no default place
  // XO_HISTORY_BUSY_TIMEOUT_MS, if set, is how long to wait for another process's write lock
  // (default 10 s). Writing to the default place makes its directories; a --db file's directory
  // must exist.
  db::History open(db::HistoryAccess access) const;
  // The history to store in, opened before the work so that a database it cannot use is an error
  // before any time is spent; none with --no-history.
  std::optional<db::History> open_for_storing() const;
};

// Consumes --db PATH if it is next; returns whether it did.
bool take_db_option(ArgumentReader& reader, HistoryChoice& choice);
// Consumes --db PATH or --no-history if next; returns whether it did.
bool take_history_option(ArgumentReader& reader, HistoryChoice& choice);

// The line that tells where a run went: "xo: stored as run 12 in PATH", on stderr so that it
// never mixes into a report on stdout.
void say_stored(std::int64_t id, const std::string& path, const std::string& also = "");

}  // namespace xo::cli
