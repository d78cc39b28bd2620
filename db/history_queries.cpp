// Reading the history: run summaries, a run in full, and figures by run or by key. Every figure
// comes from the `figures` view, so all readers agree on keys, units and directions.

#include <algorithm>
#include <string>

#include "sqlite_connection.hpp"
#include "xo/db/history.hpp"
#include "xo/db/history_error.hpp"

namespace xo::db {

namespace {

Direction direction_of(const Statement& row, int column, const std::string& path) {
  const auto direction = parse_direction(row.text(column));
  if (!direction) throw HistoryError(path + " holds a figure with an unknown direction '" + row.text(column) + "'");
  return *direction;
}

RunKind kind_of(const Statement& row, int column, const std::string& path) {
  const auto kind = parse_run_kind(row.text(column));
  if (!kind) throw HistoryError(path + " holds a run of an unknown kind '" + row.text(column) + "'");
  return *kind;
}

std::optional<int> optional_int(const Statement& row, int column) {
  const auto value = row.optional_integer(column);
  return value ? std::optional<int>(static_cast<int>(*value)) : std::nullopt;
}

// Columns key, value, unit, direction, lower, upper from `first` on.
Figure figure_of(const Statement& row, int first, const std::string& path) {
  return {row.text(first),
          row.real(first + 1),
          row.text(first + 2),
          direction_of(row, first + 3, path),
          row.optional_real(first + 4),
          row.optional_real(first + 5)};
}

bool is_glob(const std::string& pattern) { return pattern.find_first_of("*?[") != std::string::npos; }

void read_settings(Connection& c, std::int64_t id, RunRecord& run) {
  Statement query = c.prepare("SELECT kind, name, value FROM settings WHERE run_id = ?1 ORDER BY kind, position");
  query.bind(1, id);
  while (query.step()) {
    (query.text(0) == "parameter" ? run.parameters : run.environment).push_back({query.text(1), query.text(2)});
  }
}

void read_results(Connection& c, std::int64_t id, RunRecord& run) {
  const std::string& path = c.path();
  Statement measurements = c.prepare(
      "SELECT key, value, unit, direction, lower, upper, count FROM measurements WHERE run_id = ?1 ORDER BY key");
  measurements.bind(1, id);
  while (measurements.step()) {
    const Figure f = figure_of(measurements, 0, path);
    run.measurements.push_back(
        {f.key, f.value, f.unit, f.direction, f.lower, f.upper, measurements.optional_integer(6)});
  }
  Statement fits = c.prepare(
      "SELECT protocol, parameter, value, unit, direction, lower, upper, r_squared FROM fits WHERE run_id = ?1 "
      "ORDER BY rowid");
  fits.bind(1, id);
  while (fits.step()) {
    run.fits.push_back({fits.text(0), fits.text(1), fits.real(2), fits.text(3), direction_of(fits, 4, path),
                        fits.optional_real(5), fits.optional_real(6), fits.optional_real(7)});
  }
  Statement crossovers = c.prepare(
      "SELECT variable, operation, ranks, below, above, unit, crossing, lower, upper, best, setting, finding "
      "FROM crossovers WHERE run_id = ?1 ORDER BY rowid");
  crossovers.bind(1, id);
  while (crossovers.step()) {
    const Statement& x = crossovers;
    run.crossovers.push_back({x.text(0), x.text(1), optional_int(x, 2), x.text(3), x.text(4), x.text(5),
                              x.optional_real(6), x.optional_real(7), x.optional_real(8), x.optional_real(9),
                              x.integer(10), x.text(11)});
  }
  Statement recs = c.prepare(
      "SELECT r.variable, r.value, r.predicted_seconds, r.affected, r.evidence, r.cost, v.measured_seconds, "
      "v.verify_run_id, v.note FROM recommendations r LEFT JOIN verifications v USING (run_id, variable) "
      "WHERE r.run_id = ?1 ORDER BY r.position");
  recs.bind(1, id);
  while (recs.step()) {
    RecommendationRecord r{recs.text(0), recs.text(1), recs.real(2), recs.integer(3), recs.text(4), recs.text(5), {}};
    if (!recs.is_null(6)) r.verification = Verification{recs.real(6), recs.optional_integer(7), recs.text(8)};
    run.recommendations.push_back(std::move(r));
  }
}

}  // namespace

std::vector<RunSummary> History::runs(const RunFilter& filter) const {
  Statement query = connection_->prepare(
      "SELECT id, kind, started_at, machine, ranks, program, damage IS NOT NULL FROM runs "
      "WHERE (?1 = '' OR machine = ?1) AND (?2 = '' OR kind = ?2) ORDER BY started_at DESC, id DESC LIMIT ?3");
  query.bind(1, filter.machine).bind(2, std::string_view(filter.kind ? run_kind_name(*filter.kind) : ""));
  query.bind(3, filter.limit == 0 ? std::int64_t{-1} : static_cast<std::int64_t>(filter.limit));
  // Counted run by run: with a constant run id SQLite takes each table's index through the view,
  // which a correlated subquery over the view would not.
  Statement count = connection_->prepare("SELECT count(*) FROM figures WHERE run_id = ?1");
  std::vector<RunSummary> runs;
  while (query.step()) {
    runs.push_back({query.integer(0), kind_of(query, 1, path_), query.text(2), query.text(3), optional_int(query, 4),
                    query.text(5), 0, query.integer(6) != 0});
    count.bind(1, runs.back().id);
    if (count.step()) runs.back().figures = count.integer(0);
    count.reset();
  }
  return runs;
}

std::int64_t History::run_count() const {
  Statement query = connection_->prepare("SELECT count(*) FROM runs");
  query.step();
  return query.integer(0);
}

std::optional<RunRecord> History::run(std::int64_t id) const {
  Statement query = connection_->prepare(
      "SELECT kind, machine, ranks, program, command, tool_version, started_at, host, trace, damage FROM runs "
      "WHERE id = ?1");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  RunRecord run;
  run.kind = kind_of(query, 0, path_);
  run.machine = query.text(1);
  run.ranks = optional_int(query, 2);
  run.program = query.text(3);
  run.command = query.text(4);
  run.tool_version = query.text(5);
  run.started_at = query.text(6);
  run.host = query.text(7);
  run.trace = query.text(8);
  run.damage = query.text(9);  // NULL reads as ""
  read_settings(*connection_, id, run);
  read_results(*connection_, id, run);
  return run;
}

std::vector<Figure> History::figures(std::int64_t run_id) const {
  Statement query = connection_->prepare(
      "SELECT key, value, unit, direction, lower, upper FROM figures WHERE run_id = ?1 ORDER BY key");
  query.bind(1, run_id);
  std::vector<Figure> figures;
  while (query.step()) figures.push_back(figure_of(query, 0, path_));
  return figures;
}

namespace {

// A run's settings in the order the settings table's key keeps them (kind, position): the
// subquery reads them through that key.
constexpr std::string_view kFigureValueColumns =
    "SELECT f.run_id, r.kind, r.started_at, r.machine, r.program, f.key, f.value, f.unit, f.direction, f.lower, "
    "f.upper, r.ranks, (SELECT group_concat(s.name || '=' || s.value, ' ') FROM settings s WHERE s.run_id = r.id) "
    "AS signature FROM figures f JOIN runs r ON r.id = f.run_id ";

std::vector<FigureValue> read_figure_values(Statement& query, const std::string& path) {
  std::vector<FigureValue> values;
  while (query.step()) {
    FigureValue v{query.integer(0), kind_of(query, 1, path),   query.text(2), query.text(3),
                  query.text(4),    figure_of(query, 5, path), std::nullopt,  {}};
    if (!query.is_null(11)) v.ranks = static_cast<int>(query.integer(11));
    v.settings = query.text(12);
    values.push_back(std::move(v));
  }
  return values;
}

}  // namespace

std::vector<FigureValue> History::figure_values(const std::string& key_pattern, const std::string& machine) const {
  // An exact key is looked up through the tables' key indexes; a glob has to scan.
  Statement query = connection_->prepare(
      std::string(kFigureValueColumns) + "WHERE " + (is_glob(key_pattern) ? "f.key GLOB ?1" : "f.key = ?1") +
      " AND (?2 = '' OR r.machine = ?2) ORDER BY f.key, r.machine, r.kind, r.program, r.ranks, signature, "
      "r.started_at, r.id");
  query.bind(1, key_pattern).bind(2, machine);
  return read_figure_values(query, path_);
}

std::vector<FigureValue> History::figure_history(std::int64_t run_id, std::size_t runs) const {
  // The runs first, then each run's figures by its id: a condition on run_id reaches every table's
  // index through the view only as a constant.
  Statement chosen = connection_->prepare(
      "SELECT o.id, o.kind, o.started_at, o.machine, o.program FROM runs o JOIN runs t ON t.id = ?1 "
      "WHERE o.kind = t.kind AND o.machine = t.machine AND o.program = t.program AND o.ranks IS t.ranks AND "
      "(o.started_at, o.id) <= (t.started_at, t.id) ORDER BY o.started_at DESC, o.id DESC LIMIT ?2");
  chosen.bind(1, run_id).bind(2, static_cast<std::int64_t>(runs));
  std::vector<FigureValue> run_rows;
  while (chosen.step()) {
    run_rows.push_back({chosen.integer(0),
                        kind_of(chosen, 1, path_),
                        chosen.text(2),
                        chosen.text(3),
                        chosen.text(4),
                        {},
                        std::nullopt,
                        {}});
  }
  std::vector<FigureValue> values;
  for (auto it = run_rows.rbegin(); it != run_rows.rend(); ++it) {  // oldest first
    for (Figure& f : figures(it->run_id)) {
      values.push_back(*it);
      values.back().figure = std::move(f);
    }
  }
  std::stable_sort(values.begin(), values.end(),
                   [](const FigureValue& a, const FigureValue& b) { return a.figure.key < b.figure.key; });
  return values;
}

std::vector<std::string> History::figure_keys() const {
  Statement query = connection_->prepare("SELECT DISTINCT key FROM figures ORDER BY key");
  std::vector<std::string> keys;
  while (query.step()) keys.push_back(query.text(0));
  return keys;
}

}  // namespace xo::db
