// The rules and formats of the history that need no database: the regression rule, changes in
// percent, two runs compared, and the CSV and JSON exports.

#include <gtest/gtest.h>

#include <sstream>

#include "support/history_fixtures.hpp"
#include "support/json_checker.hpp"
#include "xo/db/figure_comparison.hpp"
#include "xo/db/history_export.hpp"
#include "xo/db/regression_rule.hpp"

using xo::db::Direction;
using xo::db::judge_change;
using xo::db::Verdict;

TEST(RegressionRule, AJumpAfterASteadyHistoryIsARegression) {
  const std::vector<double> steady = {100, 100.2, 99.9, 100.1, 100};
  EXPECT_EQ(judge_change(steady, 110, Direction::LowerIsBetter).verdict, Verdict::Regression);
  EXPECT_EQ(judge_change(steady, 90, Direction::LowerIsBetter).verdict, Verdict::Improved);
  EXPECT_EQ(judge_change(steady, 90, Direction::HigherIsBetter).verdict, Verdict::Regression);
  EXPECT_EQ(judge_change(steady, 100.3, Direction::LowerIsBetter).verdict, Verdict::WithinNoise);
}

TEST(RegressionRule, TheSameJumpInANoisyHistoryIsNot) {
  const std::vector<double> noisy = {100, 112, 95, 108, 93, 104};
  EXPECT_EQ(judge_change(noisy, 114, Direction::LowerIsBetter).verdict, Verdict::WithinNoise);
  EXPECT_GT(judge_change(noisy, 114, Direction::LowerIsBetter).threshold, 10);
  EXPECT_EQ(judge_change(noisy, 180, Direction::LowerIsBetter).verdict, Verdict::Regression) << "a large one is";
}

TEST(RegressionRule, IdenticalRunsFlagOnlyChangesBeyondTheFloor) {
  const std::vector<double> exact = {2.0, 2.0, 2.0, 2.0};
  EXPECT_EQ(judge_change(exact, 2.01, Direction::LowerIsBetter).verdict, Verdict::WithinNoise) << "0.5 % < 1 %";
  EXPECT_EQ(judge_change(exact, 2.05, Direction::LowerIsBetter).verdict, Verdict::Regression);
}

TEST(RegressionRule, NeedsHistoryAndADirection) {
  EXPECT_EQ(judge_change(std::vector<double>{100, 100, 100}, 500, Direction::LowerIsBetter).verdict,
            Verdict::TooLittleHistory)
      << "two earlier changes are too few";
  EXPECT_EQ(judge_change(std::vector<double>{100, 100, 100, 100}, 500, Direction::Neither).verdict, Verdict::NotJudged);
  EXPECT_EQ(judge_change(std::vector<double>{}, 500, Direction::LowerIsBetter).verdict, Verdict::TooLittleHistory);
}

TEST(RegressionRule, OnlyTheRecentWindowCounts) {
  std::vector<double> history;
  for (int i = 0; i < 30; ++i) history.push_back(i % 2 ? 150 : 50);      // wild long ago
  for (int i = 0; i < xo::db::kWindow + 1; ++i) history.push_back(100);  // steady lately
  EXPECT_EQ(judge_change(history, 120, Direction::LowerIsBetter).verdict, Verdict::Regression);
}

TEST(PercentChange, RelativeToTheFirstValue) {
  EXPECT_DOUBLE_EQ(*xo::db::percent_change(200, 250), 25);
  EXPECT_DOUBLE_EQ(*xo::db::percent_change(-200, -250), -25);
  EXPECT_DOUBLE_EQ(*xo::db::percent_change(0, 0), 0);
  EXPECT_FALSE(xo::db::percent_change(0, 1));
}

TEST(FigureComparison, PairsByKeyWithChangeAndVerdict) {
  const std::vector<xo::db::Figure> a = {{"fit/short/L", 5e-6, "s", Direction::LowerIsBetter, {}, {}},
                                         {"only/a", 1, "s", Direction::LowerIsBetter, {}, {}},
                                         {"crossover/X", 1000, "bytes", Direction::Neither, {}, {}}};
  const std::vector<xo::db::Figure> b = {{"crossover/X", 2000, "bytes", Direction::Neither, {}, {}},
                                         {"fit/short/L", 6e-6, "s", Direction::LowerIsBetter, {}, {}},
                                         {"only/b", 2, "s", Direction::LowerIsBetter, {}, {}}};
  const auto rows = xo::db::compare_figures(a, b, [](const std::string& key) {
    return key == "fit/short/L" ? std::vector<double>{5e-6, 5e-6, 5e-6, 5e-6} : std::vector<double>{};
  });
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].key, "crossover/X");
  EXPECT_DOUBLE_EQ(*rows[0].percent, 100);
  EXPECT_EQ(rows[0].judgement.verdict, Verdict::NotJudged) << "a crossover moving is never a regression";
  EXPECT_EQ(rows[1].key, "fit/short/L");
  EXPECT_DOUBLE_EQ(*rows[1].percent, 20);
  EXPECT_EQ(rows[1].judgement.verdict, Verdict::Regression);
  EXPECT_EQ(rows[2].key, "only/a");
  EXPECT_FALSE(rows[2].after);
  EXPECT_FALSE(rows[2].percent);
  EXPECT_EQ(rows[3].key, "only/b");
  EXPECT_FALSE(rows[3].before);
  // Without history there is nothing to judge against.
  EXPECT_EQ(xo::db::compare_figures(a, b)[1].judgement.verdict, Verdict::TooLittleHistory);
}

TEST(HistoryExport, CsvFieldsAreQuotedAsRfc4180Says) {
  EXPECT_EQ(xo::db::csv_field("plain"), "plain");
  EXPECT_EQ(xo::db::csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(xo::db::csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(xo::db::csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(xo::db::csv_field(""), "");
}

TEST(HistoryExport, CsvHasAHeaderAndARowPerRunAndFigure) {
  auto run = xo::test::sample_run();
  run.program = "./app \"big, input\"";
  auto damaged = xo::test::sample_run();
  damaged.damage = "traces/3.evt ends early, at byte 4096";
  const std::vector<xo::db::ExportedRun> runs = {
      {7,
       run,
       {{"fit/short/L", 5.8e-06, "s", Direction::LowerIsBetter, 5e-06, 6e-06},
        {"k", 3, "", Direction::Neither, {}, {}}}},
      {8, damaged, {{"k", 4, "", Direction::Neither, {}, {}}}}};
  std::ostringstream out;
  xo::db::write_csv(out, runs);
  const std::string first = "7,bench," + run.started_at + ",xt3,16,\"./app \"\"big, input\"\"\",";
  EXPECT_EQ(out.str(), "run,kind,started_at,machine,ranks,program,key,value,unit,direction,lower,upper,damage\r\n" +
                           first + "fit/short/L,5.8e-06,s,lower,5e-06,6e-06,\r\n" + first + "k,3,,neither,,,\r\n" +
                           "8,bench," + damaged.started_at +
                           ",xt3,16,,k,4,,neither,,,\"traces/3.evt ends early, at byte 4096\"\r\n");
}

TEST(HistoryExport, JsonIsValidAndExact) {
  auto run = xo::test::sample_run();
  run.program = "./app \"quoted\" \\ back\tslash\x01";
  run.ranks.reset();
  const std::vector<xo::db::ExportedRun> runs = {
      {1, run, {{"fit/short/L", 0.1 + 0.2, "s", Direction::LowerIsBetter, {}, 1e300}}}, {2, run, {}}};
  std::ostringstream out;
  xo::db::write_json(out, runs);
  EXPECT_TRUE(xo::test::JsonChecker::valid(out.str())) << out.str();
  EXPECT_NE(out.str().find("\"value\": 0.30000000000000004"), std::string::npos) << "numbers read back exactly";
  EXPECT_NE(out.str().find("\"ranks\": null"), std::string::npos);
  EXPECT_NE(out.str().find("\"lower\": null, \"upper\": 1e+300"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\"parameters\": {\"L\": \"5.8\", \"G\": \"0.9\"}"), std::string::npos);
  EXPECT_NE(out.str().find("\"trace\": \"/tmp/bench\", \"damage\": null,"), std::string::npos) << "a trusted trace";
  auto damaged = run;
  damaged.damage = "traces/3.evt is not the file its writer wrote";
  std::ostringstream marked;
  xo::db::write_json(marked, {{3, damaged, {}}});
  EXPECT_TRUE(xo::test::JsonChecker::valid(marked.str())) << marked.str();
  EXPECT_NE(marked.str().find("\"damage\": \"traces/3.evt is not the file its writer wrote\""), std::string::npos)
      << marked.str();
  std::ostringstream empty;
  xo::db::write_json(empty, {});
  EXPECT_TRUE(xo::test::JsonChecker::valid(empty.str())) << empty.str();
  // The checker itself refuses what is not JSON.
  for (const char* bad : {"[1,]", "{\"a\" 1}", "[\"a\x01\"]", "[01]", "[1] [2]", "{'a': 1}", "[nan]"}) {
    EXPECT_FALSE(xo::test::JsonChecker::valid(bad)) << bad;
  }
}
