// User error handlers, MPI_Comm_call_errhandler, and the error classes, codes and strings a
// program adds; MPI_Error_string and MPI_Error_class on them and on invalid codes.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

struct HandlerCall {
  MPI_Comm comm;
  int code;
};
std::vector<HandlerCall> g_calls;

void recording_handler(MPI_Comm* comm, int* code, ...) { g_calls.push_back({*comm, *code}); }

std::string error_string(int code, int* result) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  *result = MPI_Error_string(code, text, &length);
  return *result == MPI_SUCCESS ? std::string(text, static_cast<std::size_t>(length)) : std::string("<refused>");
}

}  // namespace

TEST(ErrorHandlers, UserHandlerIsCalledWithTheCommAndTheErrorClass) {
  g_calls.clear();
  std::vector<int> returned;
  MPI_Comm dup_handle = MPI_COMM_NULL;
  auto result = simulate(2, [&](int rank, int) {
    MPI_Errhandler handler;
    MPI_Comm_create_errhandler(recording_handler, &handler);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    if (rank == 0) {
      dup_handle = dup;
      MPI_Comm_set_errhandler(dup, handler);
      MPI_Errhandler_free(&handler);  // the communicator keeps it
      int v = 0;
      returned.push_back(MPI_Send(&v, 1, MPI_INT, 5, 0, dup));
      returned.push_back(MPI_Send(&v, 1, MPI_INT, 1, -3, dup));
      MPI_Errhandler got = MPI_ERRHANDLER_NULL;
      MPI_Comm_get_errhandler(dup, &got);
      returned.push_back(got != MPI_ERRORS_ARE_FATAL && got != MPI_ERRORS_RETURN ? 1 : 0);
      returned.push_back(MPI_Comm_call_errhandler(dup, MPI_ERR_OTHER));
    }
    MPI_Comm_free(&dup);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(returned, (std::vector<int>{MPI_ERR_RANK, MPI_ERR_TAG, 1, MPI_SUCCESS}));
  ASSERT_EQ(g_calls.size(), 3u);
  EXPECT_EQ(g_calls[0].comm, dup_handle);
  EXPECT_EQ(g_calls[0].code, MPI_ERR_RANK);
  EXPECT_EQ(g_calls[1].code, MPI_ERR_TAG);
  EXPECT_EQ(g_calls[2].code, MPI_ERR_OTHER);
}

TEST(ErrorHandlers, Mpi1CreateAndBadHandlers) {
  g_calls.clear();
  std::vector<int> codes;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Errhandler handler;
    MPI_Errhandler_create(recording_handler, &handler);
    MPI_Errhandler_set(MPI_COMM_SELF, handler);
    codes.push_back(MPI_Comm_call_errhandler(MPI_COMM_SELF, MPI_ERR_COUNT));
    MPI_Errhandler freed = handler;
    MPI_Errhandler_free(&freed);
    codes.push_back(freed == MPI_ERRHANDLER_NULL ? 1 : 0);
    codes.push_back(MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler));  // freed: no longer attachable
    codes.push_back(MPI_Comm_set_errhandler(MPI_COMM_WORLD, 777));
    codes.push_back(MPI_Comm_call_errhandler(MPI_COMM_WORLD, 5000));  // not an error code
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>{MPI_SUCCESS, 1, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG}));
  ASSERT_EQ(g_calls.size(), 1u);
  EXPECT_EQ(g_calls[0].comm, MPI_COMM_SELF);
  EXPECT_EQ(g_calls[0].code, MPI_ERR_COUNT);
}

TEST(ErrorHandlers, FatalCallErrhandlerNamesTheCode) {
  auto result = simulate(2, [&](int rank, int) {
    if (rank == 1) MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_TRUNCATE);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("rank 1: the program raised error code 15 (MPI_ERR_TRUNCATE"), std::string::npos)
      << result.error;
}

TEST(ErrorClasses, AddedClassesCodesAndStrings) {
  int new_class = 0, code_a = 0, code_b = 0, code_rank = 0;
  std::vector<int> classes;
  std::vector<std::string> strings;
  std::vector<int> codes;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Add_error_class(&new_class);
    MPI_Add_error_code(new_class, &code_a);
    MPI_Add_error_code(new_class, &code_b);
    MPI_Add_error_code(MPI_ERR_RANK, &code_rank);
    MPI_Add_error_string(new_class, "my library failed");
    MPI_Add_error_string(code_a, "my library failed: no disk");
    for (int c : {new_class, code_a, code_b, code_rank, MPI_ERR_RANK}) {
      int cls = -1;
      MPI_Error_class(c, &cls);
      classes.push_back(cls);
    }
    int r = 0;
    strings.push_back(error_string(new_class, &r));
    strings.push_back(error_string(code_a, &r));
    strings.push_back(error_string(code_b, &r));  // no string set: empty
    strings.push_back(error_string(MPI_ERR_RANK, &r));
    strings.push_back(error_string(MPI_ERR_INFO_NOKEY, &r));
    strings.push_back(error_string(code_rank + 1, &r));
    codes.push_back(r);
    strings.push_back(error_string(-4, &r));
    codes.push_back(r);
    int cls = 0;
    codes.push_back(MPI_Error_class(code_rank + 1, &cls));
    codes.push_back(MPI_Add_error_code(code_a, &cls));  // a code, not a class
    codes.push_back(MPI_Add_error_string(MPI_ERR_RANK, "mine now"));
    codes.push_back(MPI_Add_error_string(code_b + 7, "nobody's"));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(new_class, MPI_ERR_LASTCODE + 1);
  EXPECT_EQ(code_a, MPI_ERR_LASTCODE + 2);
  EXPECT_EQ(classes, (std::vector<int>{new_class, new_class, new_class, MPI_ERR_RANK, MPI_ERR_RANK}));
  EXPECT_EQ(strings, (std::vector<std::string>{
                         "my library failed", "my library failed: no disk", "", "MPI_ERR_RANK: invalid rank",
                         "MPI_ERR_INFO_NOKEY: info key not defined in the info object", "<refused>", "<refused>"}));
  EXPECT_EQ(codes, (std::vector<int>(6, MPI_ERR_ARG)));
}

TEST(ErrorClasses, EveryPredefinedClassHasANameAndDescription) {
  std::vector<std::string> strings;
  auto result = simulate(1, [&](int, int) {
    for (int c = MPI_SUCCESS; c <= MPI_ERR_LASTCODE; ++c) {
      int r = 0;
      strings.push_back(error_string(c, &r));
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  ASSERT_EQ(strings.size(), static_cast<std::size_t>(MPI_ERR_LASTCODE + 1));
  for (std::size_t c = 1; c < strings.size(); ++c) {
    EXPECT_EQ(strings[c].rfind("MPI_ERR_", 0), 0u) << c << ": " << strings[c];
    EXPECT_EQ(strings[c].find("MPI_ERR_UNKNOWN"), c == MPI_ERR_UNKNOWN ? 0u : std::string::npos) << strings[c];
  }
}
