// `xo record --trace-ranks/--trace-calls/--trace-from/--trace-to` as a user runs them on the
// stencil example (8 XT3 ranks): the archive holds what was asked and no more, stays valid for
// otf2-print and the checker, records the filter, and `xo report` says what the filter limits.
// Bad lists are one clear error naming the option.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "archive_contents.hpp"
#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "xo/tracer/trace_check.hpp"

using xo::test::ArchiveContents;
using xo::test::contains;
using xo::test::read_archive;
using xo::test::run_command;

namespace fs = std::filesystem;

namespace {

const std::string kXo = XO_BINARY;
const std::string kStencil = std::string(XO_EXAMPLES_DIR) + "/stencil2d 24 20";
constexpr std::uint64_t kPicosecondsPerMicrosecond = 1000000;

class TraceFilterRecord : public ::testing::Test {
 protected:
  // Records the stencil on 8 XT3 ranks with `filter`; the archive's anchor.
  std::string record(const std::string& name, const std::string& filter) {
    const auto r = run_command("cd " + dir_ + " && " + kXo + " record -q -n 8 --machine xt3 --compute=none " + filter +
                               " -o " + name + " " + kStencil);
    EXPECT_EQ(r.status, 0) << r.err;
    const std::string anchor = dir_ + "/" + name + "/traces.otf2";
    const auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
    EXPECT_EQ(print.status, 0) << print.out << print.err;
    const auto report = xo::tracer::check_trace(anchor);
    EXPECT_TRUE(report.ok()) << xo::tracer::describe(report);
    return anchor;
  }

  xo::test::ScratchDir scratch_{"xo-trace-filter"};
  const std::string dir_ = scratch_.path();
};

// The names of the regions entered on a location's implicit task.
std::set<std::string> entered(const ArchiveContents& c, OTF2_LocationRef location) {
  std::set<std::string> names;
  for (const auto& e : c.task_events(location, 0)) {
    if (e.record == "Enter") names.insert(c.regions.at(static_cast<OTF2_RegionRef>(e.fields.at(0))).name);
  }
  return names;
}

TEST_F(TraceFilterRecord, RanksLeftOutHaveNoLocationAndNoFiles) {
  const std::string anchor = record("ranks.otf2", "--trace-ranks 0-1,every:4");
  const ArchiveContents c = read_archive(anchor);
  std::vector<OTF2_LocationRef> locations;
  for (const auto& l : c.locations) locations.push_back(l.id);
  EXPECT_EQ(locations, (std::vector<OTF2_LocationRef>{0, 1, 4}));
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir_ + "/ranks.otf2/traces")) files += entry.is_regular_file();
  EXPECT_EQ(files, 2u * 3u);
  EXPECT_EQ(c.properties.at("CROSSOVER::TRACE::RANKS"), "0-1,every:4");
  // Communicators still name every rank: the MPI locations group lists all eight.
  for (const auto& [ref, g] : c.groups) {
    if (g.type == OTF2_GROUP_TYPE_COMM_LOCATIONS && g.paradigm == OTF2_PARADIGM_MPI) {
      EXPECT_EQ(g.members, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
    }
  }
  // The same run traced whole has the same events on those ranks.
  const ArchiveContents whole = read_archive(record("whole.otf2", ""));
  for (OTF2_LocationRef r : {0u, 1u, 4u}) EXPECT_EQ(c.events.at(r).size(), whole.events.at(r).size()) << r;
}

TEST_F(TraceFilterRecord, CallsLeftOutTakeTheirRecordsAndPhasesWithThem) {
  const ArchiveContents c = read_archive(record("coll.otf2", "--trace-calls coll"));
  for (OTF2_LocationRef r = 0; r < 8; ++r) {
    EXPECT_EQ(entered(c, r), (std::set<std::string>{"MPI_Allreduce"})) << "rank " << r;
    for (const auto& e : c.events.at(r)) {
      EXPECT_TRUE(e.record.rfind("Mpi", 0) != 0 || e.record.rfind("MpiCollective", 0) == 0) << e.record;
    }
  }
  const ArchiveContents all_but = read_archive(record("no-isend.otf2", "--trace-calls -MPI_Isend"));
  for (OTF2_LocationRef r = 0; r < 8; ++r) {
    const std::set<std::string> names = entered(all_but, r);
    EXPECT_EQ(names.count("MPI_Isend"), 0u);
    EXPECT_EQ(names.count("MPI_Irecv"), 1u);
    EXPECT_EQ(names.count("MPI_Init"), 1u) << "left-out items only: everything else stays";
  }
}

TEST_F(TraceFilterRecord, AWindowKeepsCallsBegunInItWithCollectivesWholeAndRequestsPaired) {
  // The run takes 279 µs; its allreduces begin near 128 and 258 µs.
  const std::uint64_t from = 100 * kPicosecondsPerMicrosecond, to = 200 * kPicosecondsPerMicrosecond;
  const ArchiveContents c = read_archive(record("window.otf2", "--trace-from 100us --trace-to 200us"));
  EXPECT_EQ(c.properties.at("CROSSOVER::TRACE::FROM_PS"), std::to_string(from));
  std::map<OTF2_LocationRef, std::size_t> collectives;
  for (OTF2_LocationRef r = 0; r < 8; ++r) {
    for (const auto& e : c.task_events(r, 0)) {
      const std::string& name =
          e.record == "Enter" ? c.regions.at(static_cast<OTF2_RegionRef>(e.fields.at(0))).name : "";
      // Sends and receives begin in the window; waits may complete requests begun in it.
      if (name == "MPI_Isend" || name == "MPI_Irecv") {
        EXPECT_GE(e.time, from) << name;
        EXPECT_LT(e.time, to) << name;
      }
      collectives[r] += e.record == "MpiCollectiveEnd";
    }
    for (const auto& e : c.task_events(r, 1)) {
      if (e.record == "Enter") {
        EXPECT_GE(e.time, from) << "phases begin in the window";
      }
    }
  }
  ASSERT_GT(collectives[0], 0u);
  for (const auto& [rank, n] : collectives) EXPECT_EQ(n, collectives[0]) << "every member has every collective";

  // A window that opens while the members of the first allreduce are entering it (128.4 to 131.2
  // µs): that instance began before it, so no member keeps it; the second is kept by all.
  const ArchiveContents split = read_archive(record("split.otf2", "--trace-from 130us --trace-to 270us"));
  for (OTF2_LocationRef r = 0; r < 8; ++r) {
    std::size_t n = 0;
    for (const auto& e : split.task_events(r, 0)) n += e.record == "MpiCollectiveEnd";
    EXPECT_EQ(n, 1u) << "rank " << r;
  }
}

TEST_F(TraceFilterRecord, TheReportSaysWhatTheFilterLimits) {
  record("report.otf2", "--trace-ranks 0-3");
  const auto text = run_command("cd " + dir_ + " && " + kXo + " report --no-bench --no-history report.otf2");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_TRUE(contains(text.out, "traced: ranks 0-3 (4 of 8), every call")) << text.out;
  EXPECT_TRUE(contains(text.out, "cover only what was traced")) << text.out;
  EXPECT_TRUE(contains(text.out, "summed over 4 ranks")) << text.out;
  EXPECT_FALSE(contains(text.out, "problems in the trace were tolerated")) << "ends outside the trace are no problem";
  const auto json =
      run_command("cd " + dir_ + " && " + kXo + " report --format json --no-bench --no-history report.otf2");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(contains(json.out, "\"traced_ranks\": 4")) << json.out.substr(0, 600);
  EXPECT_TRUE(contains(json.out, "\"trace_filter\": {\"ranks\": \"0-3\"")) << json.out.substr(0, 1200);
}

TEST_F(TraceFilterRecord, ABadListIsOneErrorNamingTheOption) {
  const std::map<std::string, std::string> cases = {
      {"--trace-ranks 3-1", "--trace-ranks 3-1: '3-1' is not a rank"},
      {"--trace-calls p2p,Send", "--trace-calls p2p,Send: 'Send' is neither an MPI call"},
      {"--trace-from 2ms --trace-to 1ms", "the window is empty"},
      {"--trace-from soon", "--trace-from=soon is not a time"},
  };
  for (const auto& [options, message] : cases) {
    const auto r = run_command("cd " + dir_ + " && " + kXo + " record -q -n 2 " + options + " -o bad.otf2 " + kStencil);
    EXPECT_EQ(r.status, 2) << options;
    EXPECT_TRUE(contains(r.err, message)) << options << ": " << r.err;
    EXPECT_FALSE(fs::exists(dir_ + "/bad.otf2/traces.otf2")) << options;
  }
}

}  // namespace
