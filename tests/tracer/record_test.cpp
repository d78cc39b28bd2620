// `xo record` as a user runs it: every bundled example on every machine gives an archive that
// otf2-print accepts and the trace checker finds sound; the archive carries the run's settings and
// protocol phases; identical runs give identical bytes; existing traces and bad directories are
// refused with one clear message.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "archive_contents.hpp"
#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "xo/tracer/trace_check.hpp"
#include "xo/tracer/trace_properties.hpp"

using xo::test::contains;
using xo::test::run_command;
using xo::tracer::setting_property_name;
using xo::tracer::SettingKind;

namespace fs = std::filesystem;

namespace {

const std::string kXo = XO_BINARY;
const std::string kExamples = XO_EXAMPLES_DIR;

// A fresh directory per test, removed afterwards.
class Record : public ::testing::Test {
 protected:
  // `xo record` run from inside the test's directory.
  xo::test::CommandResult record(const std::string& options, const std::string& program_and_args) {
    return run_command("cd " + dir_ + " && " + kXo + " record " + options + " " + program_and_args);
  }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }

  xo::test::ScratchDir scratch_{"xo-record"};
  const std::string dir_ = scratch_.path();
};

std::string example(const std::string& name) { return kExamples + "/" + name; }

// Every file under `root`, by relative path, with its bytes.
std::map<std::string, std::string> files_under(const std::string& root) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_regular_file()) files[fs::relative(entry.path(), root).string()] = xo::test::slurp(entry.path());
  }
  return files;
}

struct ExampleRun {
  const char* program;
  const char* args;
  int ranks;
};

constexpr ExampleRun kExampleRuns[] = {{"pingpong", "2", 2},     {"ring", "2", 4},
                                       {"stencil2d", "24 4", 4}, {"master_worker", "12", 3},
                                       {"node_offsets", "", 6},  {"stencil_topology", "24 4", 6}};

constexpr const char* kMachines[] = {"loggp", "ap1000", "t3d", "t3e", "x1", "power4", "sx6", "xt3", "xe6"};

}  // namespace

TEST_F(Record, EveryExampleOnEveryMachinePassesOtf2PrintAndTheChecker) {
  for (const char* machine : kMachines) {
    for (const ExampleRun& run : kExampleRuns) {
      SCOPED_TRACE(std::string(run.program) + " on " + machine);
      const std::string trace = std::string(run.program) + "-" + machine + ".otf2";
      auto r = record("-n " + std::to_string(run.ranks) + " --machine " + machine + " -o " + trace,
                      example(run.program) + " " + run.args);
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_TRUE(contains(r.err, "trace written to " + trace + " (")) << r.err;

      const std::string anchor = path(trace + "/traces.otf2");
      auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
      EXPECT_EQ(print.status, 0) << print.out << print.err;

      const auto report = xo::tracer::check_trace(anchor);
      EXPECT_TRUE(report.ok()) << xo::tracer::describe(report);
      EXPECT_GT(report.messages_matched, 0u);
      EXPECT_EQ(report.locations, static_cast<std::uint64_t>(run.ranks)) << "a location per rank";
    }
  }
}

// One-sided halos (examples/stencil_rma.c) on 2 x 2 ranks, 2 iterations: each rank puts 2 edges an
// iteration into 2 windows, so 16 puts complete; each synchronisation leaves its OTF2 RMA records.
TEST_F(Record, OneSidedCallsLeaveOtf2RmaRecords) {
  auto count = [](const std::string& text, const std::string& record) {
    std::size_t n = 0;
    for (std::size_t at = text.find("\n" + record + " "); at != std::string::npos;
         at = text.find("\n" + record + " ", at + 1)) {
      ++n;
    }
    return n;
  };
  for (const char* machine : {"loggp", "xt3"}) {
    for (const std::string mode : {"fence", "pscw", "lock"}) {
      SCOPED_TRACE(mode + " on " + machine);
      const std::string trace = mode + "-" + machine + ".otf2";
      auto r = record("-q -n 4 --compute=none --machine " + std::string(machine) + " -o " + trace,
                      example("stencil_rma") + " " + mode + " 16 2");
      ASSERT_EQ(r.status, 0) << r.err;
      const std::string anchor = path(trace + "/traces.otf2");
      auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
      EXPECT_EQ(print.status, 0) << print.out << print.err;
      const auto report = xo::tracer::check_trace(anchor);
      EXPECT_TRUE(report.ok()) << xo::tracer::describe(report);

      auto events = run_command(std::string(XO_OTF2_PRINT) + " " + anchor);
      ASSERT_EQ(events.status, 0) << events.err;
      EXPECT_EQ(count(events.out, "RMA_WIN_CREATE"), 8u);  // 2 windows, 4 ranks
      EXPECT_EQ(count(events.out, "RMA_WIN_DESTROY"), 8u);
      EXPECT_EQ(count(events.out, "RMA_PUT"), 16u);
      EXPECT_EQ(count(events.out, "RMA_OP_COMPLETE_BLOCKING"), 16u);
      const bool fence = mode == "fence", pscw = mode == "pscw", lock = mode == "lock";
      // Fences: 2 per iteration and rank; and the collectives around every create and destroy.
      EXPECT_EQ(count(events.out, "RMA_COLLECTIVE_END"), (fence ? 16u : 0u) + 16u);
      EXPECT_EQ(count(events.out, "RMA_GROUP_SYNC"), pscw ? 32u : 0u);  // post, start, complete, wait
      EXPECT_EQ(count(events.out, "RMA_REQUEST_LOCK"), lock ? 16u : 0u);
      EXPECT_EQ(count(events.out, "RMA_ACQUIRE_LOCK"), lock ? 16u : 0u);
      EXPECT_EQ(count(events.out, "RMA_RELEASE_LOCK"), lock ? 16u : 0u);
      auto definitions = run_command(std::string(XO_OTF2_PRINT) + " -G " + anchor);
      EXPECT_EQ(count(definitions.out, "RMA_WIN"), 2u) << definitions.out;
    }
  }
}

TEST_F(Record, ArchiveCarriesTheRunSettingsAndProtocolPhases) {
  auto r = record("-n 2 --machine xt3 --compute=none -e MPICH_MAX_SHORT_MSG_SIZE=4000 --param L=6 -o t.otf2",
                  example("pingpong") + " 1");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto archive = xo::test::read_archive(path("t.otf2/traces.otf2"));
  auto property = [&](const std::string& name) {
    auto it = archive.properties.find(name);
    return it == archive.properties.end() ? std::string("<missing " + name + ">") : it->second;
  };
  EXPECT_EQ(property("CROSSOVER::MACHINE"), "xt3");
  EXPECT_EQ(property("CROSSOVER::RANKS"), "2");
  EXPECT_EQ(property("CROSSOVER::COMPUTE_MODE"), "none");
  EXPECT_EQ(property(setting_property_name(SettingKind::Parameter, "L")), "6");
  EXPECT_EQ(property("CROSSOVER::ENV::MPICH_MAX_SHORT_MSG_SIZE"), "4000");
  EXPECT_TRUE(contains(property("CROSSOVER::CREATOR"), "xo ")) << property("CROSSOVER::CREATOR");
  EXPECT_EQ(property("CROSSOVER::COMMAND_LINE"),
            "xo record -n 2 --machine xt3 --compute=none -e MPICH_MAX_SHORT_MSG_SIZE=4000 --param L=6 -o t.otf2 " +
                example("pingpong") + " 1");
  EXPECT_TRUE(contains(property("CROSSOVER::PROGRAM_ARGS"), "pingpong 1")) << property("CROSSOVER::PROGRAM_ARGS");
  EXPECT_EQ(property("CROSSOVER::EXIT_CODE"), "0");

  // Ping-pong's large messages go by the XT3's long protocol: its phases are on the network lanes,
  // tasks of each rank's location.
  EXPECT_GE(archive.region_ref("MPI_Send"), 0);
  EXPECT_GE(archive.region_ref("MPI_Recv"), 0);
  std::size_t phases = 0;
  for (const auto& location : archive.locations) phases += archive.task_events(location.id, 1).size();
  EXPECT_GT(phases, 0u) << "no events on network lanes";
  bool get_phase = false;
  for (const auto& [ref, region] : archive.regions)
    get_phase |= region.paradigm == OTF2_PARADIGM_HARDWARE && contains(region.name, "get");
  EXPECT_TRUE(get_phase) << "the long protocol's get phase is missing";
}

TEST_F(Record, IdenticalRunsGiveIdenticalBytes) {
  for (const char* sub : {"a", "b"}) {
    fs::create_directory(path(sub));
    auto r = run_command("cd " + path(sub) + " && " + kXo +
                         " record -q -n 6 --machine ap1000 --compute=none -o t.otf2 " + example("stencil2d") + " 24 3");
    ASSERT_EQ(r.status, 0) << r.err;
  }
  const auto a = files_under(path("a/t.otf2")), b = files_under(path("b/t.otf2"));
  EXPECT_GE(a.size(), 3u);
  EXPECT_TRUE(a == b) << "the two archives differ";
}

TEST_F(Record, DefaultDirectoryIsNamedAfterTheProgram) {
  auto r = record("-q -n 2", example("pingpong") + " 1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(path("pingpong.otf2/traces.otf2")));
}

TEST_F(Record, KeepsTheEarlierTraceAsOldUnlessForced) {
  ASSERT_EQ(record("-q -n 2 -o t.otf2", example("pingpong") + " 1").status, 0);
  std::ofstream(path("t.otf2/notes.txt")) << "mine";

  // As perf keeps perf.data.old: the earlier archive moves to t.otf2.old, the rest stays.
  auto again = record("-n 4 -o t.otf2", example("ring") + " 1");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_TRUE(contains(again.err, "xo: the earlier trace in t.otf2 was moved to t.otf2.old")) << again.err;
  EXPECT_EQ(xo::test::read_archive(path("t.otf2/traces.otf2")).properties.at("CROSSOVER::RANKS"), "4");
  EXPECT_EQ(xo::test::read_archive(path("t.otf2.old/traces.otf2")).properties.at("CROSSOVER::RANKS"), "2");
  EXPECT_EQ(xo::test::slurp(path("t.otf2/notes.txt")), "mine") << "only the archive moves";

  // Once more: the older .old gives way to the newer.
  ASSERT_EQ(record("-q -n 3 -o t.otf2", example("ring") + " 1").status, 0);
  EXPECT_EQ(xo::test::read_archive(path("t.otf2.old/traces.otf2")).properties.at("CROSSOVER::RANKS"), "4");

  auto forced = record("-q --force -n 2 -o t.otf2", example("ring") + " 1");
  ASSERT_EQ(forced.status, 0) << forced.err;
  EXPECT_EQ(xo::test::read_archive(path("t.otf2/traces.otf2")).properties.at("CROSSOVER::RANKS"), "2");
  EXPECT_EQ(xo::test::read_archive(path("t.otf2.old/traces.otf2")).properties.at("CROSSOVER::RANKS"), "4")
      << "--force replaces the trace and leaves .old alone";
  EXPECT_EQ(xo::test::slurp(path("t.otf2/notes.txt")), "mine") << "--force removes only the old trace";
}

TEST_F(Record, DirectoryThatCannotBeMadeIsAClearError) {
  std::ofstream(path("plain-file")) << "not a directory";
  auto file = record("-n 2 -o plain-file", example("pingpong") + " 1");
  EXPECT_EQ(file.status, 2);
  EXPECT_TRUE(contains(file.err, "plain-file: that is a file, not a directory")) << file.err;
  EXPECT_EQ(xo::test::slurp(path("plain-file")), "not a directory");

  auto below_file = record("-n 2 -o plain-file/t.otf2", example("pingpong") + " 1");
  EXPECT_EQ(below_file.status, 2);
  EXPECT_TRUE(contains(below_file.err, "cannot create the trace directory plain-file/t.otf2")) << below_file.err;
  EXPECT_TRUE(contains(below_file.err, "choose a writable location with -o DIR")) << below_file.err;
  EXPECT_EQ(below_file.out, "") << "the program must not run";
}

TEST_F(Record, FailedRunStillLeavesAValidTrace) {
  // Both ranks receive first: a deadlock the reference MPI reports, after which the trace shows
  // where each rank stopped.
  std::ofstream(path("deadlock.c")) << "#include <mpi.h>\n"
                                       "int main(int argc, char** argv) {\n"
                                       "  int rank, x = 0;\n"
                                       "  MPI_Init(&argc, &argv);\n"
                                       "  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n"
                                       "  MPI_Recv(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n"
                                       "  MPI_Finalize();\n"
                                       "  return 0;\n"
                                       "}\n";
  auto built = run_command("cd " + dir_ + " && " + kXo + " cc deadlock.c -o deadlock");
  ASSERT_EQ(built.status, 0) << built.err;
  auto r = record("-n 2 -o t.otf2", "./deadlock");
  EXPECT_NE(r.status, 0);
  EXPECT_TRUE(contains(r.err, "deadlock")) << r.err;
  EXPECT_TRUE(contains(r.err, "trace written to t.otf2")) << r.err;
  auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + path("t.otf2/traces.otf2"));
  EXPECT_EQ(print.status, 0) << print.out << print.err;
  const auto archive = xo::test::read_archive(path("t.otf2/traces.otf2"));
  EXPECT_NE(archive.properties.at("CROSSOVER::EXIT_CODE"), "0");
}

TEST_F(Record, RunDoesNotInheritATraceRequest) {
  auto r =
      run_command("cd " + dir_ + " && XO_RUN_TRACE=" + dir_ + " " + kXo + " run -n 2 " + example("pingpong") + " 1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(fs::exists(path("traces.otf2")));
  EXPECT_FALSE(contains(r.err, "trace written")) << r.err;
}
