// Matched probes (MPI_Mprobe, MPI_Improbe, MPI_Mrecv, MPI_Imrecv) and MPI_Request_get_status.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(MatchedProbe, AMatchedMessageCannotBeTakenByAnotherReceive) {
  std::vector<int> got;
  int probed_tag = -1, probed_count = -1;
  auto result = simulate(2, [&](int rank, int) {
    if (rank == 0) {
      const int first[2] = {10, 11};
      const int second = 20;
      MPI_Send(first, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
      MPI_Send(&second, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
      return;
    }
    MPI_Message message;
    MPI_Status status;
    MPI_Mprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &message, &status);
    probed_tag = status.MPI_TAG;
    MPI_Get_count(&status, MPI_INT, &probed_count);
    // A wildcard receive now must take the second message: the first is matched already.
    int other = -1;
    MPI_Recv(&other, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::vector<int> buffer(static_cast<std::size_t>(probed_count));
    MPI_Mrecv(buffer.data(), probed_count, MPI_INT, &message, &status);
    got = buffer;
    got.push_back(other);
    got.push_back(message == MPI_MESSAGE_NULL ? 1 : 0);
    got.push_back(status.MPI_SOURCE);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(probed_tag, 1);
  EXPECT_EQ(probed_count, 2);
  EXPECT_EQ(got, (std::vector<int>{10, 11, 20, 1, 0}));
}

TEST(MatchedProbe, ImprobePollsAndImrecvCompletesThroughWait) {
  int polls_before = 0;
  std::vector<double> got;
  auto result = simulate(2, [&](int rank, int) {
    if (rank == 0) {
      MPI_Barrier(MPI_COMM_WORLD);
      std::vector<double> data(5000);  // large enough for a rendezvous on most machines
      for (std::size_t i = 0; i < data.size(); ++i) data[i] = 0.5 * static_cast<double>(i);
      MPI_Send(data.data(), 5000, MPI_DOUBLE, 1, 9, MPI_COMM_WORLD);
      return;
    }
    int flag = 0;
    MPI_Message message = MPI_MESSAGE_NULL;
    MPI_Status status;
    MPI_Improbe(0, 9, MPI_COMM_WORLD, &flag, &message, &status);
    polls_before = flag;  // nothing sent before the barrier
    MPI_Barrier(MPI_COMM_WORLD);
    while (!flag) MPI_Improbe(0, 9, MPI_COMM_WORLD, &flag, &message, &status);
    std::vector<double> buffer(5000);
    MPI_Request request;
    MPI_Imrecv(buffer.data(), 5000, MPI_DOUBLE, &message, &request);
    MPI_Wait(&request, &status);
    got = {buffer[0], buffer[1], buffer[4999], static_cast<double>(status.MPI_TAG)};
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(polls_before, 0);
  EXPECT_EQ(got, (std::vector<double>{0.0, 0.5, 2499.5, 9.0}));
}

TEST(MatchedProbe, ProcNullGivesNoProcAndErrors) {
  std::vector<int> got;
  auto result = simulate(2, [&](int rank, int) {
    if (rank != 0) return;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Message message = MPI_MESSAGE_NULL;
    MPI_Status status;
    MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &message, &status);
    got.push_back(message == MPI_MESSAGE_NO_PROC ? 1 : 0);
    got.push_back(status.MPI_SOURCE);
    int v = 7;
    MPI_Mrecv(&v, 1, MPI_INT, &message, &status);
    got.push_back(message == MPI_MESSAGE_NULL ? 1 : 0);
    got.push_back(status.MPI_SOURCE == MPI_PROC_NULL ? 1 : 0);
    got.push_back(v);                                             // untouched
    got.push_back(MPI_Mrecv(&v, 1, MPI_INT, &message, &status));  // MPI_MESSAGE_NULL
    MPI_Message bogus = 4321;
    got.push_back(MPI_Mrecv(&v, 1, MPI_INT, &bogus, &status));
    got.push_back(MPI_Mprobe(5, 0, MPI_COMM_WORLD, &message, &status));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{1, MPI_PROC_NULL, 1, 1, 7, MPI_ERR_REQUEST, MPI_ERR_REQUEST, MPI_ERR_RANK}));
}

TEST(MatchedProbe, ABadReceiveLeavesTheMessageReceivable) {
  int value = -1, code = -1;
  auto result = simulate(2, [&](int rank, int) {
    if (rank == 0) {
      const int v = 33;
      MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      return;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Message message;
    MPI_Mprobe(0, 0, MPI_COMM_WORLD, &message, MPI_STATUS_IGNORE);
    code = MPI_Mrecv(&value, 1, MPI_DATATYPE_NULL, &message, MPI_STATUS_IGNORE);
    MPI_Mrecv(&value, 1, MPI_INT, &message, MPI_STATUS_IGNORE);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(code, MPI_ERR_TYPE);
  EXPECT_EQ(value, 33);
}

TEST(RequestGetStatus, ReportsWithoutFreeingTheRequest) {
  std::vector<int> got;
  auto result = simulate(2, [&](int rank, int) {
    if (rank == 0) {
      MPI_Barrier(MPI_COMM_WORLD);
      const int v[3] = {1, 2, 3};
      MPI_Send(v, 3, MPI_INT, 1, 4, MPI_COMM_WORLD);
      return;
    }
    int buffer[3] = {0, 0, 0};
    MPI_Request request;
    MPI_Irecv(buffer, 3, MPI_INT, 0, 4, MPI_COMM_WORLD, &request);
    int flag = -1;
    MPI_Status status;
    MPI_Request_get_status(request, &flag, &status);
    got.push_back(flag);  // not yet sent
    MPI_Barrier(MPI_COMM_WORLD);
    while (!flag) MPI_Request_get_status(request, &flag, &status);
    int count = 0;
    MPI_Get_count(&status, MPI_INT, &count);
    got.push_back(count);
    got.push_back(status.MPI_TAG);
    got.push_back(request != MPI_REQUEST_NULL ? 1 : 0);  // still active
    MPI_Wait(&request, &status);                         // and Wait still retires it
    got.push_back(request == MPI_REQUEST_NULL ? 1 : 0);
    got.push_back(buffer[2]);
    MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &status);
    got.push_back(flag);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{0, 3, 4, 1, 1, 3, 1}));
}
