// `xo history`, and xo bench and xo report storing their runs, as a user meets them: the real xo
// binary on history files of the test's own (--db, or XDG_DATA_HOME).

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "sqlite_connection.hpp"
#include "support/history_fixtures.hpp"
#include "support/json_checker.hpp"
#include "support/run_command.hpp"
#include "xo/db/history.hpp"

using xo::test::contains;
using xo::test::file_bytes;
using xo::test::run_command;
using xo::test::ScratchDir;

namespace {

const std::string kXo = XO_BINARY;
const std::string kPingpong = std::string(XO_EXAMPLES_DIR) + "/pingpong";

std::string bench(const ScratchDir& dir, const std::string& db, const std::string& more = "") {
  static int n = 0;
  return kXo + " bench --machine loggp --suite pt2pt -o " + dir.file("bench" + std::to_string(++n)) + " --db " + db +
         " " + more;
}

std::int64_t run_count(const std::string& db) {
  return xo::db::History::open(db, xo::db::HistoryAccess::ReadOnly).run_count();
}

}  // namespace

TEST(HistoryCli, BenchAndReportStoreTheirRunsAndHistoryShowsThem) {
  ScratchDir dir;
  const std::string db = dir.file("h.db");
  auto b = run_command(bench(dir, db));
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_TRUE(contains(b.err, "xo: stored as run 1 in " + db + "\n")) << b.err;
  EXPECT_TRUE(contains(b.out, "Protocols: LogGP fits")) << "the report is printed as before";

  ASSERT_EQ(
      run_command(kXo + " record -q -n 2 --machine xt3 --compute=none -o " + dir.file("pp.otf2") + " " + kPingpong)
          .status,
      0);
  auto r = run_command(kXo + " report --verify --db " + db + " " + dir.file("pp.otf2"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "xo: stored as run 3 in " + db + " (its --verify recording as run 2)")) << r.err;
  auto json = run_command(kXo + " report --format json --no-bench --db " + db + " " + dir.file("pp.otf2"));
  EXPECT_TRUE(xo::test::JsonChecker::valid(json.out)) << "the stored line stays off stdout: " << json.out;

  auto list = run_command(kXo + " history list --db " + db);
  ASSERT_EQ(list.status, 0) << list.err;
  for (const char* part :
       {"4 runs", "run  time (UTC)", "bench   loggp", "verify  xt3", "report  xt3", kPingpong.c_str()}) {
    EXPECT_TRUE(contains(list.out, part)) << part << "\n" << list.out;
  }
  const auto benches = run_command(kXo + " history list --kind bench --db " + db).out;
  EXPECT_TRUE(contains(benches, "bench  loggp")) << benches;
  EXPECT_FALSE(contains(benches, "report  xt3")) << benches;
  auto show = run_command(kXo + " history show 3 --db " + db);
  ASSERT_EQ(show.status, 0) << show.err;
  for (const char* part : {"run 3 (report on xt3", "command: xo report --verify", "MPICH_MAX_SHORT_MSG_SIZE=128000",
                           "fit/short/L", "us", "lower is better", "mpi_time/MPI_Send", "best/MPICH_MAX_SHORT_MSG_SIZE",
                           "saving/MPICH_MAX_SHORT_MSG_SIZE/predicted", "saving/MPICH_MAX_SHORT_MSG_SIZE/measured",
                           "export MPICH_MAX_SHORT_MSG_SIZE=1048576", "wait/late sender/"}) {
    EXPECT_TRUE(contains(show.out, part)) << part << "\n" << show.out;
  }

  auto csv = run_command(kXo + " history export --db " + db + " 1 3");
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(
      csv.out.rfind("run,kind,started_at,machine,ranks,program,key,value,unit,direction,lower,upper,damage\r\n", 0),
      0u);
  EXPECT_TRUE(contains(csv.out, "\r\n1,bench,")) << csv.out;
  EXPECT_TRUE(contains(csv.out, ",fit/eager/L,")) << csv.out;
  EXPECT_FALSE(contains(csv.out, "\r\n2,verify,")) << "only the runs asked for";
  ASSERT_EQ(run_command(kXo + " history export --format json -o " + dir.file("all.json") + " --db " + db).status, 0);
  const std::string all = file_bytes(dir.file("all.json"));
  EXPECT_TRUE(xo::test::JsonChecker::valid(all)) << all;
  EXPECT_TRUE(contains(all, "\"kind\": \"verify\"")) << all;

  auto skipped = run_command(bench(dir, db, "--no-history"));
  EXPECT_EQ(skipped.status, 0);
  EXPECT_FALSE(contains(skipped.err, "stored"));
  EXPECT_EQ(run_count(db), 4) << "bench, verify, report, report; not the --no-history bench";
}

TEST(HistoryCli, TheDefaultHistoryIsInTheXdgDataDirectory) {
  ScratchDir dir;
  auto b = run_command("XDG_DATA_HOME=" + dir.file("data") + " " + kXo + " bench --machine loggp --suite pt2pt -o " +
                       dir.file("b"));
  ASSERT_EQ(b.status, 0) << b.err;
  const std::string db = dir.file("data/crossover/history.db");
  EXPECT_TRUE(contains(b.err, "stored as run 1 in " + db)) << b.err;
  EXPECT_EQ(run_count(db), 1);
  EXPECT_TRUE(contains(run_command("XDG_DATA_HOME=" + dir.file("data") + " " + kXo + " history list").out, "1 runs"));
}

TEST(HistoryCli, CompareAndTrendFlagAFigureThatGotWorse) {
  ScratchDir dir;
  const std::string db = dir.file("h.db");
  for (int i = 0; i < 4; ++i) ASSERT_EQ(run_command(bench(dir, db)).status, 0);
  ASSERT_EQ(run_command(bench(dir, db, "--param L=4")).status, 0);
  // A trend follows one series: the same program, machine, rank count and settings. The run with
  // another L is a series of its own, named by what differs; compare sets the two side by side.
  auto trend = run_command(kXo + " history trend fit/eager/L --db " + db);
  ASSERT_EQ(trend.status, 0) << trend.err;
  EXPECT_TRUE(contains(trend.out, "fit/eager/L on loggp (bench runs, 16 ranks), in us, lower is better\n"))
      << trend.out;
  EXPECT_TRUE(contains(trend.out, "fit/eager/L on loggp (bench runs, 16 ranks, with L=4), in us, lower is better\n"))
      << trend.out;
  EXPECT_EQ(std::count(trend.out.begin(), trend.out.end(), '\n'), 12) << trend.out;
  EXPECT_TRUE(contains(trend.out, "0 %")) << trend.out;
  EXPECT_FALSE(contains(trend.out, "REGRESSION\n")) << "no series got worse: " << trend.out;

  auto compare = run_command(kXo + " history compare 4 5 --db " + db);
  ASSERT_EQ(compare.status, 0) << compare.err;
  EXPECT_TRUE(contains(compare.out, "settings changed: L 1.5 -> 4")) << compare.out;
  EXPECT_TRUE(contains(compare.out, "fit/eager/L")) << compare.out;
  EXPECT_TRUE(contains(compare.out, "REGRESSION")) << compare.out;
  for (const std::string& line : {std::string("best/XO_EAGER_LIMIT")}) {
    const auto at = compare.out.find(line);
    ASSERT_NE(at, std::string::npos);
    EXPECT_FALSE(contains(compare.out.substr(at, compare.out.find('\n', at) - at), "REGRESSION"))
        << "positions are never flagged";
  }
  auto early = run_command(kXo + " history compare 1 2 --db " + db);
  EXPECT_TRUE(contains(early.out, "0 regressions")) << early.out;
  EXPECT_TRUE(contains(early.out, "too little history")) << early.out;

  auto glob = run_command(kXo + " history trend 'fit/*/L' --machine loggp --db " + db);
  EXPECT_TRUE(contains(glob.out, "fit/rendezvous/L on loggp")) << glob.out;
  auto typo = run_command(kXo + " history trend fit/eagre/L --db " + db);
  EXPECT_EQ(typo.status, 2);
  EXPECT_TRUE(contains(typo.err, "no figure 'fit/eagre/L' in the history; near names: fit/eager/L")) << typo.err;
}

TEST(HistoryCli, DeletesWhatItIsToldAndRefusesUnknownRuns) {
  ScratchDir dir;
  const std::string db = dir.file("h.db");
  ASSERT_EQ(run_command(bench(dir, db)).status, 0);
  ASSERT_EQ(run_command(bench(dir, db)).status, 0);
  auto unknown = run_command(kXo + " history delete 1 7 --db " + db);
  EXPECT_EQ(unknown.status, 2);
  EXPECT_TRUE(contains(unknown.err, "no run 7 in " + db + "; nothing was deleted")) << unknown.err;
  EXPECT_EQ(run_count(db), 2);
  auto deleted = run_command(kXo + " history delete 1 2 --db " + db);
  ASSERT_EQ(deleted.status, 0) << deleted.err;
  EXPECT_TRUE(contains(deleted.out, "deleted run 1 (bench on loggp, ")) << deleted.out;
  EXPECT_TRUE(contains(deleted.out, "deleted run 2 (bench on loggp, ")) << deleted.out;
  auto empty = run_command(kXo + " history list --db " + db);
  EXPECT_EQ(empty.status, 0);
  EXPECT_EQ(empty.out, "no runs yet; `xo bench --machine xt3` or `xo report TRACE` stores one\n");
  auto show = run_command(kXo + " history show 1 --db " + db);
  EXPECT_EQ(show.status, 2);
  EXPECT_TRUE(contains(show.err, "no runs yet")) << show.err;
}

TEST(HistoryCli, MistakesAreOneClearErrorEach) {
  ScratchDir dir;
  const std::string db = dir.file("h.db");
  ASSERT_EQ(run_command(bench(dir, db)).status, 0);
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"", "give a sub-command: xo history list|show|compare|trend|export|delete"},
           {"frob", "unknown history sub-command 'frob'"},
           {"show", "usage: xo history show RUN"},
           {"show abc --db " + db, "'abc' is not a run id"},
           {"show 9 --db " + db, "no run 9 in " + db + "; `xo history list` shows the runs"},
           {"compare 1 --db " + db, "usage: xo history compare RUN RUN"},
           {"list --limit x", "--limit x: give a number of runs"},
           {"list --kind nope", "--kind nope: choose bench, report or verify"},
           {"export --format xml", "--format xml: choose csv or json"},
           {"show 1 --format csv", "unknown option '--format' for `xo history`"},
           {"list --db " + dir.file("none.db"), "no runs yet: there is no history at " + dir.file("none.db")},
           {"delete 1 --db " + dir.file("none.db"), "no runs yet: there is no history at " + dir.file("none.db")}}) {
    auto r = run_command(kXo + " history " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_TRUE(contains(r.err, message)) << args << ": " << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("none.db"))) << "queries create nothing";
  EXPECT_TRUE(contains(run_command(kXo + " help history").out, "Usage: xo history list"));
  EXPECT_TRUE(contains(run_command(kXo + " --help").out, "history "));
}

TEST(HistoryCli, BenchRefusesAHistoryItMustNotTouchBeforeItRuns) {
  ScratchDir dir;
  const std::string newer = dir.file("newer.db");
  ASSERT_EQ(run_command(bench(dir, newer)).status, 0);
  {
    xo::db::Connection raw(newer, xo::db::Connection::Mode::ReadWrite);
    raw.execute("PRAGMA user_version = 7", "test");
  }
  const std::string garbage = dir.file("garbage.db");
  std::ofstream(garbage) << "not a database at all, but somebody's notes\n";
  const std::string foreign = dir.file("contacts.db");
  {
    xo::db::Connection raw(foreign, xo::db::Connection::Mode::ReadWriteCreate);
    raw.execute("CREATE TABLE people (name, phone); INSERT INTO people VALUES ('Ada', '555')", "test");
  }
  std::ofstream(dir.file("plain")) << "a file";
  const std::string latest = std::to_string(xo::db::History::latest_schema_version());
  for (const auto& [db, message] : std::vector<std::pair<std::string, std::string>>{
           {newer, newer + " was written by a newer xo (schema 7, this xo knows " + latest +
                       "); use that xo, or choose another file with --db PATH"},
           {garbage, garbage + " is not a Crossover history: it is not a SQLite database at all"},
           {foreign, foreign +
                         " is a SQLite database, but not a Crossover history: it holds table people; xo leaves it "
                         "as it is: choose another file with --db PATH\n"},
           {dir.file("plain/h.db"), "cannot store in " + dir.file("plain/h.db") + ": " + dir.file("plain") +
                                        " is not a directory; choose another --db PATH\n"}}) {
    const std::string before = file_bytes(db);
    auto r = run_command(bench(dir, db));
    EXPECT_EQ(r.status, 2) << db;
    EXPECT_TRUE(contains(r.err, "xo: " + message)) << r.err;
    EXPECT_EQ(r.out, "") << "refused before the bench ran";
    EXPECT_EQ(file_bytes(db), before) << db;
  }
}

// --db names a file: xo neither writes into a database that is not a history nor makes a
// directory for it; only the default place (XDG) is made as needed.
TEST(HistoryCli, DbRefusesAnotherProgramsDatabaseAndAMissingDirectory) {
  ScratchDir dir;
  const std::string foreign = dir.file("notes.db");
  {
    xo::db::Connection raw(foreign, xo::db::Connection::Mode::ReadWriteCreate);
    raw.execute("CREATE TABLE notes (text); CREATE TABLE tags (name); INSERT INTO notes VALUES ('keep me')", "test");
  }
  const std::string before = file_bytes(foreign);
  const std::string refusal = "xo: " + foreign +
                              " is a SQLite database, but not a Crossover history: it holds tables notes, tags; xo "
                              "leaves it as it is: choose another file with --db PATH\n";
  for (const std::string& command :
       {bench(dir, foreign), kXo + " history list --db " + foreign, kXo + " history delete 1 --db " + foreign}) {
    auto r = run_command(command);
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_EQ(r.err, refusal) << command;
    EXPECT_EQ(r.out, "") << command;
  }
  EXPECT_EQ(file_bytes(foreign), before) << "byte for byte as it was";
  EXPECT_FALSE(std::filesystem::exists(foreign + "-wal"));

  auto missing = run_command("cd " + dir.path() + " && " + kXo + " bench --machine loggp --suite pt2pt -o " +
                             dir.file("b") + " --db results/h.db");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err,
            "xo: cannot store in results/h.db: the directory results does not exist; create it (mkdir -p results) or "
            "choose another --db PATH\n");
  EXPECT_EQ(missing.out, "") << "refused before the bench ran";
  EXPECT_FALSE(std::filesystem::exists(dir.file("results")));
}

TEST(HistoryCli, ExportRefusesAnOutputItCannotPlaceBeforeReading) {
  ScratchDir dir;
  // No history at all: the output's place is checked first, so it is what the message is about.
  const std::string db = dir.file("none.db");
  auto missing = run_command("cd " + dir.path() + " && " + kXo + " history export -o out/x.json --db " + db);
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err,
            "xo: cannot write out/x.json: the directory out does not exist; create it (mkdir -p out) or choose "
            "another -o FILE\n");
  EXPECT_FALSE(std::filesystem::exists(dir.file("out")));
  auto directory = run_command(kXo + " history export --format json -o " + dir.path() + " --db " + db);
  EXPECT_EQ(directory.status, 2);
  EXPECT_EQ(directory.err, "xo: cannot write " + dir.path() + ": it is a directory; give a file, e.g. -o " +
                               dir.path() + "/history.json\n");
}

// A run xo report stored from a damaged trace (--tolerate) is marked wherever it is shown.
TEST(HistoryCli, ARunFromADamagedTraceIsMarkedEverywhere) {
  ScratchDir dir;
  const std::string db = dir.file("h.db");
  const std::string damage = "traces/3.evt is not the file its writer wrote (its digest differs)";
  {
    auto history = xo::db::History::open(db, xo::db::HistoryAccess::ReadWrite);
    history.store(xo::test::sample_run());
    auto damaged = xo::test::sample_run();
    damaged.damage = damage;
    history.store(damaged);
  }
  auto list = run_command(kXo + " history list --db " + db);
  ASSERT_EQ(list.status, 0) << list.err;
  const auto line_of = [](const std::string& text, const std::string& start) {
    const auto at = text.find(start);
    return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
  };
  EXPECT_TRUE(contains(line_of(list.out, "  run "), "figures  trace")) << list.out;
  EXPECT_TRUE(contains(line_of(list.out, "  2 "), "damaged")) << list.out;
  EXPECT_FALSE(contains(line_of(list.out, "  1 "), "damaged")) << list.out;
  EXPECT_TRUE(contains(list.out, "xo report --tolerate")) << list.out;

  auto show = run_command(kXo + " history show 2 --db " + db);
  ASSERT_EQ(show.status, 0) << show.err;
  EXPECT_TRUE(contains(show.out, ", from a damaged trace)\n")) << show.out;
  EXPECT_TRUE(contains(show.out, "\n  from a damaged trace: " + damage + "\n")) << show.out;
  EXPECT_FALSE(contains(run_command(kXo + " history show 1 --db " + db).out, "damaged"));

  auto compare = run_command(kXo + " history compare 1 2 --db " + db);
  ASSERT_EQ(compare.status, 0) << compare.err;
  EXPECT_TRUE(contains(
      compare.out, "run 2 is from a damaged trace, so its figures may not be what the program did: " + damage + "\n"))
      << compare.out;
  EXPECT_FALSE(contains(compare.out, "run 1 is from a damaged trace")) << compare.out;

  auto csv = run_command(kXo + " history export --db " + db);
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(
      csv.out.rfind("run,kind,started_at,machine,ranks,program,key,value,unit,direction,lower,upper,damage\r\n", 0),
      0u);
  EXPECT_TRUE(contains(csv.out, ",fit/short/L,")) << csv.out;
  EXPECT_TRUE(contains(csv.out, "," + damage + "\r\n")) << csv.out;
  auto json = run_command(kXo + " history export --format json --db " + db);
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(xo::test::JsonChecker::valid(json.out)) << json.out;
  EXPECT_TRUE(contains(json.out, "\"damage\": null")) << json.out;
  EXPECT_TRUE(contains(json.out, "\"damage\": \"" + damage + "\"")) << json.out;
}

TEST(HistoryCli, AStoreThatFailsStillPrintsTheReportFirst) {
  ScratchDir dir;
  const std::string db = dir.file("h.db");
  ASSERT_EQ(run_command(bench(dir, db)).status, 0);
  xo::db::Connection holder(db, xo::db::Connection::Mode::ReadWrite);
  holder.execute("BEGIN IMMEDIATE", "test");  // another writer that does not let go
  auto r = run_command("XO_HISTORY_BUSY_TIMEOUT_MS=200 " + bench(dir, db));
  holder.rollback();
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.out, "Protocols: LogGP fits")) << "the output is not lost: " << r.out;
  EXPECT_TRUE(contains(r.err, "xo: " + db + " is locked by another process")) << r.err;
  EXPECT_EQ(run_count(db), 1);
}

TEST(HistoryCli, TwoBenchesWritingAtOnceBothStoreTheirRuns) {
  ScratchDir dir;
  const auto integrity = [](const std::string& db) {
    xo::db::Connection raw(db, xo::db::Connection::Mode::ReadOnly);
    auto check = raw.prepare("PRAGMA integrity_check");
    return check.step() ? check.text(0) : std::string("no answer");
  };
  // Two benches racing to create a new history: one meets the other turning it to WAL (a
  // regression test: SQLite reported that as busy at once, without waiting).
  for (int round = 0; round < 4; ++round) {
    const std::string db = dir.file("new" + std::to_string(round) + ".db");
    auto r = run_command("( " + bench(dir, db) + " ) & a=$!; ( " + bench(dir, db) + " ) & b=$!; wait $a && wait $b");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(run_count(db), 2) << r.err;
    EXPECT_EQ(integrity(db), "ok");
  }
  // Then storing again and again into the same history at once.
  const std::string db = dir.file("h.db");
  const std::string loop_a = "for i in 1 2 3; do " + bench(dir, db, "--force") + " >/dev/null || exit 1; done";
  const std::string loop_b = "for i in 1 2 3; do " + bench(dir, db, "--force") + " >/dev/null || exit 1; done";
  auto r = run_command("( " + loop_a + " ) & a=$!; ( " + loop_b + " ) & b=$!; wait $a && wait $b");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(run_count(db), 6);
  EXPECT_EQ(integrity(db), "ok");
}

// A bench over three communicator sizes stores each collective algorithm's model by its terms.
TEST(HistoryCli, BenchStoresCollectiveModels) {
  ScratchDir dir;
  const std::string db = dir.file("h.db");
  auto b = run_command(kXo + " bench --machine xt3 --suite coll --ranks 4,6,8 -o " + dir.file("coll") + " --db " + db);
  ASSERT_EQ(b.status, 0) << b.err;
  auto shown = run_command(kXo + " history show 1 --db " + db);
  ASSERT_EQ(shown.status, 0) << shown.err;
  for (const char* key : {"fit/MPI_Alltoall/pairwise/per_step", "fit/MPI_Alltoall/pairwise/per_byte",
                          "fit/MPI_Reduce/reduce_scatter_gather/start"}) {
    EXPECT_TRUE(contains(shown.out, key)) << key << " missing from\n" << shown.out;
  }
  // The pairwise exchange moves n bytes per step at the XT3's G (0.909 ns/byte); the ranks' router
  // hops, which grow with the job, leave a trace in the fit.
  const std::string key = "fit/MPI_Alltoall/pairwise/per_byte";
  const auto at = shown.out.find(key);
  ASSERT_NE(at, std::string::npos);
  const std::string line = shown.out.substr(at, shown.out.find('\n', at) - at);
  EXPECT_TRUE(contains(line, "ns/byte")) << line;
  EXPECT_NEAR(std::stod(line.substr(key.size())), 0.909, 0.005) << line;
}

// A bench split over machines: each part runs its share into the shared directory and stores
// nothing; the merge refuses missing runs and another plan's parts, then reports and stores the
// same analysis as the whole bench run at once.
TEST(HistoryCli, BenchPartsMergeIntoTheWholeBench) {
  ScratchDir dir;
  const std::string db = dir.file("h.db");
  const std::string shared = dir.file("shared");
  const std::string plan = kXo + " bench --machine xt3 --suite pt2pt --db " + db + " -o " + shared;
  auto first = run_command(plan + " --part 1/2");
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_TRUE(contains(first.out, "part 1 of 2: 3 of the plan's 6 runs")) << first.out;
  EXPECT_TRUE(contains(first.out, "--merge")) << first.out;
  EXPECT_FALSE(std::filesystem::exists(db)) << "a part stores nothing";

  auto early = run_command(plan + " --merge");
  EXPECT_NE(early.status, 0);
  EXPECT_TRUE(contains(early.err, "3 of the plan's 6 runs have no trace")) << early.err;

  auto other = run_command(kXo + " bench --machine xt3 --suite pt2pt -e MPICH_MAX_SHORT_MSG_SIZE=4096 --db " + db +
                           " -o " + shared + " --merge");
  EXPECT_NE(other.status, 0);
  EXPECT_TRUE(contains(other.err, "was left by a part of another plan")) << other.err;

  ASSERT_EQ(run_command(plan + " --part 2/2").status, 0);
  auto merged = run_command(plan + " --merge");
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_TRUE(contains(merged.out, "6 runs merged from the parts' traces")) << merged.out;
  EXPECT_EQ(run_count(db), 1);

  auto whole = run_command(kXo + " bench --machine xt3 --suite pt2pt --no-history -o " + dir.file("whole"));
  ASSERT_EQ(whole.status, 0) << whole.err;
  const auto body = [](const std::string& text) { return text.substr(text.find('\n') + 1); };
  EXPECT_EQ(body(merged.out), body(whole.out));

  for (const char* bad : {"0/2", "3/2", "2", "a/b"}) {
    auto r = run_command(plan + " --part " + bad);
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_TRUE(contains(r.err, std::string("--part ") + bad + ": give I/N")) << r.err;
  }
  auto both = run_command(plan + " --part 1/2 --merge");
  EXPECT_TRUE(contains(both.err, "give one, the merge last")) << both.err;
}
