// Opening the history: the checks that keep xo from writing to a file it must not touch, then
// the connection's settings and the schema.

#include "xo/db/history.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "schema_migrations.hpp"
#include "sqlite_connection.hpp"
#include "xo/db/history_error.hpp"

namespace xo::db {

namespace {

namespace fs = std::filesystem;

// A file that exists is looked at read-only first: a database from a newer xo, or one that is not
// a history or is damaged, is refused before anything could write to it. The quick check reads
// every page, so it is made only before writing; a query meets damage as SQLITE_CORRUPT anyway.
void check_existing_file(const std::string& path, int busy_timeout_ms, bool quick_check) {
  Connection probe(path, Connection::Mode::ReadOnly);
  probe.set_busy_timeout(busy_timeout_ms);
  const int version = schema_version(probe);  // the first read: SQLITE_NOTADB for a file of another kind
  const int known = static_cast<int>(history_migrations().size());
  if (version > known) refuse_newer_schema(path, version, known);
  if (!quick_check) return;
  Statement check = probe.prepare("PRAGMA quick_check");
  std::string problems;
  while (check.step()) {
    const std::string line = check.text(0);
    if (line == "ok") continue;
    if (!problems.empty()) problems += "; ";
    problems += line;
  }
  if (!problems.empty()) {
    throw HistoryError(path + " is damaged (SQLite's quick check: " + problems.substr(0, 300) +
                       "); xo leaves it as it is: keep a copy, recover what you can with `sqlite3 " + path +
                       " .recover`, or choose another file with --db PATH");
  }
}

// Creates the directories the database goes in; the directory must be writable because WAL keeps
// two files (-wal, -shm) beside the database.
void prepare_directory(const std::string& path) {
  const fs::path parent = fs::absolute(fs::path(path)).parent_path();
  std::error_code error;
  fs::create_directories(parent, error);
  if (error) {
    throw HistoryError("cannot create the directory " + parent.string() + " for the history " + path + " (" +
                       error.message() + "); choose a writable place with --db PATH");
  }
  if (access(parent.c_str(), W_OK) != 0) {
    throw HistoryError("cannot write in " + parent.string() + ", where the history " + path +
                       " and its journal files go; choose a writable place with --db PATH");
  }
}

}  // namespace

History::History(std::unique_ptr<Connection> connection, std::string path)
    : connection_(std::move(connection)), path_(std::move(path)) {}
History::~History() = default;
History::History(History&&) noexcept = default;
History& History::operator=(History&&) noexcept = default;

int History::latest_schema_version() { return static_cast<int>(history_migrations().size()); }

int History::schema_version() const { return db::schema_version(*connection_); }

History History::open(const std::string& path, HistoryAccess access, const HistoryOptions& options) {
  // SQLite does not wait on its busy handler everywhere: while another process turns a new file to
  // WAL, reading the version or setting the journal mode fails at once with SQLITE_BUSY. Opening
  // changes nothing that another try would repeat, so it is tried again within the busy timeout.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(options.busy_timeout_ms);
  while (true) {
    try {
      return open_once(path, access, options);
    } catch (const HistoryError& e) {
      if (e.cause() != HistoryError::Cause::Busy || std::chrono::steady_clock::now() >= deadline) throw;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

History History::open_once(const std::string& path, HistoryAccess access, const HistoryOptions& options) {
  std::error_code error;
  const auto status = fs::status(path, error);
  const bool exists = fs::exists(status);
  if (error && !exists && error != std::errc::no_such_file_or_directory && error != std::errc::not_a_directory) {
    throw HistoryError("cannot look at " + path + " (" + error.message() + "); choose another file with --db PATH");
  }
  if (fs::is_directory(status)) {
    throw HistoryError(path + " is a directory; give the history's file, e.g. --db " +
                       (fs::path(path) / "history.db").string());
  }
  if (!exists && access == HistoryAccess::ReadOnly) {
    throw HistoryError("no runs yet: there is no history at " + path +
                       "; `xo bench --machine xt3` or `xo report TRACE` stores one");
  }
  if (exists) check_existing_file(path, options.busy_timeout_ms, access == HistoryAccess::ReadWrite);

  if (access == HistoryAccess::ReadOnly) {
    auto connection = std::make_unique<Connection>(path, Connection::Mode::ReadOnly);
    connection->set_busy_timeout(options.busy_timeout_ms);
    return History(std::move(connection), path);
  }
  prepare_directory(path);
  auto connection =
      std::make_unique<Connection>(path, exists ? Connection::Mode::ReadWrite : Connection::Mode::ReadWriteCreate);
  if (connection->read_only()) {
    throw HistoryError(path + " is read-only; make it writable or choose another file with --db PATH");
  }
  connection->set_busy_timeout(options.busy_timeout_ms);
  connection->execute("PRAGMA foreign_keys = ON", "turning on foreign keys");
  // With WAL, NORMAL syncs at checkpoints, not at every commit: a crash of xo or of the system
  // cannot corrupt the database; a power cut may lose the last runs stored.
  connection->execute("PRAGMA synchronous = NORMAL", "setting the sync mode");
  {
    Statement journal = connection->prepare("PRAGMA journal_mode = WAL");
    if (!journal.step() || journal.text(0) != "wal") {
      throw HistoryError(path + ": SQLite would not use WAL journaling there (a network file system?); choose a "
                         "local file with --db PATH");
    }
  }
  apply_migrations(*connection, history_migrations());
  return History(std::move(connection), path);
}

}  // namespace xo::db
