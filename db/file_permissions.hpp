#pragma once
// What stops this process from reading or writing the history's files, found from their
// permissions before SQLite meets it: SQLite says only "unable to open database file" or "attempt
// to write a readonly database", not which file stopped it nor how to fix that.

#include <string>

namespace xo::db {

enum class FileAccess {
  Read,     // the database file as it is: what the checks before opening need
  ReadWal,  // reading a database in WAL mode, which needs its index (-shm): there, or made beside it
  Write,
};

// The refusal to use the history at `path` for `access`, naming the file or directory in the way,
// its permissions and owner, and the fix (chmod, or another --db); "" when nothing is in the way.
// Reading needs every directory on the way searchable and the database, with its journal files
// (-wal, -shm) where they exist, readable; writing needs those files writable too, and their
// directory, where SQLite creates and removes the journal files (reading in WAL mode too, if the
// index is missing). A file system mounted read-only is in the way of writing too. Missing files
// and directories are not this function's business.
std::string permission_problem(const std::string& path, FileAccess access);

// `word` as a shell would need it typed, for the commands a message suggests.
std::string shell_quoted(const std::string& word);

}  // namespace xo::db
