#pragma once
// Where the history lives unless --db says otherwise: the user's data directory as the XDG Base
// Directory specification defines it.

#include <string>

namespace xo::db {

// $XDG_DATA_HOME/crossover/history.db when XDG_DATA_HOME is an absolute path (the specification
// says to ignore a relative one), else $HOME/.local/share/crossover/history.db. Throws
// HistoryError when neither is set.
std::string default_history_path();

}  // namespace xo::db
