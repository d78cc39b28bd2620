#include "sqlite_connection.hpp"

#include <sqlite3.h>
#include <sys/statvfs.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "file_permissions.hpp"
#include "xo/db/history_error.hpp"

namespace xo::db {

namespace {

// Bytes an ordinary user may still write on the file system holding `path`; none if unknown.
std::optional<std::uint64_t> free_bytes(const std::string& path) {
  std::error_code error;
  const std::filesystem::path dir = std::filesystem::absolute(std::filesystem::path(path), error).parent_path();
  struct statvfs space {};
  if (error || statvfs(dir.c_str(), &space) != 0) return std::nullopt;
  return static_cast<std::uint64_t>(space.f_bavail) * space.f_frsize;
}

// SQLite reports a write that found no room as SQLITE_FULL, and a WAL index (-shm) that could not
// grow as an I/O error; the file system itself says whether it is full, and how full.
[[noreturn]] void throw_full(const std::string& path, int os_error, std::optional<std::uint64_t> free) {
  if (os_error == EDQUOT) {
    throw HistoryError("cannot store in " + path + ": your disk quota on the file system holding it is used up; " +
                           "free some space or choose another file with --db PATH",
                       HistoryError::Cause::Failure);
  }
  const std::string left = free ? " (" + std::to_string(*free / 1024) + " KiB free)" : "";
  throw HistoryError("cannot store in " + path + ": the file system holding it is full" + left +
                         "; free some space or choose another file with --db PATH",
                     HistoryError::Cause::Failure);
}

// An I/O error this close to the end of the space is the space running out.
constexpr std::uint64_t kNearlyFullBytes = 1 << 20;

}  // namespace

void throw_sqlite_error(sqlite3* db, int code, const std::string& path, std::string_view doing) {
  const std::string detail = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  const std::string what = " (" + std::string(doing) + ": " + detail + ")";
  const int os_error = db != nullptr ? sqlite3_system_errno(db) : 0;
  switch (code & 0xff) {
    case SQLITE_NOTADB:
      throw HistoryError(path + " is not a Crossover history: it is not a SQLite database at all" + what +
                         "; xo leaves it as it is: choose another file with --db PATH, or move it away to start a new "
                         "history there");
    case SQLITE_CORRUPT:
      throw HistoryError(path + " is damaged" + what +
                         "; xo leaves it as it is: keep a copy, recover what you can with `sqlite3 " + path +
                         " .recover`, or choose another file with --db PATH");
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      throw HistoryError(
          path + " is locked by another process for longer than xo waits" + what + "; try again when it has finished",
          HistoryError::Cause::Busy);
    case SQLITE_READONLY: {
      // On a read-only connection, only reading in WAL mode writes anything: the index (-shm).
      const bool reading = db != nullptr && sqlite3_db_readonly(db, "main") == 1;
      const std::string refused = permission_problem(path, reading ? FileAccess::ReadWal : FileAccess::Write);
      if (!refused.empty()) throw HistoryError(refused);
      throw HistoryError(path + " cannot be written" + what +
                         "; make it writable or choose another file with --db PATH");
    }
    case SQLITE_CANTOPEN: {
      if (os_error == EACCES || os_error == EPERM || os_error == EROFS) {
        for (const FileAccess access : {FileAccess::Read, FileAccess::Write}) {
          const std::string refused = permission_problem(path, access);
          if (!refused.empty()) throw HistoryError(refused);
        }
      }
      throw HistoryError("cannot open " + path + " (" + std::string(doing) + ": " +
                         (os_error != 0 ? std::strerror(os_error) : detail) + "); choose another file with --db PATH");
    }
    case SQLITE_FULL: throw_full(path, os_error, free_bytes(path));
    case SQLITE_IOERR: {
      const auto free = free_bytes(path);
      if (os_error == ENOSPC || os_error == EDQUOT || (free && *free < kNearlyFullBytes)) {
        throw_full(path, os_error, free);
      }
      throw HistoryError("cannot read or write " + path + what +
                             (os_error != 0 ? std::string("; the system said: ") + std::strerror(os_error) : ""),
                         HistoryError::Cause::Failure);
    }
    default: throw HistoryError(path + ": SQLite failed" + what);
  }
}

Statement::Statement(sqlite3* db, const std::string* path, std::string_view sql) : db_(db), path_(path) {
  const int rc = sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &statement_, nullptr);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, *path_, "preparing a query");
}

Statement::~Statement() { sqlite3_finalize(statement_); }

Statement& Statement::bind(int index, std::int64_t value) {
  const int rc = sqlite3_bind_int64(statement_, index, value);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, *path_, "binding a value");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  if (!std::isfinite(value)) return bind_null(index);
  const int rc = sqlite3_bind_double(statement_, index, value);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, *path_, "binding a value");
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  const int rc = sqlite3_bind_text(statement_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, *path_, "binding a value");
  return *this;
}

Statement& Statement::bind_blob(int index, std::string_view bytes) {
  const int rc = sqlite3_bind_blob64(statement_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, *path_, "binding a value");
  return *this;
}

Statement& Statement::bind(int index, const std::optional<double>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

Statement& Statement::bind(int index, const std::optional<std::int64_t>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

Statement& Statement::bind_null(int index) {
  const int rc = sqlite3_bind_null(statement_, index);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, *path_, "binding a value");
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(statement_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw_sqlite_error(db_, rc, *path_, "running a query");
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(statement_);  // its code repeats the last step's, which was checked there
  sqlite3_clear_bindings(statement_);
}

bool Statement::is_null(int column) const { return sqlite3_column_type(statement_, column) == SQLITE_NULL; }
std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(statement_, column); }
double Statement::real(int column) const { return sqlite3_column_double(statement_, column); }

std::string Statement::text(int column) const {
  const auto* text = sqlite3_column_text(statement_, column);
  return text == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(text));
}

std::string Statement::blob(int column) const {
  const void* bytes = sqlite3_column_blob(statement_, column);
  const int size = sqlite3_column_bytes(statement_, column);
  return bytes == nullptr ? std::string()
                          : std::string(static_cast<const char*>(bytes), static_cast<std::size_t>(size));
}

std::optional<double> Statement::optional_real(int column) const {
  if (is_null(column)) return std::nullopt;
  return real(column);
}

std::optional<std::int64_t> Statement::optional_integer(int column) const {
  if (is_null(column)) return std::nullopt;
  return integer(column);
}

Connection::Connection(const std::string& path, Mode mode) : path_(path) {
  int flags = SQLITE_OPEN_NOMUTEX;
  flags |= mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
  if (mode == Mode::ReadWriteCreate) flags |= SQLITE_OPEN_CREATE;
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3* failed = db_;
    db_ = nullptr;
    try {
      throw_sqlite_error(failed, rc, path_, "opening it");
    } catch (...) {
      sqlite3_close(failed);
      throw;
    }
  }
  sqlite3_extended_result_codes(db_, 1);
}

// close_v2: should a statement outlive its connection, SQLite closes once it is finalized.
Connection::~Connection() { sqlite3_close_v2(db_); }

void Connection::execute(std::string_view sql, std::string_view doing) {
  const std::string text(sql);
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, path_, doing);
}

void Connection::rollback() noexcept {
  if (sqlite3_get_autocommit(db_) == 0) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

std::int64_t Connection::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

bool Connection::read_only() const { return sqlite3_db_readonly(db_, "main") == 1; }

void Connection::set_busy_timeout(int milliseconds) {
  const int rc = sqlite3_busy_timeout(db_, milliseconds);
  if (rc != SQLITE_OK) throw_sqlite_error(db_, rc, path_, "setting the busy timeout");
  busy_timeout_ms_ = milliseconds;
}

}  // namespace xo::db
