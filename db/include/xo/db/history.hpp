#pragma once
// The benchmark history: an SQLite database of runs and their figures (db/README.md has the schema).
//
// Opening it for writing creates the file if needed (its directory too only when asked: see
// HistoryOptions), sets WAL journaling (readers never block the writer), a busy timeout and foreign
// keys, and brings the schema up to date. It refuses, without writing anything, a database from a
// newer xo, a file that is not a history (another program's SQLite database, or no SQLite at all)
// or fails SQLite's quick check, a directory that does not exist, and a place it may not read or
// write. A run and everything it produced are stored in one transaction, so no reader ever sees half
// a run, and a process killed while storing leaves the database as it was.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xo/db/figure.hpp"
#include "xo/db/run_record.hpp"

namespace xo::db {

class Connection;

enum class HistoryAccess {
  ReadOnly,   // queries: the file must exist; it is never written
  ReadWrite,  // storing and deleting: creates the file if missing
};

struct HistoryOptions {
  int busy_timeout_ms = 10'000;  // how long to wait for another process's write lock
  // Whether writing creates the file's missing directories. Only the default place does (the XDG
  // convention: a program makes its own data directory); a file the user named must be in a
  // directory that exists, so that a mistyped path is an error, not a history nobody finds.
  bool create_directories = false;
};

// One line of `xo history list`.
struct RunSummary {
  std::int64_t id = 0;
  RunKind kind = RunKind::Bench;
  std::string started_at;
  std::string machine;
  std::optional<int> ranks;
  std::string program;
  std::int64_t figures = 0;
  bool damaged = false;  // from a damaged trace (RunRecord::damage says how)
};

struct RunFilter {
  std::string machine;          // "" for any
  std::optional<RunKind> kind;  // any when absent
  std::size_t limit = 0;        // the newest this many; 0 for all
};

// One value of a figure in one run, for trends.
struct FigureValue {
  std::int64_t run_id = 0;
  RunKind kind = RunKind::Bench;
  std::string started_at;
  std::string machine;
  std::string program;
  Figure figure;
  std::optional<int> ranks;
  std::string settings;  // the run's parameters and variables, "name=value" separated by spaces
};

class History {
 public:
  // Throws HistoryError (see above).
  static History open(const std::string& path, HistoryAccess access, const HistoryOptions& options = {});
  ~History();
  History(History&&) noexcept;
  History& operator=(History&&) noexcept;

  const std::string& path() const { return path_; }
  int schema_version() const;
  static int latest_schema_version();

  // Stores a run and all its parts in one transaction; returns its id. `before_commit`, if given,
  // runs inside the transaction just before it commits (tests use it to stop a writer there).
  std::int64_t store(const RunRecord& run, const std::function<void()>& before_commit = {});

  // Newest first.
  std::vector<RunSummary> runs(const RunFilter& filter = {}) const;
  std::int64_t run_count() const;
  // The run as stored; none for an unknown id.
  std::optional<RunRecord> run(std::int64_t id) const;
  // Every figure of a run, by key.
  std::vector<Figure> figures(std::int64_t run_id) const;
  // Every value of the figures whose key matches `key_pattern` (a key, or a glob such as "fit/*/L"),
  // in runs on `machine` ("" for any), ordered by key, machine, kind, program, ranks and settings
  // (the series a trend follows), then oldest run first.
  std::vector<FigureValue> figure_values(const std::string& key_pattern, const std::string& machine = "") const;
  // The figures of the last `runs` runs of the same kind, machine, program and rank count as
  // `run_id`, up to and including it: the history the regression rule judges a change of that
  // run's figures against.
  // Ordered by key, oldest run first.
  std::vector<FigureValue> figure_history(std::int64_t run_id, std::size_t runs) const;
  // Every figure key in the history, sorted.
  std::vector<std::string> figure_keys() const;
  // The bench cache (xo report): what a benchmark run gave, stored under a key that names all that
  // determines it (bench_cache.cpp). None when the key is not there.
  std::optional<std::string> cached_bench(const std::string& key) const;
  // Stores (or replaces) an entry, then drops the least recently stored entries beyond
  // `max_bytes` in all, in one transaction.
  void cache_bench(const std::string& key, std::string_view samples, std::int64_t max_bytes);

  // Deletes the runs and everything they produced, in one transaction. Throws HistoryError naming
  // any id that is not in the history, and then deletes nothing.
  void remove(const std::vector<std::int64_t>& ids);

 private:
  History(std::unique_ptr<Connection> connection, std::string path);
  static History open_once(const std::string& path, HistoryAccess access, const HistoryOptions& options);
  std::unique_ptr<Connection> connection_;
  std::string path_;
};

}  // namespace xo::db
