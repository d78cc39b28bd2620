// A bench split into parts (cli/bench_parts): which runs a part takes, and how the merge treats the
// parts' stamps: another plan's part refused, a run missing named, a run a part reported failed
// named with its error instead of refused.

#include "bench_parts.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "support/scratch_dir.hpp"

namespace fs = std::filesystem;
using xo::cli::BenchPart;
using xo::cli::merge_parts;
using xo::cli::stamp_part;
using xo::experiments::BenchPlan;

namespace {

class BenchPartsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : {"pingpong-8", "pingpong-64", "pingpong-512", "pingpong-4096"}) {
      plan_.runs.push_back({});
      plan_.runs.back().name = name;
    }
  }

  void trace(const std::string& run) {
    fs::create_directories(dir_ / run);
    std::ofstream(dir_ / run / "traces.otf2") << "anchor";
  }

  xo::test::ScratchDir scratch_{"xo-bench-parts"};
  const fs::path dir_ = scratch_.path();
  BenchPlan plan_;
};

TEST_F(BenchPartsTest, PartsTakeEveryNthRun) {
  EXPECT_EQ(xo::cli::runs_of_part(5, BenchPart{2, 2}), (std::vector<std::size_t>{1, 3}));
  EXPECT_EQ(xo::cli::runs_of_part(5, BenchPart{1, 3}), (std::vector<std::size_t>{0, 3}));
}

TEST_F(BenchPartsTest, AFailedRunIsReportedNotMissing) {
  trace("pingpong-8");
  trace("pingpong-512");
  stamp_part(dir_.string(), BenchPart{1, 2}, "plan-a", {});
  // Part 2 of 2: pingpong-64 failed without a trace, pingpong-4096 failed but left one.
  trace("pingpong-4096");
  stamp_part(dir_.string(), BenchPart{2, 2}, "plan-a",
             {{"pingpong-64", "the machine refused\nits settings"}, {"pingpong-4096", "rank 1 exited with 3"}});
  const auto merged = merge_parts(dir_.string(), plan_, "plan-a");
  ASSERT_EQ(merged.anchors.size(), 3u);
  EXPECT_EQ(fs::path(merged.anchors[2]).parent_path().filename(), "pingpong-4096");
  ASSERT_EQ(merged.failed.size(), 2u);
  EXPECT_EQ(merged.failed[0].name, "pingpong-64");
  EXPECT_EQ(merged.failed[0].error, "the machine refused its settings");
  EXPECT_EQ(merged.failed[1].name, "pingpong-4096");
}

TEST_F(BenchPartsTest, ARunNeitherTracedNorReportedIsMissing) {
  trace("pingpong-8");
  trace("pingpong-512");
  stamp_part(dir_.string(), BenchPart{1, 2}, "plan-a", {});
  try {
    merge_parts(dir_.string(), plan_, "plan-a");
    FAIL() << "the merge took a plan with runs missing";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("2 of the plan's 4 runs have no trace"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("pingpong-64, pingpong-4096"), std::string::npos) << e.what();
  }
}

TEST_F(BenchPartsTest, AnotherPlansPartIsRefused) {
  for (const auto& run : plan_.runs) trace(run.name);
  stamp_part(dir_.string(), BenchPart{1, 2}, "plan-a", {});
  stamp_part(dir_.string(), BenchPart{2, 2}, "plan-b", {});
  EXPECT_THROW(merge_parts(dir_.string(), plan_, "plan-a"), std::runtime_error);
}

}  // namespace
