#include "schema_migrations.hpp"

#include <array>
#include <string>

#include "xo/db/history_error.hpp"

namespace xo::db {

namespace {

// Version 1: runs with their settings, and what they produced. Figure keys are built by the
// database itself (generated columns, the `figures` view), so every reader sees the same keys.
constexpr std::string_view kVersion1 = R"sql(
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('bench', 'report', 'verify')),
  machine TEXT NOT NULL,
  ranks INTEGER CHECK (ranks IS NULL OR ranks > 0),
  program TEXT NOT NULL,
  command TEXT NOT NULL,
  tool_version TEXT NOT NULL,
  started_at TEXT NOT NULL,
  host TEXT NOT NULL,
  trace TEXT NOT NULL
);
CREATE INDEX runs_by_machine ON runs (machine, started_at, id);
CREATE INDEX runs_by_time ON runs (started_at, id);

CREATE TABLE settings (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('parameter', 'environment')),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (run_id, kind, position)
) WITHOUT ROWID;

CREATE TABLE measurements (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value REAL NOT NULL,
  unit TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('lower', 'higher', 'neither')),
  lower REAL,
  upper REAL,
  count INTEGER,
  PRIMARY KEY (run_id, key)
) WITHOUT ROWID;
CREATE INDEX measurements_by_key ON measurements (key, run_id);

CREATE TABLE fits (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  protocol TEXT NOT NULL,
  parameter TEXT NOT NULL,
  value REAL NOT NULL,
  unit TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('lower', 'higher', 'neither')),
  lower REAL,
  upper REAL,
  r_squared REAL,
  key TEXT GENERATED ALWAYS AS ('fit/' || protocol || '/' || parameter) VIRTUAL,
  PRIMARY KEY (run_id, protocol, parameter)
);
CREATE INDEX fits_by_key ON fits (key, run_id);

CREATE TABLE crossovers (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  variable TEXT NOT NULL,
  operation TEXT NOT NULL,
  ranks INTEGER,
  below TEXT NOT NULL,
  above TEXT NOT NULL,
  unit TEXT NOT NULL,
  crossing REAL,
  lower REAL,
  upper REAL,
  best REAL,
  setting INTEGER NOT NULL,
  finding TEXT NOT NULL,
  subject TEXT GENERATED ALWAYS AS
    (variable || CASE WHEN operation = '' THEN '' ELSE '/' || operation || coalesce('@' || ranks, '') END) VIRTUAL,
  crossing_key TEXT GENERATED ALWAYS AS ('crossover/' || subject) VIRTUAL,
  best_key TEXT GENERATED ALWAYS AS ('best/' || subject) VIRTUAL
);
CREATE UNIQUE INDEX crossovers_by_run ON crossovers (run_id, subject);
CREATE INDEX crossovers_by_crossing_key ON crossovers (crossing_key, run_id);
CREATE INDEX crossovers_by_best_key ON crossovers (best_key, run_id);

CREATE TABLE recommendations (
  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  variable TEXT NOT NULL,
  value TEXT NOT NULL,
  predicted_seconds REAL NOT NULL,
  affected INTEGER NOT NULL,
  evidence TEXT NOT NULL,
  cost TEXT NOT NULL,
  key TEXT GENERATED ALWAYS AS ('saving/' || variable || '/predicted') VIRTUAL,
  PRIMARY KEY (run_id, variable)
);
CREATE INDEX recommendations_by_key ON recommendations (key, run_id);

CREATE TABLE verifications (
  run_id INTEGER NOT NULL,
  variable TEXT NOT NULL,
  measured_seconds REAL NOT NULL,
  verify_run_id INTEGER REFERENCES runs (id) ON DELETE SET NULL,
  note TEXT NOT NULL,
  key TEXT GENERATED ALWAYS AS ('saving/' || variable || '/measured') VIRTUAL,
  PRIMARY KEY (run_id, variable),
  FOREIGN KEY (run_id, variable) REFERENCES recommendations (run_id, variable) ON DELETE CASCADE
);
CREATE INDEX verifications_by_key ON verifications (key, run_id);
CREATE INDEX verifications_by_verify_run ON verifications (verify_run_id);

-- Every figure of every run, whatever table holds it: compare, trend and export read only this.
CREATE VIEW figures (run_id, key, value, unit, direction, lower, upper) AS
  SELECT run_id, key, value, unit, direction, lower, upper FROM measurements
  UNION ALL
  SELECT run_id, key, value, unit, direction, lower, upper FROM fits
  UNION ALL
  SELECT run_id, crossing_key, crossing, unit, 'neither', lower, upper FROM crossovers WHERE crossing IS NOT NULL
  UNION ALL
  SELECT run_id, best_key, best, unit, 'neither', NULL, NULL FROM crossovers WHERE best IS NOT NULL
  UNION ALL
  SELECT run_id, key, predicted_seconds, 's', 'higher', NULL, NULL FROM recommendations
  UNION ALL
  SELECT run_id, key, measured_seconds, 's', 'higher', NULL, NULL FROM verifications;
)sql";

// Version 2: the report's bench results, by what determines them (bench_cache.cpp).
constexpr std::string_view kVersion2 = R"sql(
CREATE TABLE bench_cache (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  stored_at TEXT NOT NULL,
  samples BLOB NOT NULL
);
)sql";

// Version 3: a run from a trace xo report read despite damage (--tolerate) says what the damage was;
// NULL for a trusted trace, and for every run stored before.
constexpr std::string_view kVersion3 = R"sql(
ALTER TABLE runs ADD COLUMN damage TEXT;
)sql";

constexpr std::array<std::string_view, 3> kMigrations = {kVersion1, kVersion2, kVersion3};

}  // namespace

std::span<const std::string_view> history_migrations() { return kMigrations; }

int schema_version(Connection& connection) {
  Statement query = connection.prepare("PRAGMA user_version");
  if (!query.step()) throw HistoryError(connection.path() + ": SQLite gave no user_version");
  return static_cast<int>(query.integer(0));
}

void refuse_newer_schema(const std::string& path, int found, int known) {
  throw HistoryError(path + " was written by a newer xo (schema " + std::to_string(found) + ", this xo knows " +
                     std::to_string(known) +
                     "); use that xo, or choose another file with --db PATH. The file was "
                     "not changed");
}

int apply_migrations(Connection& connection, std::span<const std::string_view> steps) {
  const int known = static_cast<int>(steps.size());
  // An up-to-date database needs no write lock: opening it must not wait for another writer.
  if (schema_version(connection) == known) return 0;
  int applied = 0;
  while (true) {
    connection.execute("BEGIN IMMEDIATE", "taking the write lock to update the schema");
    try {
      const int version = schema_version(connection);
      if (version > known) refuse_newer_schema(connection.path(), version, known);
      if (version == known) {
        connection.execute("COMMIT", "ending the schema check");
        return applied;
      }
      connection.execute(steps[static_cast<std::size_t>(version)], "updating the schema");
      connection.execute("PRAGMA user_version = " + std::to_string(version + 1), "updating the schema version");
      connection.execute("COMMIT", "committing the schema update");
      ++applied;
    } catch (...) {
      connection.rollback();
      throw;
    }
  }
}

}  // namespace xo::db
