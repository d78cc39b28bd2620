// mpicc, mpicxx, mpirun and mpiexec from build/bin/mpi as build systems use them: the queries
// FindMPI and configure scripts make, a CMake project both ways (find_package(MPI) with
// MPI_C_COMPILER, and CC=mpicc), a plain Makefile, and the refusal of a compiler that leads back.

#include <gtest/gtest.h>

#include <string>

#include "support/run_command.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace {

const std::string kWrappers = XO_MPI_WRAPPERS_DIR;
const std::string kPrograms = XO_TEST_PROGRAMS_SOURCE_DIR;
const std::string kPath = "PATH=" + kWrappers + ":$PATH ";

// The start of the line private_globals prints for `rank` when the rank has globals of its own.
std::string expected_line(int rank) {
  return "rank " + std::to_string(rank) + ": my_rank " + std::to_string(rank) + " calls " + std::to_string(rank + 1);
}

xo::test::CommandResult in_scratch(const std::string& commands) {
  return run_command("{ cd $(mktemp -d) && export " + kPath + "&& " + commands + "; }");
}

}  // namespace

TEST(Wrappers, AnswerTheQueriesOfMpichAndOpenMpi) {
  auto r = run_command(kWrappers + "/mpicc -show");
  EXPECT_EQ(r.status, 0);
  for (const char* part : {"-fPIC", "-shared", "-lxo_runtime", "-Wl,--wrap=main"})
    EXPECT_TRUE(contains(r.out, part)) << r.out;
  r = run_command(kWrappers + "/mpicc -showme:compile");
  EXPECT_TRUE(contains(r.out, "-I") && contains(r.out, "-fPIC") && !contains(r.out, "-lxo_runtime")) << r.out;
  r = run_command(kWrappers + "/mpicc -showme:link");
  EXPECT_TRUE(contains(r.out, "-lxo_runtime") && contains(r.out, "--export-dynamic-symbol=main")) << r.out;
  r = run_command(kWrappers + "/mpicc -compile_info");
  EXPECT_TRUE(contains(r.out, " -c") && !contains(r.out, "-lxo_runtime")) << r.out;
  r = run_command(kWrappers + "/mpicc -link_info");
  EXPECT_TRUE(contains(r.out, "-lxo_runtime")) << r.out;
  r = run_command(kWrappers + "/mpicxx -showme");
  EXPECT_TRUE(contains(r.out, "c++ ")) << r.out;
  r = run_command(kWrappers + "/mpicc --version");
  EXPECT_EQ(r.status, 0);
  EXPECT_FALSE(r.out.empty());
  r = run_command(kWrappers + "/mpiexec --version");
  EXPECT_TRUE(contains(r.out, "xo (Crossover)")) << r.out;
}

TEST(Wrappers, AMakefileWithCcMpiccBuildsAPrivatizedProgram) {
  auto r = in_scratch("printf 'CC = mpicc\\nall: app\\napp: app.o\\n\\t$(CC) -o $@ $^\\napp.o: " + kPrograms +
                      "/private_globals.c\\n\\t$(CC) -O2 -c -o $@ $<\\n' > Makefile && make -s && mpiexec -np 3 ./app "
                      "-v -n make 2>&1");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  for (int rank = 0; rank < 3; ++rank) EXPECT_TRUE(contains(r.out, expected_line(rank))) << r.out;
  EXPECT_TRUE(contains(r.out, "name make optind 4")) << r.out;
}

TEST(Wrappers, CMakeFindMpiWithTheWrapperAsMpiCCompiler) {
  auto r = in_scratch(
      "printf 'cmake_minimum_required(VERSION 3.22)\\nproject(p C)\\nfind_package(MPI REQUIRED)\\n"
      "add_executable(app " +
      kPrograms +
      "/private_globals.c)\\ntarget_link_libraries(app PRIVATE MPI::MPI_C)\\n'"
      " > CMakeLists.txt && cmake -S . -B b -DMPI_C_COMPILER=" +
      kWrappers +
      "/mpicc >/dev/null && cmake --build b "
      ">/dev/null && XO_RUN_MACHINE=xt3 mpirun -np 3 --oversubscribe b/app -v -n cmake 2>&1");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  for (int rank = 0; rank < 3; ++rank) EXPECT_TRUE(contains(r.out, expected_line(rank))) << r.out;
  EXPECT_TRUE(contains(r.out, "name cmake optind 4")) << r.out;  // getopt, though the program has copies of optind
  EXPECT_TRUE(contains(r.out, "3 ranks on xt3")) << r.out;       // the machine from XO_RUN_MACHINE
  EXPECT_TRUE(contains(r.out, "share its thread-local variables")) << r.out;  // said, not hidden
}

TEST(Wrappers, CMakeWithCcMpicc) {
  auto r = in_scratch(
      "printf 'cmake_minimum_required(VERSION 3.22)\\nproject(p CXX)\\nadd_executable(app " + kPrograms +
      "/private_objects.cpp)\\n' > CMakeLists.txt && CXX=mpicxx cmake -S . -B b >/dev/null && cmake --build b "
      ">/dev/null && mpirun -n 2 b/app");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "rank 1: constructed 1 inline 2 template 20 thread_local fresh rank 1 caught 1"))
      << r.out;
}

TEST(Wrappers, ACompilerThatLeadsBackIsRefusedInOneLine) {
  auto r = in_scratch("CC=mpicc " + std::string(XO_BINARY) + " cc -c " + kPrograms + "/exits.c");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "xo: CC=mpicc leads back to xo cc")) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  // A script around mpicc given as mpicc's own compiler.
  r = in_scratch("printf '#!/bin/sh\\nexec mpicc \"$@\"\\n' > cc.sh && chmod +x cc.sh && XO_CC=$PWD/cc.sh mpicc -c " +
                 kPrograms + "/exits.c");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "leads back to xo cc")) << r.err;
}

TEST(Wrappers, MpirunTakesTheLaunchersOptions) {
  auto r = in_scratch("mpicc " + kPrograms +
                      "/exits.c -o app && mpirun -np 2 --bind-to core -genv FOO bar "
                      "--machine ap1000 ./app 2>&1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "2 ranks on ap1000")) << r.out;
}

TEST(Install, TheInstalledTreeUsesItsOwnPathsOnly) {
  auto r = run_command("{ p=$(mktemp -d) && cmake --install " + std::string(XO_BUILD_DIR) +
                       " --prefix $p >/dev/null && "
                       "cd $(mktemp -d) && $p/libexec/crossover/mpi/mpicc -show && $p/libexec/crossover/mpi/mpicc " +
                       kPrograms +
                       "/private_globals.c -o app && $p/libexec/crossover/mpi/mpirun -n 2 ./app -v && "
                       "PKG_CONFIG_PATH=$p/lib/pkgconfig pkg-config --cflags --libs crossover-mpi && "
                       "test -f $p/share/man/man1/xo.1 && test -f $p/share/bash-completion/completions/xo && "
                       "test -x $p/bin/xo-gui && printf 'cmake_minimum_required(VERSION 3.22)\\nproject(p C)\\n"
                       "find_package(Crossover REQUIRED)\\nadd_executable(app2 " +
                       kPrograms +
                       "/exits.c)\\n"
                       "target_link_libraries(app2 PRIVATE Crossover::mpi)\\n' > CMakeLists.txt && "
                       "cmake -S . -B b -DCMAKE_PREFIX_PATH=$p >/dev/null && cmake --build b >/dev/null && "
                       "$p/bin/xo run -q -n 2 b/app2; }");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_FALSE(contains(r.out, XO_BUILD_DIR)) << r.out;   // never the build tree
  EXPECT_FALSE(contains(r.out, XO_SOURCE_DIR)) << r.out;  // nor the source tree
  EXPECT_TRUE(contains(r.out, "rank 1: my_rank 1 calls 2")) << r.out;
  EXPECT_TRUE(contains(r.out, "-lxo_runtime")) << r.out;  // pkg-config's libs
  EXPECT_TRUE(contains(r.out, "rank 1 finishes")) << r.out;
}
