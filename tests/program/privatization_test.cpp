// Each rank owns its copy of the program (xo run's default): programs built with xo cc and run
// with xo run, their per-rank state checked against what separate processes would print.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "support/run_command.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace {

const std::string kXo = XO_BINARY;
const std::string kPrograms = XO_TEST_PROGRAMS_DIR;

xo::test::CommandResult run(const std::string& options, const std::string& program, const std::string& args = "") {
  return run_command(kXo + " run -q --compute=none " + options + " " + kPrograms + "/" + program + " " + args);
}

// What glibc's rand() returns first after srand(seed), in this process: the reference.
int glibc_first_rand(unsigned seed) {
  std::srand(seed);
  return std::rand();
}

}  // namespace

TEST(Privatization, GlobalsStaticsThreadLocalsAndLibcStatePerRank) {
  auto r = run("-n 4", "private_globals", "-v -n hello -v");
  ASSERT_EQ(r.status, 0) << r.err;
  for (int rank = 0; rank < 4; ++rank) {
    const std::string expected = "rank " + std::to_string(rank) + ": my_rank " + std::to_string(rank) + " calls " +
                                 std::to_string(rank + 1) + " thread " + std::to_string(100 + rank) + " rand " +
                                 std::to_string(glibc_first_rand(static_cast<unsigned>(rank + 1))) +
                                 " same strtok a verbose 2 name hello optind 5\n";
    EXPECT_TRUE(contains(r.out, expected)) << expected << r.out;
  }
}

TEST(Privatization, OffSharesTheGlobals) {
  // Without options the getopt loop is empty; every rank then prints the one shared my_rank.
  auto r = run("-n 4 --privatize=off", "private_globals");
  ASSERT_EQ(r.status, 0) << r.err;
  for (int rank = 0; rank < 4; ++rank) {
    EXPECT_TRUE(contains(r.out, "rank 3: my_rank 3 calls")) << r.out;
  }
  EXPECT_FALSE(contains(r.out, "rank 0: my_rank 0")) << r.out;
}

TEST(Privatization, CppStaticObjectsInlineStaticsThreadLocalsAndExceptions) {
  auto r = run("-n 3", "private_objects");
  ASSERT_EQ(r.status, 0) << r.err;
  for (int rank = 0; rank < 3; ++rank) {
    const std::string expected = "rank " + std::to_string(rank) + ": constructed 1 inline " + std::to_string(rank + 1) +
                                 " template " + std::to_string(10 * (rank + 1)) + " thread_local fresh rank " +
                                 std::to_string(rank) + " caught 1\n";
    EXPECT_TRUE(contains(r.out, expected)) << expected << r.out;
    EXPECT_TRUE(contains(r.out, "destructor: rank " + std::to_string(rank) + "\n")) << r.out;
  }
}

// Ranks after the first copy's run clones of it (program/copy_cloning.hpp): the same per-rank state
// as copies glibc loads, the static object's destructor and the destructor function of every rank
// at exit included.
TEST(Privatization, ClonedCopiesHaveTheirOwnStateConstructorsDestructorsAndExceptions) {
  for (const char* loader : {"", "XO_PRIVATIZE_LOADER=dlopen "}) {
    auto r = run_command(std::string(loader) + kXo + " run -q --compute=none -n 5 " + kPrograms + "/cloned_copies");
    ASSERT_EQ(r.status, 0) << loader << r.err;
    for (int rank = 0; rank < 5; ++rank) {
      const std::string me = std::to_string(rank);
      EXPECT_TRUE(contains(r.out, "rank " + me + ": counter " + std::to_string(1 + 10 * rank) + " hello caught 1\n"))
          << loader << r.out;
      EXPECT_TRUE(contains(r.out, "static destructor: rank " + me + " counter")) << loader << r.out;
      EXPECT_TRUE(contains(r.out, "destructor function: rank " + me + "\n")) << loader << r.out;
    }
  }
  auto bad = run_command("XO_PRIVATIZE_LOADER=fast " + kXo + " run -q -n 2 " + kPrograms + "/cloned_copies");
  EXPECT_NE(bad.status, 0);
  EXPECT_TRUE(contains(bad.err, "XO_PRIVATIZE_LOADER=fast: give clone")) << bad.err;
}

// A clone's thread-locals are its own on every thread (program/clone_thread_locals.hpp).
TEST(Privatization, ThreadLocalsArePerRankAndPerThread) {
  for (const char* loader : {"", "XO_PRIVATIZE_LOADER=dlopen "}) {
    auto r = run_command(std::string(loader) + kXo + " run -q --compute=none -n 4 " + kPrograms + "/thread_locals");
    ASSERT_EQ(r.status, 0) << loader << r.err;
    for (int rank = 0; rank < 4; ++rank) {
      const std::string expected =
          "rank " + std::to_string(rank) + ": main thread " + std::to_string(rank) + ", other thread saw 7\n";
      EXPECT_TRUE(contains(r.out, expected)) << loader << expected << r.out;
    }
  }
}

TEST(Privatization, ExitEndsOnlyItsRank) {
  auto r = run("-n 3", "exits", "exit");
  EXPECT_EQ(r.status, 3) << r.err;  // the first non-zero exit status of a rank
  EXPECT_TRUE(contains(r.out, "rank 0 finishes")) << r.out;
  EXPECT_TRUE(contains(r.out, "rank 2 finishes")) << r.out;
  std::size_t handlers = 0;
  for (std::size_t at = 0; (at = r.out.find("atexit handler of a rank", at)) != std::string::npos; ++at) ++handlers;
  EXPECT_EQ(handlers, 3u) << r.out;
  EXPECT_TRUE(contains(r.err, "xo: rank 1 called exit(3) after MPI_Finalize, at t=")) << r.err;
}

TEST(Privatization, ReturnWithoutFinalizeIsReportedAndTheOthersFinish) {
  for (const char* mode : {"on", "off"}) {
    auto r = run(std::string("-n 3 --privatize=") + mode, "exits", "return");
    EXPECT_EQ(r.status, 1) << mode << r.err;
    EXPECT_TRUE(contains(r.out, "rank 0 finishes")) << mode << r.out;
    EXPECT_TRUE(contains(r.out, "rank 2 finishes")) << mode << r.out;
    EXPECT_TRUE(contains(r.err, "xo: rank 1 returned 0 from main after MPI_Comm_rank, at t=")) << mode << r.err;
    EXPECT_TRUE(contains(r.err, "without calling MPI_Finalize; call MPI_Finalize before the program ends")) << r.err;
  }
}

TEST(Privatization, BadModeIsRefused) {
  auto r = run("-n 2 --privatize=maybe", "exits");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "--privatize=maybe is not a privatization mode; use on")) << r.err;
}

TEST(Privatization, AStaticProgramIsRefusedWithTheFixAndRunsShared) {
  auto r = run_command("{ cd $(mktemp -d) && " + kXo + " cc -static " + std::string(XO_TEST_PROGRAMS_SOURCE_DIR) +
                       "/exits.c -o exits 2>/dev/null && " + kXo + " run -q -n 2 ./exits; echo status $?; " + kXo +
                       " run -q -n 2 --privatize=off ./exits; }");
  EXPECT_TRUE(contains(r.err, "cannot give each rank its own copy of its globals: it is statically linked (-static)"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "link it without -static, or run it with --privatize=off")) << r.err;
  EXPECT_TRUE(contains(r.out, "status 2")) << r.out;
  EXPECT_TRUE(contains(r.out, "rank 1 finishes")) << r.out;
}

TEST(Privatization, AProgramWithTheRuntimeLinkedInIsRefused) {
  // The static libraries linked into a PIE that exports main: each copy would bring its own MPI.
  auto r =
      run_command("{ cd $(mktemp -d) && $(" + kXo + " cc --show -static " + std::string(XO_TEST_PROGRAMS_SOURCE_DIR) +
                  "/exits.c -o exits | sed 's/ -static / /') -Wl,--export-dynamic-symbol=main 2>/dev/null && " + kXo +
                  " run -q -n 2 ./exits; }");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "it contains the reference MPI itself (linked with the static libraries)")) << r.err;
}

// A profiling layer in the program (its own MPI_Send and MPI_Allreduce over PMPI_): each rank
// counts its own calls, and the library's internal messages do not pass through the layer.
TEST(ProfilingInterface, AProgramsWrappersReachTheLibraryThroughPmpi) {
  auto r = run("-n 4", "profiling_layer");
  ASSERT_EQ(r.status, 0) << r.err;
  for (int rank = 0; rank < 4; ++rank) {
    const std::string expected =
        "rank " + std::to_string(rank) + ": sends " + (rank > 0 ? "1" : "0") + " allreduces 1 sum 6\n";
    EXPECT_TRUE(contains(r.out, expected)) << expected << r.out;
  }
}
