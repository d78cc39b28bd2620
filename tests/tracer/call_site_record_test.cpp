// MPI call sites in recorded traces: a program built by xo cc with -g names the function, file and
// line of each MPI call (one site for all ranks, whose copies of the program lie at different
// addresses); built without -g, the function and object file; the archive passes otf2-print; the
// analyzer profiles by site and xo report prints it.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/read_trace.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace fs = std::filesystem;

namespace {

const std::string kXo = XO_BINARY;
const std::string kSource = std::string(XO_TEST_PROGRAMS_SOURCE_DIR) + "/call_sites.c";

// The line of the source that carries the marker "SITE name".
std::uint32_t marked_line(const std::string& name) {
  std::ifstream in(kSource);
  std::uint32_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (contains(line, "/* SITE " + name + " */")) return number;
  }
  return 0;
}

class RecordCallSites : public ::testing::Test {
 protected:
  // Builds the program with `flags`, records it on 4 ranks and returns the profile of the trace.
  xo::analyzer::MpiProfile record(const std::string& flags) {
    auto built = run_command("cd " + dir_ + " && " + kXo + " cc " + flags + " " + kSource + " -o sites");
    EXPECT_EQ(built.status, 0) << built.err;
    auto recorded = run_command("cd " + dir_ + " && " + kXo + " record -q --force -n 4 -o t.otf2 ./sites");
    EXPECT_EQ(recorded.status, 0) << recorded.err;
    auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor());
    EXPECT_EQ(print.status, 0) << print.err;
    return xo::analyzer::profile_mpi(xo::analyzer::read_trace(anchor()));
  }
  std::string anchor() const { return dir_ + "/t.otf2/traces.otf2"; }

  xo::test::ScratchDir scratch_{"xo-call-sites"};
  const std::string dir_ = scratch_.path();
};

const xo::analyzer::CallSiteTime* site_of(const xo::analyzer::MpiProfile& p, const std::string& call) {
  for (const auto& s : p.by_call_site) {
    if (s.call == call) return &s;
  }
  return nullptr;
}

TEST_F(RecordCallSites, WithDebugInformationEachCallNamesItsFunctionFileAndLine) {
  ASSERT_GT(marked_line("halo"), 0u);
  for (const char* optimisation : {"-O0", "-O2"}) {
    SCOPED_TRACE(optimisation);
    const auto profile = record(std::string("-g ") + optimisation);
    const auto* halo = site_of(profile, "MPI_Sendrecv_replace");
    ASSERT_NE(halo, nullptr);
    EXPECT_EQ(halo->site.function, "halo");  // inlined at -O2: the debug information still names it
    EXPECT_EQ(fs::path(halo->site.file).filename(), "call_sites.c");
    EXPECT_EQ(halo->site.line, marked_line("halo"));
    EXPECT_EQ(halo->count, 12u);  // 3 steps x 4 ranks, one site although each rank's copy lies elsewhere
    EXPECT_EQ(halo->ranks, 4);
    const auto* allreduce = site_of(profile, "MPI_Allreduce");
    ASSERT_NE(allreduce, nullptr);
    EXPECT_EQ(allreduce->site.function, "main");
    EXPECT_EQ(allreduce->site.line, marked_line("allreduce"));
    EXPECT_EQ(profile.calls_without_site, 0u);
  }
}

TEST_F(RecordCallSites, WithoutDebugInformationTheFunctionAndObjectAreNamed) {
  const auto profile = record("-O2");
  const auto* allreduce = site_of(profile, "MPI_Allreduce");
  ASSERT_NE(allreduce, nullptr);
  EXPECT_EQ(allreduce->site.function, "main");
  EXPECT_EQ(allreduce->site.line, 0u);
  EXPECT_EQ(fs::path(allreduce->site.file).filename(), "sites");
}

TEST_F(RecordCallSites, TheReportListsTheSitesByTime) {
  record("-g -O2");
  auto report = run_command(kXo + " report --no-bench --no-history " + dir_ + "/t.otf2");
  ASSERT_EQ(report.status, 0) << report.err;
  EXPECT_TRUE(contains(report.out, "Time in MPI by call site")) << report.out;
  EXPECT_TRUE(contains(report.out, "halo (call_sites.c:" + std::to_string(marked_line("halo")) + ")")) << report.out;
  auto json = run_command(kXo + " report --no-bench --no-history --format json " + dir_ + "/t.otf2");
  EXPECT_TRUE(contains(json.out, "\"function\": \"halo\"")) << json.out;
}

}  // namespace
