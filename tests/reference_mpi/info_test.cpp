// Info objects: set, get (with truncation), lengths, keys in order, delete, dup and free, and the
// standard's error classes for bad keys, values and handles.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(Info, SetGetKeysInOrderDupAndDelete) {
  std::vector<std::string> keys, values;
  std::vector<int> numbers;
  auto result = simulate(1, [&](int, int) {
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_nodes", "4");
    MPI_Info_set(info, "striping_unit", "1048576");
    MPI_Info_set(info, "cb_nodes", "8");  // replaces, keeps its place
    int nkeys = 0;
    MPI_Info_get_nkeys(info, &nkeys);
    numbers.push_back(nkeys);
    for (int i = 0; i < nkeys; ++i) {
      char key[MPI_MAX_INFO_KEY + 1];
      MPI_Info_get_nthkey(info, i, key);
      keys.push_back(key);
    }
    char value[MPI_MAX_INFO_VAL + 1];
    int flag = 0, length = 0;
    MPI_Info_get(info, "cb_nodes", MPI_MAX_INFO_VAL, value, &flag);
    values.push_back(flag ? value : "<unset>");
    MPI_Info_get(info, "striping_unit", 3, value, &flag);  // room for 3 characters
    values.push_back(flag ? value : "<unset>");
    MPI_Info_get_valuelen(info, "striping_unit", &length, &flag);
    numbers.push_back(length);
    MPI_Info_get(info, "absent", MPI_MAX_INFO_VAL, value, &flag);
    numbers.push_back(flag);
    MPI_Info copy;
    MPI_Info_dup(info, &copy);
    MPI_Info_delete(info, "cb_nodes");
    MPI_Info_get_nkeys(info, &nkeys);
    numbers.push_back(nkeys);
    MPI_Info_get(copy, "cb_nodes", MPI_MAX_INFO_VAL, value, &flag);  // the copy is independent
    values.push_back(flag ? value : "<unset>");
    MPI_Info_free(&info);
    MPI_Info_free(&copy);
    numbers.push_back(info == MPI_INFO_NULL && copy == MPI_INFO_NULL ? 1 : 0);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(keys, (std::vector<std::string>{"cb_nodes", "striping_unit"}));
  EXPECT_EQ(values, (std::vector<std::string>{"8", "104", "8"}));
  EXPECT_EQ(numbers, (std::vector<int>{2, 7, 0, 1, 1}));
}

TEST(Info, ErrorsHaveTheStandardClasses) {
  std::vector<int> codes;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Info info;
    MPI_Info_create(&info);
    const std::string long_key(MPI_MAX_INFO_KEY + 1, 'k');
    const std::string long_value(MPI_MAX_INFO_VAL + 1, 'v');
    const std::string longest_key(MPI_MAX_INFO_KEY, 'k');
    codes.push_back(MPI_Info_set(info, long_key.c_str(), "1"));
    codes.push_back(MPI_Info_set(info, "", "1"));
    codes.push_back(MPI_Info_set(info, "key", long_value.c_str()));
    codes.push_back(MPI_Info_set(info, longest_key.c_str(), "fits"));
    codes.push_back(MPI_Info_delete(info, "never set"));
    char key[MPI_MAX_INFO_KEY + 1];
    codes.push_back(MPI_Info_get_nthkey(info, 1, key));
    int n = 0;
    codes.push_back(MPI_Info_get_nkeys(MPI_INFO_NULL, &n));
    codes.push_back(MPI_Info_set(12345, "a", "b"));
    char value[8];
    int flag = 0;
    codes.push_back(MPI_Info_get(info, "a", -1, value, &flag));
    MPI_Info freed = info;
    MPI_Info_free(&info);
    codes.push_back(MPI_Info_free(&freed));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes,
            (std::vector<int>{MPI_ERR_INFO_KEY, MPI_ERR_INFO_KEY, MPI_ERR_INFO_VALUE, MPI_SUCCESS, MPI_ERR_INFO_NOKEY,
                              MPI_ERR_ARG, MPI_ERR_INFO, MPI_ERR_INFO, MPI_ERR_ARG, MPI_ERR_INFO}));
}

// MPI_INFO_ENV describes the run (read only); MPI_Info_create_env copies it with the program's own
// arguments; the MPI_Info calls work before MPI_Init and after MPI_Finalize (MPI-4.0).
TEST(InfoEnvironment, DescribesTheRunAndInfoCallsWorkOutsideInitAndFinalize) {
  xo::mpi::SimulationOptions options;
  options.ranks = 3;
  options.machine = "loggp";
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  std::string command, arguments, maxprocs, created_argv;
  int set_class = -1, before_init = -1, after_finalize = -1;
  auto result = xo::mpi::run_simulation(options,
                                        [&](int argc, char** argv) {
                                          MPI_Info early;
                                          before_init = MPI_Info_create(&early);
                                          MPI_Info_set(early, "k", "v");
                                          MPI_Init(&argc, &argv);
                                          int rank = 0;
                                          MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                                          if (rank == 1) {
                                            char value[MPI_MAX_INFO_VAL];
                                            int flag = 0;
                                            MPI_Info_get(MPI_INFO_ENV, "command", MPI_MAX_INFO_VAL, value, &flag);
                                            if (flag) command = value;
                                            MPI_Info_get(MPI_INFO_ENV, "argv", MPI_MAX_INFO_VAL, value, &flag);
                                            if (flag) arguments = value;
                                            MPI_Info_get(MPI_INFO_ENV, "maxprocs", MPI_MAX_INFO_VAL, value, &flag);
                                            if (flag) maxprocs = value;
                                            MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
                                            MPI_Error_class(MPI_Info_set(MPI_INFO_ENV, "argv", "x"), &set_class);
                                            char program[] = "other", one[] = "1", two[] = "2";
                                            char* mine[] = {program, one, two};
                                            MPI_Info created;
                                            MPI_Info_create_env(3, mine, &created);
                                            MPI_Info_get(created, "argv", MPI_MAX_INFO_VAL, value, &flag);
                                            if (flag) created_argv = value;
                                            MPI_Info_free(&created);
                                          }
                                          MPI_Finalize();
                                          after_finalize = MPI_Info_free(&early);
                                          return 0;
                                        },
                                        {"./app", "-n", "5"});
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(before_init, MPI_SUCCESS);
  EXPECT_EQ(after_finalize, MPI_SUCCESS);
  EXPECT_EQ(command, "./app");
  EXPECT_EQ(arguments, "-n 5");
  EXPECT_EQ(maxprocs, "3");
  EXPECT_EQ(set_class, MPI_ERR_INFO);
  EXPECT_EQ(created_argv, "1 2");
}
