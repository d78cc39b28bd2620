// Opening the history: the checks that keep xo from writing to a file it must not touch, then
// the connection's settings and the schema.

#include "xo/db/history.hpp"

#include <chrono>
#include <filesystem>
#include <string_view>
#include <thread>
#include <vector>

#include "file_permissions.hpp"
#include "schema_migrations.hpp"
#include "sqlite_connection.hpp"
#include "xo/db/history_error.hpp"

namespace xo::db {

namespace {

namespace fs = std::filesystem;

// Whether the database has the runs table every Crossover history has, whatever its version.
bool holds_our_runs(Connection& probe) {
  Statement columns =
      probe.prepare("SELECT count(*) FROM pragma_table_info('runs') WHERE name IN ('kind', 'machine', 'started_at')");
  return columns.step() && columns.integer(0) == 3;
}

bool holds_anything(Connection& probe) {
  Statement objects = probe.prepare("SELECT count(*) FROM sqlite_schema");
  return objects.step() && objects.integer(0) > 0;
}

// What another program keeps in the database: "tables notes, people", else its views.
std::string contents_text(Connection& probe, int version) {
  constexpr std::size_t kShown = 8;
  for (const std::string_view type : {"table", "view"}) {
    Statement objects = probe.prepare(
        "SELECT name FROM sqlite_schema WHERE type = ?1 AND name NOT LIKE 'sqlite!_%' ESCAPE '!' ORDER BY name");
    objects.bind(1, type);
    std::vector<std::string> names;
    while (objects.step()) names.push_back(objects.text(0));
    if (names.empty()) continue;
    std::string text = std::string(type) + (names.size() == 1 ? " " : "s ");
    for (std::size_t i = 0; i < names.size() && i < kShown; ++i) text += (i ? ", " : "") + names[i];
    if (names.size() > kShown) text += ", ... (" + std::to_string(names.size()) + " in all)";
    return text;
  }
  return "no tables, yet its user_version is " + std::to_string(version);
}

// A file that exists is looked at read-only first: a database from a newer xo, one of another
// program, or one that is not a history or is damaged, is refused before anything could write to
// it. A history's first migration creates its tables and sets its version in one transaction, so
// version 0 with anything in it, or a version without our runs table, is someone else's database.
// The quick check reads every page, so it is made only before writing; a query meets damage as
// SQLITE_CORRUPT anyway.
void check_existing_file(const std::string& path, int busy_timeout_ms, bool quick_check) {
  Connection probe(path, Connection::Mode::ReadOnly);
  probe.set_busy_timeout(busy_timeout_ms);
  // One read transaction, so the version and the tables are read from one snapshot: read apart,
  // another xo's first migration could commit between them, and a history being created would
  // look like version 0 with tables in it, someone else's database.
  probe.execute("BEGIN", "starting to read the history");
  const int version = schema_version(probe);  // the first read: SQLITE_NOTADB for a file of another kind
  const bool foreign = version == 0 ? holds_anything(probe) : !holds_our_runs(probe);
  if (foreign) {
    throw HistoryError(path + " is a SQLite database, but not a Crossover history: it holds " +
                       contents_text(probe, version) + "; xo leaves it as it is: choose another file with --db PATH");
  }
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

// A file the user named must be in a directory that exists: making one could hide a mistyped path
// (results/ for result/) behind a history nobody looks for.
void require_directory(const std::string& path) {
  const fs::path given = fs::path(path).parent_path();
  std::error_code error;
  if (given.empty() || fs::is_directory(given, error)) return;
  // The nearest part of the way that exists: a file where a directory should be is said so.
  for (fs::path part = given; !part.empty(); part = part.parent_path()) {
    const auto status = fs::status(part, error);
    if (fs::exists(status)) {
      if (fs::is_directory(status)) break;
      throw HistoryError("cannot store in " + path + ": " + part.string() +
                         " is not a directory; choose another --db PATH");
    }
    if (part == part.parent_path()) break;
  }
  throw HistoryError("cannot store in " + path + ": the directory " + given.string() +
                     " does not exist; create it (mkdir -p " + shell_quoted(given.string()) +
                     ") or choose another --db PATH");
}

// The directory the database goes in: made if it is missing and `create` says so, else it must
// exist. Writing needs it writable, because WAL keeps two files (-wal, -shm) beside the database.
void prepare_directory(const std::string& path, bool create) {
  if (create) {
    const fs::path parent = fs::absolute(fs::path(path)).parent_path();
    std::error_code error;
    fs::create_directories(parent, error);
    if (error) {
      throw HistoryError("cannot create the directory " + parent.string() + " for the history " + path + " (" +
                         error.message() + "); choose a writable place with --db PATH");
    }
  } else {
    require_directory(path);
  }
  const std::string refused = permission_problem(path, FileAccess::Write);
  if (!refused.empty()) throw HistoryError(refused);
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
  const FileAccess file_access = access == HistoryAccess::ReadOnly ? FileAccess::Read : FileAccess::Write;
  std::error_code error;
  const auto status = fs::status(path, error);
  const bool exists = fs::exists(status);
  if (error && !exists && error != std::errc::no_such_file_or_directory && error != std::errc::not_a_directory) {
    const std::string refused = permission_problem(path, file_access);  // a directory on the way closed to us
    if (!refused.empty()) throw HistoryError(refused);
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
  if (exists) {
    const std::string refused = permission_problem(path, FileAccess::Read);
    if (!refused.empty()) throw HistoryError(refused);
    check_existing_file(path, options.busy_timeout_ms, access == HistoryAccess::ReadWrite);
  }

  if (access == HistoryAccess::ReadOnly) {
    auto connection = std::make_unique<Connection>(path, Connection::Mode::ReadOnly);
    connection->set_busy_timeout(options.busy_timeout_ms);
    return History(std::move(connection), path);
  }
  prepare_directory(path, options.create_directories);
  auto connection =
      std::make_unique<Connection>(path, exists ? Connection::Mode::ReadWrite : Connection::Mode::ReadWriteCreate);
  if (connection->read_only()) {  // SQLite opens a file it may not write read-only, without a word
    const std::string refused = permission_problem(path, FileAccess::Write);
    throw HistoryError(
        !refused.empty() ? refused : path + " is read-only; make it writable or choose another file with --db PATH");
  }
  connection->set_busy_timeout(options.busy_timeout_ms);
  connection->execute("PRAGMA foreign_keys = ON", "turning on foreign keys");
  // With WAL, NORMAL syncs at checkpoints, not at every commit: a crash of xo or of the system
  // cannot corrupt the database; a power cut may lose the last runs stored.
  connection->execute("PRAGMA synchronous = NORMAL", "setting the sync mode");
  {
    Statement journal = connection->prepare("PRAGMA journal_mode = WAL");
    if (!journal.step() || journal.text(0) != "wal") {
      throw HistoryError(path +
                         ": SQLite would not use WAL journaling there (a network file system?); choose a "
                         "local file with --db PATH");
    }
  }
  apply_migrations(*connection, history_migrations());
  return History(std::move(connection), path);
}

}  // namespace xo::db
