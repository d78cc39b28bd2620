// Writing to the history: a run with everything it produced, and deleting runs. Each is one
// transaction taken with the write lock up front (BEGIN IMMEDIATE), so concurrent writers queue
// on the busy timeout instead of failing halfway.

#include <string>

#include "sqlite_connection.hpp"
#include "write_transaction.hpp"
#include "xo/db/history.hpp"
#include "xo/db/history_error.hpp"

namespace xo::db {

namespace {

void insert_settings(Connection& c, std::int64_t run, const char* kind, const std::vector<Setting>& settings) {
  Statement insert =
      c.prepare("INSERT INTO settings (run_id, kind, position, name, value) VALUES (?1, ?2, ?3, ?4, ?5)");
  for (std::size_t i = 0; i < settings.size(); ++i) {
    insert.bind(1, run).bind(2, std::string_view(kind)).bind(3, static_cast<std::int64_t>(i));
    insert.bind(4, settings[i].name).bind(5, settings[i].value).run();
    insert.reset();
  }
}

void insert_measurements(Connection& c, std::int64_t run, const std::vector<Measurement>& measurements) {
  Statement insert = c.prepare(
      "INSERT INTO measurements (run_id, key, value, unit, direction, lower, upper, count) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  for (const Measurement& m : measurements) {
    insert.bind(1, run).bind(2, m.key).bind(3, m.value).bind(4, m.unit);
    insert.bind(5, std::string_view(direction_name(m.direction))).bind(6, m.lower).bind(7, m.upper).bind(8, m.count);
    insert.run();
    insert.reset();
  }
}

void insert_fits(Connection& c, std::int64_t run, const std::vector<FitRecord>& fits) {
  Statement insert = c.prepare(
      "INSERT INTO fits (run_id, protocol, parameter, value, unit, direction, lower, upper, r_squared) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
  for (const FitRecord& f : fits) {
    insert.bind(1, run).bind(2, f.protocol).bind(3, f.parameter).bind(4, f.value).bind(5, f.unit);
    insert.bind(6, std::string_view(direction_name(f.direction))).bind(7, f.lower).bind(8, f.upper);
    insert.bind(9, f.r_squared).run();
    insert.reset();
  }
}

void insert_crossovers(Connection& c, std::int64_t run, const std::vector<CrossoverRecord>& crossovers) {
  Statement insert = c.prepare(
      "INSERT INTO crossovers (run_id, variable, operation, ranks, below, above, unit, crossing, lower, upper, best, "
      "setting, finding) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
  for (const CrossoverRecord& x : crossovers) {
    insert.bind(1, run).bind(2, x.variable).bind(3, x.operation);
    if (x.ranks)
      insert.bind(4, static_cast<std::int64_t>(*x.ranks));
    else
      insert.bind_null(4);
    insert.bind(5, x.below).bind(6, x.above).bind(7, x.unit).bind(8, x.crossing).bind(9, x.lower).bind(10, x.upper);
    insert.bind(11, x.best).bind(12, x.setting).bind(13, x.finding).run();
    insert.reset();
  }
}

void insert_recommendations(Connection& c, std::int64_t run, const std::vector<RecommendationRecord>& recs) {
  Statement insert = c.prepare(
      "INSERT INTO recommendations (run_id, position, variable, value, predicted_seconds, affected, evidence, cost) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  Statement verified = c.prepare(
      "INSERT INTO verifications (run_id, variable, measured_seconds, verify_run_id, note) VALUES (?1, ?2, ?3, ?4, "
      "?5)");
  for (std::size_t i = 0; i < recs.size(); ++i) {
    const RecommendationRecord& r = recs[i];
    insert.bind(1, run).bind(2, static_cast<std::int64_t>(i)).bind(3, r.variable).bind(4, r.value);
    insert.bind(5, r.predicted_seconds).bind(6, r.affected).bind(7, r.evidence).bind(8, r.cost).run();
    insert.reset();
    if (!r.verification) continue;
    verified.bind(1, run).bind(2, r.variable).bind(3, r.verification->measured_seconds);
    verified.bind(4, r.verification->verify_run).bind(5, r.verification->note).run();
    verified.reset();
  }
}

}  // namespace

std::int64_t History::store(const RunRecord& run, const std::function<void()>& before_commit) {
  Connection& c = *connection_;
  std::int64_t id = 0;
  in_write_transaction(c, "storing a run", [&] {
    Statement insert = c.prepare(
        "INSERT INTO runs (kind, machine, ranks, program, command, tool_version, started_at, host, trace, damage) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    insert.bind(1, std::string_view(run_kind_name(run.kind))).bind(2, run.machine);
    if (run.ranks)
      insert.bind(3, static_cast<std::int64_t>(*run.ranks));
    else
      insert.bind_null(3);
    insert.bind(4, run.program).bind(5, run.command).bind(6, run.tool_version).bind(7, run.started_at);
    insert.bind(8, run.host).bind(9, run.trace);
    if (run.damage.empty()) {
      insert.bind_null(10);  // a trusted trace
    } else {
      insert.bind(10, run.damage);
    }
    insert.run();
    id = c.last_insert_id();
    insert_settings(c, id, "parameter", run.parameters);
    insert_settings(c, id, "environment", run.environment);
    insert_measurements(c, id, run.measurements);
    insert_fits(c, id, run.fits);
    insert_crossovers(c, id, run.crossovers);
    insert_recommendations(c, id, run.recommendations);
    if (before_commit) before_commit();
  });
  return id;
}

void History::remove(const std::vector<std::int64_t>& ids) {
  Connection& c = *connection_;
  in_write_transaction(c, "deleting runs", [&] {
    Statement exists = c.prepare("SELECT 1 FROM runs WHERE id = ?1");
    std::string unknown;
    for (std::int64_t id : ids) {
      exists.bind(1, id);
      if (!exists.step()) unknown += (unknown.empty() ? "" : ", ") + std::to_string(id);
      exists.reset();
    }
    if (!unknown.empty()) {
      throw HistoryError("no run " + unknown + " in " + c.path() +
                         "; nothing was deleted (`xo history list` shows the runs)");
    }
    Statement erase = c.prepare("DELETE FROM runs WHERE id = ?1");
    for (std::int64_t id : ids) {
      erase.bind(1, id).run();
      erase.reset();
    }
  });
}

}  // namespace xo::db
