// Derived datatypes in communication: a strided column sent with a vector type arrives packed in
// a contiguous buffer and vice versa, eager and rendezvous alike; Pack/Unpack round-trip.

#include <gtest/gtest.h>

#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

class DatatypeTransfer : public ::testing::TestWithParam<int> {};

TEST_P(DatatypeTransfer, VectorColumnToContiguousAndBack) {
  const int rows = GetParam();
  const int cols = 5;
  std::vector<double> received(static_cast<std::size_t>(rows), -1);
  std::vector<double> column_back(static_cast<std::size_t>(rows * cols), -1);
  auto result = simulate(2, [&](int rank, int) {
    MPI_Datatype column;
    MPI_Type_vector(rows, 1, cols, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    if (rank == 0) {
      std::vector<double> matrix(static_cast<std::size_t>(rows * cols));
      for (int i = 0; i < rows * cols; ++i) matrix[static_cast<std::size_t>(i)] = i;
      MPI_Send(&matrix[2], 1, column, 1, 0, MPI_COMM_WORLD);  // column 2
      std::vector<double> values(static_cast<std::size_t>(rows));
      for (int i = 0; i < rows; ++i) values[static_cast<std::size_t>(i)] = 1000 + i;
      MPI_Send(values.data(), rows, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
    } else {
      MPI_Recv(received.data(), rows, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Status status;
      MPI_Recv(&column_back[4], 1, column, 0, 1, MPI_COMM_WORLD, &status);
      int elements = 0;
      MPI_Get_elements(&status, column, &elements);
      EXPECT_EQ(elements, rows);
    }
    MPI_Type_free(&column);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int i = 0; i < rows; ++i) {
    EXPECT_EQ(received[static_cast<std::size_t>(i)], i * cols + 2);
    EXPECT_EQ(column_back[static_cast<std::size_t>(i * cols + 4)], 1000 + i);
    EXPECT_EQ(column_back[static_cast<std::size_t>(i * cols + 3)], -1);
  }
}

// 10 rows travel eagerly, 4000 rows (32 KB) by rendezvous on the default machine.
INSTANTIATE_TEST_SUITE_P(EagerAndRendezvous, DatatypeTransfer, ::testing::Values(10, 4000));

TEST(DatatypeTransfer, PackUnpackRoundTripThroughAMessage) {
  struct Out {
    int a = 0;
    double b = 0;
    char c[3] = {};
  } out;
  auto result = simulate(2, [&](int rank, int) {
    char buffer[256];
    int position = 0;
    if (rank == 0) {
      int a = 42;
      double b = 3.25;
      char c[3] = {'x', 'y', 'z'};
      MPI_Pack(&a, 1, MPI_INT, buffer, 256, &position, MPI_COMM_WORLD);
      MPI_Pack(&b, 1, MPI_DOUBLE, buffer, 256, &position, MPI_COMM_WORLD);
      MPI_Pack(c, 3, MPI_CHAR, buffer, 256, &position, MPI_COMM_WORLD);
      MPI_Send(buffer, position, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
    } else {
      MPI_Status status;
      MPI_Recv(buffer, 256, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &status);
      MPI_Unpack(buffer, 256, &position, &out.a, 1, MPI_INT, MPI_COMM_WORLD);
      MPI_Unpack(buffer, 256, &position, &out.b, 1, MPI_DOUBLE, MPI_COMM_WORLD);
      MPI_Unpack(buffer, 256, &position, out.c, 3, MPI_CHAR, MPI_COMM_WORLD);
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(out.a, 42);
  EXPECT_EQ(out.b, 3.25);
  EXPECT_EQ(std::string(out.c, 3), "xyz");
}
