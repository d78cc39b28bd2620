// Generalized requests: Test sees them pending until MPI_Grequest_complete, Wait retires them
// through the query callback (which fills the status with the setters) and then the free
// callback; MPI_Cancel reaches the cancel callback; waiting for one nobody completes is a
// deadlock naming it.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

std::vector<std::string> g_calls;

int query(void* extra, MPI_Status* status) {
  g_calls.push_back("query " + std::to_string(*static_cast<int*>(extra)));
  status->MPI_SOURCE = 3;
  status->MPI_TAG = 9;
  MPI_Status_set_elements(status, MPI_INT, 5);
  MPI_Status_set_cancelled(status, 0);
  return MPI_SUCCESS;
}

int free_state(void* extra) {
  g_calls.push_back("free " + std::to_string(*static_cast<int*>(extra)));
  return MPI_SUCCESS;
}

int cancel(void* extra, int complete) {
  g_calls.push_back("cancel " + std::to_string(*static_cast<int*>(extra)) + " " + std::to_string(complete));
  return MPI_SUCCESS;
}

}  // namespace

TEST(GeneralizedRequests, CompletedByTheProgramAndRetiredThroughTheCallbacks) {
  g_calls.clear();
  int first_test = -1, count = -1, source = -1, tag = -1, cancelled = -1;
  auto result = simulate(1, [&](int, int) {
    static int state = 7;
    MPI_Request request;
    MPI_Grequest_start(query, free_state, cancel, &state, &request);
    MPI_Test(&request, &first_test, MPI_STATUS_IGNORE);
    MPI_Cancel(&request);
    MPI_Grequest_complete(request);
    MPI_Status status;
    MPI_Wait(&request, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    MPI_Test_cancelled(&status, &cancelled);
    source = status.MPI_SOURCE;
    tag = status.MPI_TAG;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(first_test, 0);
  EXPECT_EQ(g_calls, (std::vector<std::string>{"cancel 7 0", "query 7", "free 7"}));
  EXPECT_EQ(count, 5);
  EXPECT_EQ(cancelled, 0);
  EXPECT_EQ(source, 3);
  EXPECT_EQ(tag, 9);
}

TEST(GeneralizedRequests, WaitingForOneNobodyCompletesIsADeadlockNamingIt) {
  auto result = simulate(1, [&](int, int) {
    MPI_Request request;
    MPI_Grequest_start(nullptr, nullptr, nullptr, nullptr, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("MPI_Grequest_complete"), std::string::npos) << result.error;
}
