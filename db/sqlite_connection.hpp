#pragma once
// A thin layer over SQLite's C API for the history: a connection and prepared statements that
// check every return code and turn a failure into one HistoryError naming the database file and
// the way out.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace xo::db {

class Statement {
 public:
  Statement(sqlite3* db, const std::string* path, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQL's ?1.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);  // a value that is not finite is stored as NULL
  Statement& bind(int index, std::string_view value);
  Statement& bind(int index, const std::optional<double>& value);
  Statement& bind(int index, const std::optional<std::int64_t>& value);
  Statement& bind_null(int index);
  Statement& bind_blob(int index, std::string_view bytes);

  // Advances; true while it yields a row.
  bool step();
  // Runs a statement that yields no row.
  void run();
  void reset();

  bool is_null(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  std::string text(int column) const;
  std::string blob(int column) const;
  std::optional<double> optional_real(int column) const;
  std::optional<std::int64_t> optional_integer(int column) const;

 private:
  sqlite3* db_;
  const std::string* path_;
  sqlite3_stmt* statement_ = nullptr;
};

class Connection {
 public:
  enum class Mode { ReadOnly, ReadWrite, ReadWriteCreate };
  Connection(const std::string& path, Mode mode);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs one or more statements that yield no rows.
  void execute(std::string_view sql, std::string_view doing);
  Statement prepare(std::string_view sql) { return Statement(db_, &path_, sql); }
  // Ends an open transaction without its changes; for cleanup after an error, so it throws nothing
  // (if even this fails, SQLite rolls the transaction back when the connection closes).
  void rollback() noexcept;
  std::int64_t last_insert_id() const;
  // Whether SQLite opened the file read-only (it does so silently for a write-protected file).
  bool read_only() const;
  void set_busy_timeout(int milliseconds);
  int busy_timeout() const { return busy_timeout_ms_; }
  const std::string& path() const { return path_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  int busy_timeout_ms_ = 0;
};

// Throws the HistoryError for SQLite's result `code` met while `doing` something with `path`.
[[noreturn]] void throw_sqlite_error(sqlite3* db, int code, const std::string& path, std::string_view doing);

}  // namespace xo::db
