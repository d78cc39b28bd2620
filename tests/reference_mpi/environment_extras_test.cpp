// MPI-2/3 environment calls: MPI_Get_library_version, MPI_Pcontrol, MPI_Alloc_mem/MPI_Free_mem.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(EnvironmentExtras, LibraryVersionNamesTheLibraryAndTheMachine) {
  std::string text;
  int length = -1, before_init = -1;
  auto result = xo::mpi::run_simulation(
      [] {
        xo::mpi::SimulationOptions o;
        o.ranks = 1;
        o.machine = "xt3";
        o.env_lookup = [](const char*) -> const char* { return nullptr; };
        return o;
      }(),
      [&](int argc, char** argv) {
        char version[MPI_MAX_LIBRARY_VERSION_STRING];
        before_init = MPI_Get_library_version(version, &length);  // allowed before MPI_Init
        MPI_Init(&argc, &argv);
        text = version;
        MPI_Finalize();
        return 0;
      });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(before_init, MPI_SUCCESS);
  EXPECT_EQ(length, static_cast<int>(text.size()));
  EXPECT_LT(length, MPI_MAX_LIBRARY_VERSION_STRING);
  EXPECT_EQ(text.rfind("Crossover reference MPI", 0), 0u) << text;
  EXPECT_NE(text.find("xt3"), std::string::npos) << text;
}

TEST(EnvironmentExtras, PcontrolDoesNothingButSucceed) {
  std::vector<int> codes;
  auto result = simulate(2, [&](int, int) {
    codes.push_back(MPI_Pcontrol(0));
    codes.push_back(MPI_Pcontrol(2, "extra", 3));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>(4, MPI_SUCCESS)));
}

TEST(EnvironmentExtras, AllocMemGivesUsableMemoryAndFreeMemChecksIt) {
  std::vector<int> codes;
  long sum = 0;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    long* numbers = nullptr;
    codes.push_back(MPI_Alloc_mem(100 * sizeof(long), info, &numbers));
    for (long i = 0; i < 100; ++i) numbers[i] = i;
    for (long i = 0; i < 100; ++i) sum += numbers[i];
    codes.push_back(MPI_Free_mem(numbers));
    codes.push_back(MPI_Free_mem(numbers));  // twice
    long on_stack = 0;
    codes.push_back(MPI_Free_mem(&on_stack));
    void* p = nullptr;
    codes.push_back(MPI_Alloc_mem(-1, MPI_INFO_NULL, &p));
    codes.push_back(MPI_Alloc_mem(16, 9999, &p));
    codes.push_back(MPI_Alloc_mem(0, MPI_INFO_NULL, &p));
    codes.push_back(MPI_Free_mem(p));
    MPI_Info_free(&info);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sum, 4950);
  EXPECT_EQ(codes, (std::vector<int>{MPI_SUCCESS, MPI_SUCCESS, MPI_ERR_BASE, MPI_ERR_BASE, MPI_ERR_ARG, MPI_ERR_INFO,
                                     MPI_SUCCESS, MPI_SUCCESS}));
}
