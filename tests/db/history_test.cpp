// The history database: runs stored and read back whole, the figures every reader sees, queries by
// run and by key, deletion, the schema's migrations and the default place.

#include "xo/db/history.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "schema_migrations.hpp"
#include "sqlite_connection.hpp"
#include "support/history_fixtures.hpp"
#include "xo/db/history_error.hpp"
#include "xo/db/history_path.hpp"

using xo::db::Direction;
using xo::db::History;
using xo::db::HistoryAccess;
using xo::db::HistoryError;
using xo::test::sample_run;
using xo::test::ScratchDir;

namespace {

const xo::db::Figure* find_figure(const std::vector<xo::db::Figure>& figures, const std::string& key) {
  const auto it = std::find_if(figures.begin(), figures.end(), [&](const auto& f) { return f.key == key; });
  return it == figures.end() ? nullptr : &*it;
}

}  // namespace

TEST(History, StoresARunAndReadsItBackWhole) {
  ScratchDir dir;
  const std::string path = dir.file("history.db");
  auto history = History::open(path, HistoryAccess::ReadWrite);
  const auto stored = sample_run();
  const std::int64_t id = history.store(stored);
  EXPECT_GT(id, 0);

  const auto run = history.run(id);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->kind, stored.kind);
  EXPECT_EQ(run->machine, "xt3");
  EXPECT_EQ(run->ranks, 16);
  EXPECT_EQ(run->command, stored.command);
  EXPECT_EQ(run->started_at, stored.started_at);
  ASSERT_EQ(run->parameters.size(), 2u);
  EXPECT_EQ(run->parameters[1].name, "G") << "settings keep their order";
  EXPECT_EQ(run->environment[0].value, "128000");
  ASSERT_EQ(run->measurements.size(), 2u);
  EXPECT_EQ(run->measurements[1].count, 200);
  ASSERT_EQ(run->fits.size(), 2u);
  EXPECT_EQ(run->fits[0].value, stored.fits[0].value) << "values are exact";
  EXPECT_EQ(run->fits[0].r_squared, 0.99);
  EXPECT_FALSE(run->fits[1].r_squared);
  ASSERT_EQ(run->crossovers.size(), 2u);
  EXPECT_EQ(run->crossovers[1].ranks, 16);
  EXPECT_FALSE(run->crossovers[1].crossing);
  ASSERT_EQ(run->recommendations.size(), 1u);
  ASSERT_TRUE(run->recommendations[0].verification);
  EXPECT_EQ(run->recommendations[0].verification->measured_seconds, 0.0025);
  EXPECT_EQ(run->damage, "") << "a trusted trace";
  EXPECT_FALSE(history.run(id + 1));
}

TEST(History, ARunFromADamagedTraceSaysSoAndHow) {
  ScratchDir dir;
  auto history = History::open(dir.file("h.db"), HistoryAccess::ReadWrite);
  const auto trusted = history.store(sample_run());
  auto damaged_run = sample_run();
  damaged_run.kind = xo::db::RunKind::Report;
  damaged_run.damage = "traces/3.evt is not the file its writer wrote (its digest differs)";
  const auto damaged = history.store(damaged_run);
  EXPECT_EQ(history.run(damaged)->damage, damaged_run.damage);
  EXPECT_EQ(history.run(trusted)->damage, "");
  const auto runs = history.runs();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].id, damaged);
  EXPECT_TRUE(runs[0].damaged);
  EXPECT_FALSE(runs[1].damaged);
  xo::db::Connection raw(dir.file("h.db"), xo::db::Connection::Mode::ReadOnly);
  auto stored = raw.prepare("SELECT count(*) FROM runs WHERE damage IS NULL");
  ASSERT_TRUE(stored.step());
  EXPECT_EQ(stored.integer(0), 1) << "a trusted trace's run stores NULL, not ''";
}

TEST(HistoryPlace, AFileNamedInADirectoryThatDoesNotExistIsRefused) {
  ScratchDir dir;
  const std::string path = dir.file("results/h.db");
  try {
    History::open(path, HistoryAccess::ReadWrite);
    FAIL() << "a missing directory must be refused";
  } catch (const HistoryError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot store in " + path + ": the directory " + dir.file("results") +
                                         " does not exist; create it (mkdir -p " + dir.file("results") +
                                         ") or choose another --db PATH");
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("results"))) << "nothing was created";
}

TEST(HistoryPlace, TheDefaultPlaceMakesItsDirectories) {
  ScratchDir dir;
  const std::string path = dir.file("data/crossover/history.db");
  auto history = History::open(path, HistoryAccess::ReadWrite, {.create_directories = true});
  EXPECT_GT(history.store(sample_run()), 0);
  EXPECT_TRUE(std::filesystem::is_regular_file(path));
}

TEST(HistoryPlace, AFileWhereADirectoryShouldBeIsNamed) {
  ScratchDir dir;
  std::ofstream(dir.file("plain")) << "a file, not a directory";
  for (const std::string& path : {dir.file("plain/h.db"), dir.file("plain/sub/h.db")}) {
    try {
      History::open(path, HistoryAccess::ReadWrite);
      FAIL() << path;
    } catch (const HistoryError& e) {
      EXPECT_EQ(std::string(e.what()),
                "cannot store in " + path + ": " + dir.file("plain") + " is not a directory; choose another --db PATH");
    }
  }
}

TEST(History, EveryNumberIsAFigureWithAStableKey) {
  ScratchDir dir;
  auto history = History::open(dir.file("h.db"), HistoryAccess::ReadWrite);
  const std::int64_t id = history.store(sample_run());
  const auto figures = history.figures(id);
  for (const char* key : {"fit/short/L", "fit/short/G", "mpi_time/MPI_Send", "branching/MPI_Barrier",
                          "crossover/MPICH_MAX_SHORT_MSG_SIZE", "best/MPICH_MAX_SHORT_MSG_SIZE",
                          "best/MPICH_REDUCE_SHORT_MSG/MPI_Reduce@16", "saving/MPICH_MAX_SHORT_MSG_SIZE/predicted",
                          "saving/MPICH_MAX_SHORT_MSG_SIZE/measured"}) {
    EXPECT_TRUE(find_figure(figures, key)) << key;
  }
  EXPECT_FALSE(find_figure(figures, "crossover/MPICH_REDUCE_SHORT_MSG/MPI_Reduce@16")) << "no crossing, no figure";
  EXPECT_EQ(figures.size(), 9u);
  const auto* latency = find_figure(figures, "fit/short/L");
  ASSERT_TRUE(latency);
  EXPECT_EQ(latency->unit, "s");
  EXPECT_EQ(latency->direction, Direction::LowerIsBetter);
  EXPECT_DOUBLE_EQ(*latency->upper, 5.8e-6 * 1.1);
  EXPECT_EQ(find_figure(figures, "crossover/MPICH_MAX_SHORT_MSG_SIZE")->direction, Direction::Neither);
  EXPECT_EQ(find_figure(figures, "saving/MPICH_MAX_SHORT_MSG_SIZE/predicted")->direction, Direction::HigherIsBetter);
  EXPECT_TRUE(
      std::is_sorted(figures.begin(), figures.end(), [](const auto& a, const auto& b) { return a.key < b.key; }));
}

TEST(History, ListsRunsNewestFirstWithFilters) {
  ScratchDir dir;
  auto history = History::open(dir.file("h.db"), HistoryAccess::ReadWrite);
  const auto a = history.store(sample_run("xt3"));
  auto report = sample_run("ap1000");
  report.kind = xo::db::RunKind::Report;
  report.program = "./stencil 64";
  const auto b = history.store(report);
  const auto c = history.store(sample_run("xt3"));
  const auto all = history.runs();
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].id, c);
  EXPECT_EQ(all[2].id, a);
  EXPECT_EQ(all[1].figures, 9);
  EXPECT_EQ(all[1].program, "./stencil 64");
  EXPECT_EQ(history.runs({"xt3", {}, 0}).size(), 2u);
  const auto reports = history.runs({"", xo::db::RunKind::Report, 0});
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(reports[0].id, b);
  const auto newest = history.runs({"", {}, 1});
  ASSERT_EQ(newest.size(), 1u);
  EXPECT_EQ(newest[0].id, c);
  EXPECT_EQ(history.run_count(), 3);
}

TEST(History, FigureValuesByKeyOrGlobAndTheHistoryOfARun) {
  ScratchDir dir;
  auto history = History::open(dir.file("h.db"), HistoryAccess::ReadWrite);
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 5; ++i) ids.push_back(history.store(sample_run("xt3", 1e-6 * (i + 1))));
  history.store(sample_run("ap1000", 9e-6));
  const auto latency = history.figure_values("fit/short/L");
  ASSERT_EQ(latency.size(), 6u);
  EXPECT_EQ(latency[0].machine, "ap1000") << "by machine, then oldest first";
  EXPECT_DOUBLE_EQ(latency[1].figure.value, 1e-6);
  EXPECT_DOUBLE_EQ(latency[5].figure.value, 5e-6);
  EXPECT_EQ(history.figure_values("fit/short/L", "xt3").size(), 5u);
  EXPECT_EQ(history.figure_values("fit/short/*", "xt3").size(), 10u);
  EXPECT_EQ(history.figure_values("crossover/*").size(), 6u);
  EXPECT_TRUE(history.figure_values("fit/nothing/L").empty());

  // The history of run 4's figures: runs 2 to 4 of the same kind, machine and program.
  const auto earlier = history.figure_history(ids[3], 3);
  std::vector<double> l;
  for (const auto& v : earlier) {
    if (v.figure.key == "fit/short/L") l.push_back(v.figure.value);
  }
  EXPECT_EQ(l, (std::vector<double>{1e-6 * 2, 1e-6 * 3, 1e-6 * 4}));
  const auto keys = history.figure_keys();
  EXPECT_EQ(keys.size(), 9u);
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
}

TEST(History, DeletesRunsWithEverythingTheyProduced) {
  ScratchDir dir;
  auto history = History::open(dir.file("h.db"), HistoryAccess::ReadWrite);
  const auto a = history.store(sample_run());
  const auto b = history.store(sample_run());
  auto with_verify = sample_run();
  with_verify.recommendations[0].verification->verify_run = a;
  const auto c = history.store(with_verify);
  history.remove({a});
  EXPECT_FALSE(history.run(a));
  EXPECT_TRUE(history.figures(a).empty());
  ASSERT_TRUE(history.run(c));
  EXPECT_FALSE(history.run(c)->recommendations[0].verification->verify_run) << "a deleted verify run is unlinked";
  try {
    history.remove({b, 999});
    FAIL() << "an unknown id must be refused";
  } catch (const HistoryError& e) {
    EXPECT_NE(std::string(e.what()).find("no run 999"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(history.run(b)) << "nothing is deleted when one id is unknown";
  // No orphans in any table.
  xo::db::Connection raw(dir.file("h.db"), xo::db::Connection::Mode::ReadOnly);
  for (const char* table : {"settings", "measurements", "fits", "crossovers", "recommendations", "verifications"}) {
    auto q = raw.prepare(std::string("SELECT count(*) FROM ") + table + " WHERE run_id NOT IN (SELECT id FROM runs)");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.integer(0), 0) << table;
  }
}

TEST(History, BenchCacheKeepsBytesByKeyWithinItsBound) {
  ScratchDir dir;
  auto history = History::open(dir.file("h.db"), HistoryAccess::ReadWrite);
  EXPECT_FALSE(history.cached_bench("a"));
  const std::string binary("\0\x01\xff samples", 11);
  history.cache_bench("a", binary, 1000);
  ASSERT_TRUE(history.cached_bench("a"));
  EXPECT_EQ(*history.cached_bench("a"), binary) << "bytes come back whole, zeros included";
  history.cache_bench("a", "replaced", 1000);
  EXPECT_EQ(*history.cached_bench("a"), "replaced");
  history.cache_bench("b", std::string(600, 'b'), 1000);
  history.cache_bench("c", std::string(600, 'c'), 1000);
  EXPECT_TRUE(history.cached_bench("c")) << "the newest entry stays";
  EXPECT_FALSE(history.cached_bench("b")) << "600 + 600 bytes exceed the bound: the older one goes";
  EXPECT_FALSE(history.cached_bench("a")) << "stored before b: older entries go first";
  history.cache_bench("d", "small", 1000);
  EXPECT_TRUE(history.cached_bench("c") && history.cached_bench("d")) << "605 bytes fit";
  EXPECT_EQ(history.run_count(), 0) << "cache entries are not runs";
}

TEST(HistoryMigrations, AFreshDatabaseGetsTheLatestSchemaAndReopeningAppliesNothing) {
  ScratchDir dir;
  const std::string path = dir.file("h.db");
  {
    auto history = History::open(path, HistoryAccess::ReadWrite);
    EXPECT_EQ(history.schema_version(), History::latest_schema_version());
    history.store(sample_run());
  }
  xo::db::Connection raw(path, xo::db::Connection::Mode::ReadWrite);
  EXPECT_EQ(xo::db::apply_migrations(raw, xo::db::history_migrations()), 0) << "nothing left to apply";
  auto history = History::open(path, HistoryAccess::ReadWrite);
  EXPECT_EQ(history.schema_version(), History::latest_schema_version());
  EXPECT_EQ(history.run_count(), 1);
  auto journal = raw.prepare("PRAGMA journal_mode");
  ASSERT_TRUE(journal.step());
  EXPECT_EQ(journal.text(0), "wal");
}

TEST(HistoryMigrations, StepsApplyInOrderOnceAndAFailingStepChangesNothing) {
  ScratchDir dir;
  xo::db::Connection raw(dir.file("m.db"), xo::db::Connection::Mode::ReadWriteCreate);
  const std::vector<std::string_view> two = {"CREATE TABLE a (x)", "CREATE TABLE b (y)"};
  EXPECT_EQ(xo::db::apply_migrations(raw, std::span(two).first(1)), 1);
  EXPECT_EQ(xo::db::schema_version(raw), 1);
  EXPECT_EQ(xo::db::apply_migrations(raw, two), 1) << "only the new step";
  EXPECT_EQ(xo::db::schema_version(raw), 2);
  const std::vector<std::string_view> broken = {"CREATE TABLE a (x)", "CREATE TABLE b (y)",
                                                "CREATE TABLE c (z); INSERT INTO nowhere VALUES (1)"};
  EXPECT_THROW(xo::db::apply_migrations(raw, broken), HistoryError);
  EXPECT_EQ(xo::db::schema_version(raw), 2) << "the failed step is rolled back with its version";
  auto c = raw.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'c'");
  ASSERT_TRUE(c.step());
  EXPECT_EQ(c.integer(0), 0);
  try {
    xo::db::apply_migrations(raw, std::span(two).first(1));
    FAIL() << "a database beyond the steps known must be refused";
  } catch (const HistoryError& e) {
    EXPECT_NE(std::string(e.what()).find("newer xo (schema 2, this xo knows 1)"), std::string::npos) << e.what();
  }
}

// A history made by an earlier xo: its runs come through the upgrade whole, as from a trusted
// trace (they were stored before damage was recorded), and the upgraded file takes damaged runs.
TEST(HistoryMigrations, AnEarlierVersionsHistoryIsUpgradedWithItsRuns) {
  for (const std::size_t earlier : {std::size_t{1}, std::size_t{2}}) {
    ScratchDir dir;
    const std::string path = dir.file("old.db");
    {
      xo::db::Connection raw(path, xo::db::Connection::Mode::ReadWriteCreate);
      raw.execute("PRAGMA journal_mode = WAL", "test");
      ASSERT_EQ(xo::db::apply_migrations(raw, xo::db::history_migrations().first(earlier)), static_cast<int>(earlier));
      raw.execute(
          "INSERT INTO runs (kind, machine, ranks, program, command, tool_version, started_at, host, trace) VALUES "
          "('report', 'xt3', 4, './app', 'xo report t', 'xo 0.1', '2025-01-01T00:00:00Z', 'h', 't/traces.otf2');"
          "INSERT INTO measurements (run_id, key, value, unit, direction) VALUES (1, 'mpi_time', 0.5, 's', 'lower')",
          "test");
    }
    auto history = History::open(path, HistoryAccess::ReadWrite);
    EXPECT_EQ(history.schema_version(), History::latest_schema_version()) << "from version " << earlier;
    const auto old = history.run(1);
    ASSERT_TRUE(old);
    EXPECT_EQ(old->machine, "xt3");
    EXPECT_EQ(old->trace, "t/traces.otf2");
    EXPECT_EQ(old->damage, "");
    ASSERT_EQ(old->measurements.size(), 1u);
    EXPECT_EQ(old->measurements[0].value, 0.5);
    EXPECT_FALSE(history.runs()[0].damaged);
    auto damaged = sample_run();
    damaged.damage = "traces/0.evt ends in the middle of an event";
    const auto id = history.store(damaged);
    EXPECT_EQ(history.run(id)->damage, damaged.damage);
  }
}

TEST(HistoryPath, FollowsTheXdgDataDirectory) {
  const char* saved_data = std::getenv("XDG_DATA_HOME");
  const char* saved_home = std::getenv("HOME");
  const std::string data = saved_data ? saved_data : "", home = saved_home ? saved_home : "";
  setenv("XDG_DATA_HOME", "/data", 1);
  setenv("HOME", "/home/u", 1);
  EXPECT_EQ(xo::db::default_history_path(), "/data/crossover/history.db");
  setenv("XDG_DATA_HOME", "relative", 1);
  EXPECT_EQ(xo::db::default_history_path(), "/home/u/.local/share/crossover/history.db") << "a relative one is ignored";
  unsetenv("XDG_DATA_HOME");
  EXPECT_EQ(xo::db::default_history_path(), "/home/u/.local/share/crossover/history.db");
  unsetenv("HOME");
  EXPECT_THROW(xo::db::default_history_path(), HistoryError);
  if (saved_data) setenv("XDG_DATA_HOME", data.c_str(), 1);
  if (saved_home) setenv("HOME", home.c_str(), 1);
}

TEST(History, QueriesNeedAnExistingHistory) {
  ScratchDir dir;
  try {
    History::open(dir.file("none.db"), HistoryAccess::ReadOnly);
    FAIL();
  } catch (const HistoryError& e) {
    EXPECT_NE(std::string(e.what()).find("no runs yet"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("none.db"))) << "a query creates nothing";
}
