// The `xo` front end as a user meets it: commands, help, and one clear error (exit status 2) for
// each mistake on the command line.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "support/json_checker.hpp"
#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace {
const std::string kXo = XO_BINARY;
const std::string kPingpong = std::string(XO_EXAMPLES_DIR) + "/pingpong";
}  // namespace

TEST(Cli, OverviewHelpAndVersion) {
  auto r = run_command(kXo + " --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "Commands:")) << r.out;
  EXPECT_TRUE(contains(r.out, "machines")) << r.out;
  r = run_command(kXo);
  EXPECT_EQ(r.status, 2);
  r = run_command(kXo + " --version");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "xo (Crossover)")) << r.out;
}

TEST(Cli, EachCommandHasHelp) {
  for (const char* command : {"run", "record", "report", "compare", "bench", "history", "machines", "cc", "gui"}) {
    auto r = run_command(kXo + " help " + command);
    EXPECT_EQ(r.status, 0) << command;
    EXPECT_TRUE(contains(r.out, "Usage: xo")) << r.out;
  }
  auto r = run_command(kXo + " run --help");
  EXPECT_TRUE(contains(r.out, "Each rank\nruns its own copy of the program")) << r.out;
  EXPECT_TRUE(contains(r.out, "--compute")) << r.out;
}

TEST(Cli, UnknownCommandListsTheCommands) {
  auto r = run_command(kXo + " frobnicate");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(
      contains(r.err,
               "unknown command 'frobnicate'; the commands are cc, c++, fc, run, record, report, compare, check, "
               "bench, history, machines, calibrate, gui and help"))
      << r.err;
}

TEST(Cli, MachinesListAndShow) {
  auto r = run_command(kXo + " machines");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "loggp")) << r.out;
  r = run_command(kXo + " machines --show loggp");
  EXPECT_EQ(r.status, 0);
  for (const char* part :
       {"Protocols", "eager", "rendezvous", "Parameters", "ns/byte", "XO_EAGER_LIMIT", "assumption"}) {
    EXPECT_TRUE(contains(r.out, part)) << part << "\n" << r.out;
  }
  r = run_command(kXo + " machines --show cray-9000");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "unknown machine 'cray-9000'; available machines: loggp")) << r.err;
}

TEST(Cli, EverySeedMachineIsListedAndShown) {
  const auto list = run_command(kXo + " machines");
  for (const char* machine : {"ap1000", "t3d", "t3e", "x1", "xt3", "xe6", "power4", "sx6"}) {
    EXPECT_TRUE(contains(list.out, std::string("  ") + machine + " ")) << machine << "\n" << list.out;
    const auto shown = run_command(kXo + " machines --show " + machine);
    EXPECT_EQ(shown.status, 0) << machine;
    EXPECT_TRUE(contains(shown.out, "seed 00")) << machine << ": no parameter cites its seed\n" << shown.out;
  }
  // A protocol option is listed with the switch points: the setting xo report may recommend.
  const auto xt3 = run_command(kXo + " machines --show xt3");
  EXPECT_TRUE(contains(xt3.out, "long-pull -> eager-long with MPICH_PTL_EAGER_LONG=1")) << xt3.out;
}

TEST(Cli, MachineSwitchesAreVariablesWithCheckedValues) {
  auto r = run_command(kXo + " run -n 2 --machine ap1000 -e XO_AP1000_LINESENDING=1 " + kPingpong);
  EXPECT_EQ(r.status, 0) << r.err;
  r = run_command(kXo + " run -n 2 --machine t3e -e XO_T3E_HW_QUEUES=2 " + kPingpong);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "XO_T3E_HW_QUEUES=2 is out of range: machine 't3e' accepts 0 to 1")) << r.err;
}

TEST(Cli, CcShowsTheCompilerCommand) {
  auto r = run_command(kXo + " cc --show app.c -o app");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "app.c -o app")) << r.out;
  EXPECT_TRUE(contains(r.out, "-Wl,--wrap=main")) << r.out;
  // A shared object bound to itself, so that each rank can load a copy of its own.
  for (const char* flag : {"-fPIC", "-shared", "-Wl,-Bsymbolic", "-lxo_runtime", "-Wl,--no-undefined"}) {
    EXPECT_TRUE(contains(r.out, flag)) << flag << "\n" << r.out;
  }
  r = run_command(kXo + " cc --show -c app.c");
  EXPECT_FALSE(contains(r.out, "--wrap=main")) << r.out;  // compile only: nothing to link
  EXPECT_TRUE(contains(r.out, "-fPIC")) << r.out;
  r = run_command(kXo + " cc --show -static app.c -o app");
  EXPECT_TRUE(contains(r.out, "libxompi.a")) << r.out;
  EXPECT_FALSE(contains(r.out, "-lxo_runtime")) << r.out;
}

TEST(Cli, CcCompilesAndReportsCompilerErrors) {
  auto r = run_command(
      "cd $(mktemp -d) && printf '#include <mpi.h>\\nint main(int c,char**v){MPI_Init(&c,&v);"
      "int r;MPI_Comm_rank(MPI_COMM_WORLD,&r);MPI_Finalize();return r==0?0:3;}' > a.c && " +
      kXo + " cc a.c -o a && " + kXo + " run -q -n 3 ./a");
  EXPECT_EQ(r.status, 3) << r.err;  // rank 1's exit status 3 is the run's
  r = run_command("cd $(mktemp -d) && echo 'int main(void){ return syntax error; }' > b.c && " + kXo + " cc b.c");
  EXPECT_NE(r.status, 0);
  EXPECT_TRUE(contains(r.err, "error")) << r.err;
}

TEST(Cli, RunRejectsBadSettingsWithOneClearMessage) {
  struct Case {
    std::string args;
    std::string message;
  };
  const Case cases[] = {
      {"-n 0 " + kPingpong, "-n 0: the rank count must be a whole number from 1 to 16777216"},
      {"-n two " + kPingpong, "-n two: the rank count must be a whole number"},
      {"--machine cray-9000 " + kPingpong, "unknown machine 'cray-9000'; available machines: loggp"},
      {"--param L=-1 " + kPingpong, "parameter 'L' of machine 'loggp' must be between 0 and"},
      {"--param latency=3 " + kPingpong, "machine 'loggp' has no parameter 'latency'; valid parameters: L, o_s"},
      {"--param L " + kPingpong, "--param expects key=value"},
      {"-e XO_EAGER_LIMIT=big " + kPingpong, "XO_EAGER_LIMIT=big is not a whole number"},
      {"-e XO_EAGER_LIMIT " + kPingpong, "-e expects VAR=value"},
      {"--machine xt3 -e MPICH_UNEX_BUFFER_SIZE=1000 " + kPingpong,
       "Assertion failed in portals_init.c: MPIDI_Portals_unex_block_size > MPIDI_Portals_short_size"},
      {"--machine xt3 -e MPICH_PTL_EAGER_LONG=2 " + kPingpong,
       "MPICH_PTL_EAGER_LONG=2 is out of range: machine 'xt3' accepts 0 to 1 flag"},
      {"--compute=sometimes " + kPingpong, "--compute=sometimes is not a compute mode; use none or measured"},
      {"--stack-size=12 " + kPingpong, "--stack-size=12 is invalid"},
      {"--compute-threshold=soon " + kPingpong, "--compute-threshold=soon is not a duration: give a number with ns"},
      {"--compute-threshold=5 " + kPingpong, "--compute-threshold=5 is not a duration"},
      {"--compute-threshold=2e7s " + kPingpong, "--compute-threshold=2e7s is not a duration"},
      {"--frobnicate " + kPingpong, "unknown option '--frobnicate' for `xo run`; see `xo run --help`"},
      {"-n", "-n needs a value"},
      // Nothing given is dropped without a word: empty values, and a setting given twice.
      {"-n '' " + kPingpong, "-n needs a value, not an empty one"},
      {"--machine= " + kPingpong, "--machine needs a value, not an empty one"},
      {"--param L=1 --param L=2 " + kPingpong, "--param L=2: L is set already (L=1); give each parameter once"},
      {"--machine xt3 -N 2 --param ranks_per_node=4 " + kPingpong,
       "--param ranks_per_node=4: ranks_per_node is set already (ranks_per_node=2)"},
      {"-e XO_EAGER_LIMIT=1 -e XO_EAGER_LIMIT=2 " + kPingpong,
       "-e XO_EAGER_LIMIT is given twice, as 1 and as 2: give it once"},
      {"-n 2 -n 4 " + kPingpong, "-n is given twice, as 2 and as 4: give it once"},
      {"--machine xt3 -m x1 " + kPingpong, "-m is given twice, as xt3 and as x1: give it once"},
      {"--time-limit=1s --time-limit 2s " + kPingpong, "--time-limit is given twice, as 1s and as 2s: give it once"},
      {"-n 2", "no program to run"},
      {"-n 2 ./no-such-program", "cannot run './no-such-program': no such executable file; build it with `xo cc"},
      {"-n 2 /bin/true", "'/bin/true' was not built against the reference MPI; rebuild it with `xo cc`"},
  };
  for (const Case& c : cases) {
    auto r = run_command(kXo + " run " + c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_TRUE(contains(r.err, "xo: " + c.message)) << c.args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one message:\n" << r.err;
  }
  // The same value twice drops nothing; two values in any command do.
  EXPECT_EQ(run_command(kXo + " run -q -n 2 -n 2 " + kPingpong).status, 0);
  for (const char* twice : {"record -o a -o b -n 2 ", "report --top 5 --top 6 x.otf2 ", "bench -o a --output b ",
                            "history list --limit 2 --limit 3 ", "report --db a.db --db b.db x.otf2 "}) {
    const auto r = run_command(kXo + " " + twice + kPingpong);
    EXPECT_EQ(r.status, 2) << twice << r.err;
    EXPECT_TRUE(contains(r.err, " is given twice, as ")) << twice << r.err;
  }
  // An empty -o (an unset shell variable) is refused, not taken for the default name.
  auto empty_output = run_command(kXo + " record -o '' -n 2 " + kPingpong);
  EXPECT_EQ(empty_output.status, 2);
  EXPECT_TRUE(contains(empty_output.err, "xo: -o needs a value, not an empty one")) << empty_output.err;
}

TEST(Cli, RunPassesSettingsToTheProgram) {
  // Forms --machine=x and --param=k=v, the -- separator, and program arguments.
  auto r = run_command(kXo + " run -q -n 2 --machine=loggp --param=L=10 --compute=none -- " + kPingpong + " 2");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "half-RTT us")) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;                                 // -q: no summary line
  for (const char* threshold : {"0", "2000000ns", "0.5ms", "10us"}) {  // the bound is on the duration, not the number
    r = run_command(kXo + " run -q -n 2 --compute-threshold=" + threshold + " " + kPingpong);
    EXPECT_EQ(r.status, 0) << threshold << ": " << r.err;
  }
  r = run_command(kXo + " run -n 3 --compute=none " + kPingpong);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "pingpong: needs exactly 2 ranks")) << r.err;
  EXPECT_TRUE(contains(r.err, "called MPI_Abort with error code 2")) << r.err;
}

TEST(Cli, DeadlockedProgramFailsWithTheReport) {
  auto r = run_command(
      "cd $(mktemp -d) && printf '#include <mpi.h>\\nint main(int c,char**v){int r,x;MPI_Init(&c,&v);"
      "MPI_Comm_rank(MPI_COMM_WORLD,&r);MPI_Recv(&x,1,MPI_INT,1-r,7,MPI_COMM_WORLD,"
      "MPI_STATUS_IGNORE);MPI_Finalize();return 0;}' > d.c && " +
      kXo + " cc d.c -o d && " + kXo + " run -n 2 --compute=none ./d");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "xo: deadlock: no rank can make progress")) << r.err;
  EXPECT_TRUE(contains(r.err, "MPI_Recv from rank 1 (tag 7) on MPI_COMM_WORLD")) << r.err;
}

TEST(Cli, ReportOfATraceWithoutMpiCallsSaysSoInOneLineAndStoresNothing) {
  auto r = run_command(
      "(cd $(mktemp -d) && printf '#include <stdio.h>\\nint main(void){puts(\"no MPI\");return 0;}' > "
      "n.c && " +
      kXo + " cc n.c -o n && " + kXo + " record -q -o n.otf2 ./n && " + kXo +
      " report --db h.db n.otf2; echo status=$?; " + kXo + " history list --db h.db)");
  EXPECT_TRUE(contains(r.err, "n.otf2/traces.otf2 holds no MPI calls (written by xo")) << r.err;
  EXPECT_TRUE(contains(r.err, "nothing was stored")) << r.err;
  EXPECT_TRUE(contains(r.out, "status=2")) << r.out;
  EXPECT_FALSE(contains(r.err + r.out, "stored as run")) << r.out;
}

TEST(Cli, ReportRefusesFilesOfATraceThatAreNotRegularFilesWithoutOpeningThem) {
  // A FIFO would make any reader wait for a writer for good; a directory is no event file.
  for (const char* replace : {"mkfifo t.otf2/traces/1.evt", "mkdir t.otf2/traces/1.evt", "mkfifo t.otf2/traces.otf2"}) {
    auto r =
        run_command("(cd $(mktemp -d) && " + kXo + " record -q -n 2 -o t.otf2 " + kPingpong + " && rm t.otf2/traces" +
                    (std::string(replace).find("1.evt") != std::string::npos ? "/1.evt" : ".otf2") + " && " + replace +
                    " && timeout 60 " + kXo + " report --no-bench --no-store t.otf2)");
    EXPECT_EQ(r.status, 2) << replace << r.err;
    EXPECT_TRUE(contains(r.err, "is not a regular file (a")) << replace << r.err;
  }
}

TEST(Cli, AnEnvironmentVariableTheMachineDoesNotReadIsRefusedWithTheNearestItDoes) {
  auto r = run_command(kXo + " run -n 2 --machine xt3 -e MPICH_MAX_SHORT_MSG_SIZ=1 " + kPingpong);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(contains(r.err,
                       "xo: -e MPICH_MAX_SHORT_MSG_SIZ=1: the xt3 machine's MPI reads no variable "
                       "MPICH_MAX_SHORT_MSG_SIZ; did you mean MPICH_MAX_SHORT_MSG_SIZE or"))  // nearest first
      << r.err;
  EXPECT_TRUE(contains(r.err, "add --allow-unknown-env")) << r.err;
  r = run_command(kXo + " run -q -n 2 --machine xt3 --allow-unknown-env -e MY_PROGRAM_SETTING=1 " + kPingpong);
  EXPECT_EQ(r.status, 0) << r.err;
  r = run_command(kXo + " bench --machine ap1000 -e XO_COLL_BCST=linear");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "did you mean XO_COLL_BCAST")) << r.err;
  EXPECT_FALSE(contains(r.err, "--allow-unknown-env")) << r.err;  // no program reads a bench's settings
}

TEST(Cli, RanksBeyondTheMachinesMemoryAreRefusedBeforeTheRunStarts) {
  std::ifstream meminfo("/proc/meminfo");
  std::uint64_t available_kib = 0;
  for (std::string name; meminfo >> name;) {
    std::uint64_t kib = 0;
    meminfo >> kib;
    if (name == "MemAvailable:" || name == "SwapFree:") available_kib += kib;
    meminfo.ignore(64, '\n');
  }
  if (available_kib > 100ull << 20) GTEST_SKIP() << "this machine could hold 16,777,216 ranks";
  auto r = run_command(kXo + " run -n 16777216 " + kPingpong);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "xo: xo run -n 16777216 needs at least 112.0 GiB")) << r.err;
  EXPECT_TRUE(contains(r.err, "this machine has available; run at most about")) << r.err;

  // 8 MiB of initialised globals, which every rank copies: ranks whose copies alone exceed the
  // memory, though their stacks and state would fit.
  const std::uint64_t ranks = available_kib / (8 << 10) * 2 + 1;
  ASSERT_LT(ranks * 7, available_kib);
  r = run_command(
      "(cd $(mktemp -d) && printf '#include <mpi.h>\\nstatic char table[8<<20]={1};int main(int c,char**v)"
      "{MPI_Init(&c,&v);table[1]=table[0];MPI_Finalize();return 0;}' > g.c && " +
      kXo + " cc g.c -o g && (" + kXo + " run -n " + std::to_string(ranks) + " ./g; echo status=$?) && " + kXo +
      " run -q -n " + std::to_string(ranks) + " --privatize=off ./g)");
  EXPECT_TRUE(contains(r.out, "status=2")) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, " KiB of the program's initialised globals, which every rank has a copy of")) << r.err;
  EXPECT_EQ(r.status, 0) << r.err;  // sharing one copy (--privatize=off), they fit
}

TEST(Cli, StackOverflowNamesTheRankAndTheFix) {
  // A 1.6 MB local array on a 512 KiB fiber stack: the guard page must catch it, even though the
  // frame is far larger than the guard (xo cc compiles with stack-clash protection).
  auto r = run_command(
      "cd $(mktemp -d) && printf '#include <mpi.h>\\nint main(int c,char**v){MPI_Init(&c,&v);"
      "volatile double a[200000];for(int i=0;i<200000;++i)a[i]=i;MPI_Finalize();return 0;}' > s.c && " +
      kXo + " cc s.c -o s && " + kXo + " run -n 2 --stack-size=512K ./s");
  EXPECT_EQ(r.status, 139);  // a process's own stack overflow is a SIGSEGV
  // The frame is made at main's entry, before MPI_Init.
  EXPECT_TRUE(contains(r.err,
                       "xo: rank 0 overflowed its 512 KiB fiber stack in its own code, before its first MPI "
                       "call"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "run again with a larger --stack-size (for example --stack-size=1M)")) << r.err;
  r = run_command(
      "cd $(mktemp -d) && printf '#include <mpi.h>\\nint main(int c,char**v){MPI_Init(&c,&v);"
      "volatile double a[200000];for(int i=0;i<200000;++i)a[i]=i;MPI_Finalize();return 0;}' > s.c && " +
      kXo + " cc s.c -o s && " + kXo + " run -q -n 2 --stack-size=4M ./s");
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST(Cli, CalibrateComparesTheXt3WithItsSeed) {
  auto r = run_command(kXo + " calibrate xt3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "eager_short_limit")) << r.out;
  EXPECT_TRUE(contains(r.out, "largest message on the 'short' path (size sweep, 2 ranks)")) << r.out;
  EXPECT_TRUE(contains(r.out, "predicted (nothing was fitted to them): 6 of 6 within 10 %")) << r.out;
  EXPECT_TRUE(contains(r.out, "fitted: 0 of 0 within 2 %")) << r.out;
  // A parameter that moves a measured figure off target makes the exit status 1.
  r = run_command(kXo + " calibrate --param G=0.5 xt3");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "(!)")) << r.out;
  r = run_command(kXo + " calibrate --param nonsense=1 xt3");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "nonsense")) << r.err;
  r = run_command(kXo + " calibrate cray-9000");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "unknown machine 'cray-9000'")) << r.err;
  r = run_command(kXo + " calibrate --figures /nonexistent.csv xt3");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "cannot read the seed figures file '/nonexistent.csv'")) << r.err;
}

TEST(Cli, BenchRefusesBadOptionsAndExistingTraces) {
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--suite p2p", "--suite p2p: choose pt2pt, coll or all"},
           {"--ranks 1", "--ranks 1: give rank counts from 2 to 4096"},
           {"--ranks 8,x", "--ranks 8,x: give rank counts"},
           {"--machine cray1", "unknown machine 'cray1'"},
           {"--machine xt3 -e MPICH_MAX_SHORT_MSG_SIZE=-5", "MPICH_MAX_SHORT_MSG_SIZE"},
           {"--machine loggp --suite coll", "nothing for this suite to measure"},
           {"--param L=1 --param L=2", "--param L=2: L is set already (L=1)"},
           {"extra", "unexpected argument 'extra'"}}) {
    auto r = run_command(kXo + " bench -o /tmp/xo-cli-bench-unused " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_TRUE(contains(r.err, message)) << args << ": " << r.err;
  }
  const std::string dir = "/tmp/xo-cli-bench-" + std::to_string(getpid());
  auto first = run_command(kXo + " bench --machine loggp --suite pt2pt -o " + dir);
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_TRUE(contains(first.out, "Protocols: LogGP fits")) << first.out;
  EXPECT_TRUE(contains(first.out, "XO_EAGER_LIMIT")) << first.out;
  // Again: the earlier traces move beside the new ones, to RUN.old.
  auto again = run_command(kXo + " bench --machine loggp --suite pt2pt -o " + dir);
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_TRUE(contains(again.err, "the earlier bench's traces in " + dir + "/ were moved beside them")) << again.err;
  EXPECT_EQ(run_command("ls " + dir + "/*.old/traces.otf2").status, 0);
  EXPECT_EQ(run_command(kXo + " bench --machine loggp --suite pt2pt --force -o " + dir).status, 0);
  run_command("rm -rf " + dir);
}

using xo::test::ScratchDir;

TEST(Cli, CheckHoldsATraceToOtf2AndMpi) {
  ScratchDir dir("xo-cli");
  const std::string trace = dir.path() + "/pp.otf2";
  ASSERT_EQ(run_command(kXo + " record -q -n 2 --machine xt3 --compute=none -o " + trace + " " + kPingpong).status, 0);
  auto good = run_command(kXo + " check " + trace);
  EXPECT_EQ(good.status, 0) << good.err;
  EXPECT_TRUE(contains(good.out, "messages matched: no problems")) << good.out;
  // An archive that cannot be read at all: one line naming the file, exit 2.
  std::error_code ignored;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(trace)) {
    if (entry.path().extension() == ".evt") {
      std::filesystem::remove(entry.path(), ignored);
      break;
    }
  }
  auto cut = run_command(kXo + " check " + trace);
  EXPECT_EQ(cut.status, 2);
  EXPECT_TRUE(contains(cut.err, "xo check: ")) << cut.err;
  EXPECT_TRUE(contains(cut.err, ".evt")) << cut.err;
  auto none = run_command(kXo + " check");
  EXPECT_EQ(none.status, 2);
  EXPECT_TRUE(contains(none.err, "give one trace")) << none.err;
}

TEST(Cli, ReportProfilesWaitsAndRecommendsFromTheMachinesFits) {
  ScratchDir dir("xo-cli");
  ASSERT_EQ(run_command(kXo + " record -q -n 2 --machine xt3 --compute=none -o " + dir.path() + "/pp.otf2 " + kPingpong)
                .status,
            0);
  auto r = run_command(kXo + " report " + dir.path() + "/pp.otf2");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* part : {"Time in MPI by call", "MPI_Send", "MPI_Recv", "long-pull", "Wait states", "late sender",
                           "Crossovers of the machine's switch points",
                           "MPI_Reduce: its switch points were not measured, the run makes no such call",
                           "export MPICH_MAX_SHORT_MSG_SIZE=1048576", "MPICH_UNEX_BUFFER_SIZE=62914560"}) {
    EXPECT_TRUE(contains(r.out, part)) << part << " missing from\n" << r.out;
  }
  // Recorded with the limit where the fits put it, the run needs no change of it.
  ASSERT_EQ(run_command(kXo + " record -q -n 2 --machine xt3 --compute=none -e MPICH_MAX_SHORT_MSG_SIZE=1048576 -o " +
                        dir.path() + "/big.otf2 " + kPingpong)
                .status,
            0);
  r = run_command(kXo + " report " + dir.path() + "/big.otf2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(contains(r.out, "export MPICH_MAX_SHORT_MSG_SIZE=")) << r.out;
}

// The report's bench: sized to the run (a ping-pong needs no collective sweep), cached in the
// history so that the second report simulates nothing and says so, with the same findings, and
// leaving no scratch directory behind (nor one a killed report left, by its dead pid).
TEST(Cli, ReportBenchIsCachedInTheHistoryAndLeavesNoScratchFiles) {
  ScratchDir dir("xo-cli");
  ASSERT_EQ(run_command(kXo + " record -q -n 2 --machine xt3 --compute=none -o " + dir.path() + "/pp.otf2 " + kPingpong)
                .status,
            0);
  const std::string tmp = dir.path() + "/tmp";
  const pid_t gone = fork();
  if (gone == 0) _exit(0);
  waitpid(gone, nullptr, 0);
  const std::string orphan = tmp + "/xo-report-bench-" + std::to_string(gone) + "-Ab12Cd";
  ASSERT_EQ(run_command("mkdir -p " + orphan + "/pt2pt").status, 0);
  const std::string report = "TMPDIR=" + tmp + " " + kXo + " report --db " + dir.path() + "/h.db ";
  const auto first = run_command(report + dir.path() + "/pp.otf2");
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_TRUE(contains(first.out, "6 bench runs\n")) << first.out;
  EXPECT_EQ(run_command("ls -A " + tmp).out, "") << "the report's scratch directory and the orphan are gone";
  const auto second = run_command(report + dir.path() + "/pp.otf2");
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_TRUE(contains(second.out, "6 of them from the bench cache in " + dir.path() + "/h.db")) << second.out;
  const auto findings = [](const std::string& out) { return out.substr(out.find("  variable ")); };
  EXPECT_EQ(findings(second.out), findings(first.out)) << "the cache gives what the simulation gave";
  for (const char* option : {"--no-cache ", "--no-history "}) {
    const auto fresh = run_command(report + option + dir.path() + "/pp.otf2");
    ASSERT_EQ(fresh.status, 0) << fresh.err;
    EXPECT_FALSE(contains(fresh.out, "from the bench cache")) << option << fresh.out;
  }
  // --no-store uses the cache and stores no run.
  const std::string runs = run_command(kXo + " history list --db " + dir.path() + "/h.db").out;
  const auto cached = run_command(report + "--no-store " + dir.path() + "/pp.otf2");
  ASSERT_EQ(cached.status, 0) << cached.err;
  EXPECT_TRUE(contains(cached.out, "6 of them from the bench cache")) << cached.out;
  EXPECT_FALSE(contains(cached.err, "stored as run")) << cached.err;
  EXPECT_EQ(run_command(kXo + " history list --db " + dir.path() + "/h.db").out, runs);
}

// The recommendations are tried on the program itself: each alone, then together; a setting that
// saves nothing worth having is left out with its reason, and --verify applies the chosen set. An
// alternative (eager-long for the same long-pull messages as the larger short limit) is tried too
// and left out by the simulation, not by the prediction.
TEST(Cli, ReportTriesTheRecommendationsOnTheProgram) {
  ScratchDir dir("xo-cli");
  ASSERT_EQ(run_command(kXo + " record -q -n 2 --machine xt3 --compute=none -o " + dir.path() + "/pp.otf2 " + kPingpong)
                .status,
            0);
  auto r = run_command(kXo + " report --verify " + dir.path() + "/pp.otf2");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* part :
       {"tried on the program (5 recordings with --compute=none, each setting alone, then together): "
        "export MPICH_MAX_SHORT_MSG_SIZE=1048576 take its MPI time from ",
        "left out: export MPICH_MAX_VSHORT_MSG_SIZE=", "with export MPICH_MAX_SHORT_MSG_SIZE=1048576\n",
        "export MPICH_PTL_EAGER_LONG=1 (alternative to MPICH_MAX_SHORT_MSG_SIZE)",
        "left out: export MPICH_PTL_EAGER_LONG=1: adds nothing to MPICH_MAX_SHORT_MSG_SIZE=1048576"}) {
    EXPECT_TRUE(contains(r.out, part)) << part << "\n" << r.out;
  }
  const auto json = run_command(kXo + " report --format json " + dir.path() + "/pp.otf2");
  EXPECT_TRUE(contains(json.out, "\"candidates\": {\"simulated\": true, \"not_simulated\": null, \"runs\": 5, "))
      << json.out;
  EXPECT_TRUE(contains(json.out, "\"chosen\": false")) << "the vshort setting is shown, not chosen: " << json.out;
  const auto quick = run_command(kXo + " report --no-simulate " + dir.path() + "/pp.otf2");
  EXPECT_TRUE(contains(quick.out, "not tried on the program (--no-simulate)")) << quick.out;
  // A program that is no longer where the trace says: said, and the report still stands.
  ASSERT_EQ(run_command("cp " + kPingpong + " " + dir.path() + "/moved").status, 0);
  ASSERT_EQ(
      run_command("cd " + dir.path() + " && " + kXo + " record -q -n 2 --machine xt3 --compute=none -o m.otf2 ./moved")
          .status,
      0);
  ASSERT_EQ(run_command("rm " + dir.path() + "/moved").status, 0);
  const auto moved = run_command("cd " + dir.path() + " && " + kXo + " report m.otf2");
  ASSERT_EQ(moved.status, 0) << moved.err;
  EXPECT_TRUE(contains(moved.out, "not tried on the program: the program (./moved) is not where the trace says"))
      << moved.out;
}

TEST(Cli, ReportFormatsAndVerification) {
  ScratchDir dir("xo-cli");
  ASSERT_EQ(run_command(kXo + " record -q -n 2 --machine xt3 --compute=none -o " + dir.path() + "/pp.otf2 " + kPingpong)
                .status,
            0);
  auto json = run_command(kXo + " report --format json " + dir.path() + "/pp.otf2");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_TRUE(xo::test::JsonChecker::valid(json.out)) << json.out;
  EXPECT_EQ(json.out.rfind("{\"schema\": \"crossover-report\", \"version\": 1, ", 0), 0u) << json.out;
  for (const char* part :
       {"\"recommendations\": [{\"variable\": \"MPICH_MAX_SHORT_MSG_SIZE\", \"value\": \"1048576\", "
        "\"export\": \"export MPICH_MAX_SHORT_MSG_SIZE=1048576\", \"required\": false, "
        "\"model_experiment\": false, \"alternative_to\": null, \"predicted_saving_seconds\": 0.0002",
        "{\"call\": \"MPI_Send\", \"count\": 200, \"seconds\": 0.02",
        "\"unit\": \"bytes\", \"below\": \"short\", \"above\": \"long-pull\", \"now\": 128000, "
        "\"best\": 1048576, \"best_is_bound\": true, \"crossing\": null",
        "\"verification\": null}"}) {
    EXPECT_TRUE(contains(json.out, part)) << "numbers as numbers, units in the names: " << part << "\n" << json.out;
  }
  // Options after the trace, as perf report takes them.
  auto markdown = run_command(kXo + " report " + dir.path() + "/pp.otf2 --format markdown --no-bench");
  ASSERT_EQ(markdown.status, 0) << markdown.err;
  EXPECT_TRUE(contains(markdown.out, "## Time in MPI by call\n")) << markdown.out;
  EXPECT_TRUE(contains(markdown.out, "| call | calls | time | share of MPI | longest call |")) << markdown.out;
  EXPECT_FALSE(contains(markdown.out, "Recommendations")) << "--no-bench skips them";
  auto verified = run_command(kXo + " report --verify " + dir.path() + "/pp.otf2");
  ASSERT_EQ(verified.status, 0) << verified.err;
  EXPECT_TRUE(contains(verified.out, "measured: time in MPI summed over the ranks")) << verified.out;
  EXPECT_TRUE(contains(verified.out, "what this checks: the run was recorded with --compute=none")) << verified.out;
  EXPECT_FALSE(contains(verified.out, "half-RTT")) << "the program's own output goes to stderr, not into the report";
  // Under measured computation both sides are recorded several times and judged against the noise.
  ASSERT_EQ(run_command(kXo + " record -q -n 2 --machine xt3 -o " + dir.path() + "/timed.otf2 " + kPingpong).status, 0);
  auto timed = run_command(kXo + " report --verify --verify-runs 4 " + dir.path() + "/timed.otf2");
  ASSERT_EQ(timed.status, 0) << timed.err;
  EXPECT_TRUE(contains(timed.out, "each side was recorded 4 times, interleaved")) << timed.out;
  EXPECT_TRUE(contains(timed.out, "(p = 0.029 that it happens by chance)")) << "2 / C(8, 4) = 2 / 70: " << timed.out;
  EXPECT_TRUE(contains(timed.out, "measured: time in MPI summed over the ranks, median ")) << timed.out;
  EXPECT_TRUE(contains(timed.out, "verdict: ")) << timed.out;
  auto bad = run_command(kXo + " report --verify --verify-runs 0 " + dir.path() + "/timed.otf2");
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(contains(bad.err, "--verify-runs 0: give a number of recordings a side from 1 to 100")) << bad.err;
  auto alone = run_command(kXo + " report --verify-runs 3 " + dir.path() + "/timed.otf2");
  EXPECT_EQ(alone.status, 2);
  EXPECT_TRUE(contains(alone.err, "--verify-runs counts --verify's recordings: add --verify")) << alone.err;
}

TEST(Cli, ReportRefusesWhatIsNotATrace) {
  ScratchDir dir("xo-cli");
  run_command("echo garbage > " + dir.path() + "/bad.otf2");
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {dir.path() + "/missing.otf2", "no such file"},
           {dir.path() + "/bad.otf2", "not an OTF2 anchor file"},
           {"--format xml " + dir.path() + "/bad.otf2", "--format xml: choose text, json or markdown"},
           {"", "give a trace"},
           {dir.path() + "/bad.otf2 " + dir.path() + "/other.otf2", "give one trace, not 2"},
           // Options after the trace are read as options: their values are checked.
           {dir.path() + "/bad.otf2 --top abc", "--top abc: give a number of rows from 1 to 100000"},
           {dir.path() + "/bad.otf2 --no-such-option", "--no-such-option"},
           {"--verify --no-bench " + dir.path() + "/bad.otf2", "--verify needs the recommendations"},
           {"--top abc " + dir.path() + "/bad.otf2", "--top abc: give a number of rows from 1 to 100000"},
           {"--no-store --no-history " + dir.path() + "/bad.otf2", "--no-store keeps the bench cache"}}) {
    auto r = run_command(kXo + " report " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_TRUE(contains(r.err, message)) << args << ": " << r.err;
  }
}

// On the XE6 a larger E0 limit costs mailbox memory for every peer (seed 004 slide 8): the cost
// the recommendation names is the model's own, with this run's number of peers. Four nodes, so
// that some messages cross the Gemini (on a node they go through shared memory, which no eager
// limit touches); the value is the largest size the run moves, not the end of the bench's sweep.
TEST(Cli, ReportPricesAMailboxLimitInMemory) {
  ScratchDir dir("xo-cli");
  const std::string stencil = std::string(XO_EXAMPLES_DIR) + "/stencil2d";
  ASSERT_EQ(
      run_command(kXo + " record -q -n 16 -N 4 --machine xe6 --compute=none -o " + dir.path() + "/st.otf2 " + stencil)
          .status,
      0);
  auto r = run_command(kXo + " report " + dir.path() + "/st.otf2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "export MPICH_GNI_MAX_VSHORT_MSG_SIZE=2048")) << r.out;
  EXPECT_TRUE(contains(r.out, "12 messages of 2 KiB move from E1 to E0")) << r.out;
  EXPECT_TRUE(contains(r.out, "a mailbox of 8 slots of 2080 bytes for each of 15 peers: 119 KiB -> 244 KiB per rank"))
      << r.out;
}

// One-sided halos (examples/stencil_rma.c): the report's section says where their time went, by
// synchronisation mode, which calls waited, and that the XT3 sends an epoch's operations at its end.
TEST(Cli, ReportProfilesOneSidedCommunication) {
  ScratchDir dir("xo-cli");
  const std::string program = std::string(XO_EXAMPLES_DIR) + "/stencil_rma";
  for (const char* machine : {"xt3", "x1"}) {
    const std::string trace = dir.path() + "/" + machine + ".otf2";
    ASSERT_EQ(run_command(kXo + " record -q -n 4 --machine " + machine + " --compute=none -o " + trace + " " + program +
                          " pscw 16 4")
                  .status,
              0);
    auto r = run_command(kXo + " report --no-bench --no-history " + trace);
    ASSERT_EQ(r.status, 0) << r.err;
    for (const char* part : {"One-sided communication", "post-start-complete-wait", "operations", "windows",
                             "MPI_Win_start: ", "waiting for the targets' MPI_Win_post (a late post)",
                             "MPI_Win_wait: ", "calls) waiting for the origins' MPI_Win_complete (an early wait)"}) {
      EXPECT_TRUE(contains(r.out, part)) << machine << ": " << part << "\n" << r.out;
    }
    const bool deferred = std::string(machine) == "xt3";
    EXPECT_EQ(contains(r.out, "sends one-sided operations only when their epoch ends"), deferred) << r.out;
    auto json = run_command(kXo + " report --no-bench --no-history --format json " + trace);
    ASSERT_EQ(json.status, 0) << json.err;
    EXPECT_TRUE(contains(json.out, "\"one_sided\": {")) << json.out;
    EXPECT_TRUE(contains(json.out, std::string("\"deferred_to_epoch_end\": ") + (deferred ? "true" : "false")));
    EXPECT_TRUE(contains(json.out, "\"wait_seconds\": ")) << json.out;
    EXPECT_FALSE(contains(json.out, "\"wait_seconds\": null")) << "the trace has the RMA records\n" << json.out;
  }
  // A run without one-sided calls has no such section, and null in the JSON.
  const std::string trace = dir.path() + "/ring.otf2";
  ASSERT_EQ(
      run_command(kXo + " record -q -n 2 --compute=none -o " + trace + " " + std::string(XO_EXAMPLES_DIR) + "/ring 1")
          .status,
      0);
  auto r = run_command(kXo + " report --no-bench --no-history " + trace);
  EXPECT_FALSE(contains(r.out, "One-sided communication")) << r.out;
  auto json = run_command(kXo + " report --no-bench --no-history --format json " + trace);
  EXPECT_TRUE(contains(json.out, "\"one_sided\": null")) << json.out;
}

TEST(Cli, RecordingOntoAFullDiskSaysSoAndWhereToRecordInstead) {
  // A 64 KiB file system of its own, in a mount namespace that ends with the command; each rank's
  // event file of 200 iterations is larger than that.
  const xo::test::ScratchDir mount_point("xo-full");
  const std::string& dir = mount_point.path();
  auto r = run_command("unshare -m sh -c 'mount -t tmpfs -o size=64k tmpfs " + dir + " || exit 77; " + kXo +
                       " record -q -n 4 --machine xt3 -o " + dir + "/t " + XO_EXAMPLES_DIR + "/stencil2d 16 200'");
  if (r.status == 77 || contains(r.err, "unshare failed")) GTEST_SKIP() << "no mount namespace here: " << r.err;
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "xo: cannot write the OTF2 trace in " + std::string(dir) + "/t: ")) << r.err;
  EXPECT_TRUE(contains(r.err, "; the file system holding " + std::string(dir) + "/t is full (")) << r.err;
  EXPECT_TRUE(contains(r.err, "free some space, or record elsewhere with -o DIR")) << r.err;
}
