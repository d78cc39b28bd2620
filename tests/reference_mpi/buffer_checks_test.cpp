// Regression tests for two correctness details: a NULL buffer with data to move is MPI_ERR_BUFFER
// in point-to-point and collective calls (not a crash), while MPI_BOTTOM with absolute-address
// datatypes still works; and MPI_Get_elements gives MPI_UNDEFINED for a partial basic element.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

TEST(BufferChecks, NullBuffersAreErrBufferInPointToPointAndCollectives) {
  std::vector<std::vector<int>> by_rank(2);
  auto result = simulate(2, [&](int rank, int) {
    std::vector<int>& codes = by_rank[static_cast<std::size_t>(rank)];
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int v = 1;
    if (rank == 0) {
      codes.push_back(MPI_Send(nullptr, 1, MPI_INT, 1, 0, MPI_COMM_WORLD));
      MPI_Request request;
      codes.push_back(MPI_Isend(nullptr, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &request));
      codes.push_back(MPI_Recv(nullptr, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
      codes.push_back(MPI_Send(nullptr, 0, MPI_INT, 1, 5, MPI_COMM_WORLD));              // nothing to move: fine
      codes.push_back(MPI_Send(nullptr, 3, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD));  // no peer: fine
    } else {
      MPI_Recv(nullptr, 0, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    // Collectives: every rank passes the same bad buffer, so all return the error alike.
    codes.push_back(MPI_Bcast(nullptr, 2, MPI_INT, 0, MPI_COMM_WORLD));
    codes.push_back(MPI_Allreduce(nullptr, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    codes.push_back(MPI_Allreduce(&v, nullptr, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    int gathered[2];
    codes.push_back(MPI_Allgather(nullptr, 1, MPI_INT, gathered, 1, MPI_INT, MPI_COMM_WORLD));
    codes.push_back(MPI_Barrier(MPI_COMM_WORLD));  // the communicator still works
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  const int B = MPI_ERR_BUFFER;
  EXPECT_EQ(by_rank[0], (std::vector<int>{B, B, B, MPI_SUCCESS, MPI_SUCCESS, B, B, B, B, MPI_SUCCESS}));
  EXPECT_EQ(by_rank[1], (std::vector<int>{B, B, B, B, MPI_SUCCESS}));
}

TEST(BufferChecks, FatalNullBufferMessageNamesTheBuffer) {
  auto result = simulate(2, [&](int rank, int) {
    if (rank == 1) MPI_Send(nullptr, 8, MPI_INT, 0, 0, MPI_COMM_WORLD);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("rank 1: MPI_Send: the send buffer is a null pointer but the call moves 8 elements"),
            std::string::npos)
      << result.error;
  EXPECT_NE(result.error.find("[MPI_ERR_BUFFER]"), std::string::npos) << result.error;
}

TEST(BufferChecks, MpiBottomWithAbsoluteAddressesStillWorks) {
  std::vector<int> got(2, -1);
  auto result = simulate(2, [&](int rank, int) {
    struct {
      int a;
      double pad;
      int b;
    } record{rank == 0 ? 5 : 0, 0.0, rank == 0 ? 7 : 0};
    MPI_Aint addresses[2];
    MPI_Get_address(&record.a, &addresses[0]);
    MPI_Get_address(&record.b, &addresses[1]);
    const int lengths[2] = {1, 1};
    const MPI_Datatype types[2] = {MPI_INT, MPI_INT};
    MPI_Datatype absolute;
    MPI_Type_create_struct(2, lengths, addresses, types, &absolute);
    MPI_Type_commit(&absolute);
    if (rank == 0) {
      MPI_Send(MPI_BOTTOM, 1, absolute, 1, 0, MPI_COMM_WORLD);
    } else {
      MPI_Recv(MPI_BOTTOM, 1, absolute, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      got = {record.a, record.b};
    }
    MPI_Bcast(MPI_BOTTOM, 1, absolute, 0, MPI_COMM_WORLD);
    MPI_Type_free(&absolute);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<int>{5, 7}));
}

TEST(GetElements, PartialBasicElementGivesUndefined) {
  std::vector<int> counts;
  auto result = simulate(2, [&](int rank, int) {
    // A pair {int, double} received as bytes: 4 + 8 bytes per instance.
    const int lengths[2] = {1, 1};
    const MPI_Aint displacements[2] = {0, 8};
    const MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};
    MPI_Datatype pair;
    MPI_Type_create_struct(2, lengths, displacements, types, &pair);
    MPI_Type_commit(&pair);
    if (rank == 0) {
      std::vector<char> bytes(64, 1);
      for (int n : {12 + 4, 12 + 6, 12, 2}) MPI_Send(bytes.data(), n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else {
      std::vector<char> space(64);
      for (int i = 0; i < 4; ++i) {
        MPI_Status status;
        MPI_Recv(space.data(), 64, MPI_BYTE, 0, 0, MPI_COMM_WORLD, &status);
        int elements = 0;
        MPI_Get_elements(&status, pair, &elements);
        counts.push_back(elements);
      }
    }
    MPI_Type_free(&pair);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  // 16 bytes: a whole pair and the next int (3 elements); 18 bytes end inside a double; 12: 2
  // elements; 2 bytes end inside the first int.
  EXPECT_EQ(counts, (std::vector<int>{3, MPI_UNDEFINED, 2, MPI_UNDEFINED}));
}
