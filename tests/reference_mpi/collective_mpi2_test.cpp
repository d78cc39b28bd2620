// MPI_Exscan and MPI_Reduce_scatter_block on every machine's scan and reduce-scatter algorithms,
// against results computed here; a non-commutative operation checks the order of operands.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "intercomm_testing.hpp"
#include "simulate.hpp"

using xo::test::simulate;

namespace {

// 2x2 integer matrix product, row-major, as a non-commutative operation on 4-int elements.
void matrix_product(void* in, void* inout, int* len, MPI_Datatype*) {
  auto* a = static_cast<int*>(in);
  auto* b = static_cast<int*>(inout);
  for (int e = 0; e < *len; e += 4) {
    const int r[4] = {a[e] * b[e] + a[e + 1] * b[e + 2], a[e] * b[e + 1] + a[e + 1] * b[e + 3],
                      a[e + 2] * b[e] + a[e + 3] * b[e + 2], a[e + 2] * b[e + 1] + a[e + 3] * b[e + 3]};
    for (int k = 0; k < 4; ++k) b[e + k] = r[k];
  }
}

std::vector<int> matrix_of(int rank) { return {1, rank + 1, 0, 1}; }  // unit upper triangular: sums in [0][1]

}  // namespace

class ScanFamily : public ::testing::TestWithParam<std::string> {};

TEST_P(ScanFamily, ExscanSumsTheRanksBelowAndLeavesRankZeroUntouched) {
  const int n = 7;
  std::vector<std::vector<long>> got(n);
  auto result = simulate(n, GetParam(), [&](int rank, int) {
    const std::vector<long> mine{rank + 1L, 10L * rank};
    std::vector<long> out{-99, -99};
    MPI_Exscan(mine.data(), out.data(), 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    got[static_cast<std::size_t>(rank)] = out;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got[0], (std::vector<long>{-99, -99}));
  for (int r = 1; r < n; ++r) {
    long first = 0, second = 0;
    for (int q = 0; q < r; ++q) {
      first += q + 1;
      second += 10L * q;
    }
    EXPECT_EQ(got[static_cast<std::size_t>(r)], (std::vector<long>{first, second})) << "rank " << r;
  }
}

TEST_P(ScanFamily, ExscanKeepsTheOrderOfANonCommutativeOperationAndWorksInPlace) {
  const int n = 6;
  std::vector<std::vector<int>> got(n);
  auto result = simulate(n, GetParam(), [&](int rank, int) {
    MPI_Op op;
    MPI_Op_create(matrix_product, 0, &op);
    std::vector<int> data = matrix_of(rank);
    MPI_Exscan(MPI_IN_PLACE, data.data(), 4, MPI_INT, op, MPI_COMM_WORLD);
    got[static_cast<std::size_t>(rank)] = data;
    MPI_Op_free(&op);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got[0], matrix_of(0));  // in place at rank 0: the input stays
  for (int r = 1; r < n; ++r) {
    std::vector<int> expected{1, 0, 0, 1};
    for (int q = 0; q < r; ++q) {  // M_0 * M_1 * ... * M_{r-1}: sum of (q + 1) in the corner
      expected[1] += q + 1;
    }
    EXPECT_EQ(got[static_cast<std::size_t>(r)], expected) << "rank " << r;
  }
}

TEST_P(ScanFamily, ReduceScatterBlockGivesEachRankItsBlockOfTheSum) {
  const int n = 5, block = 3;
  std::vector<std::vector<int>> got(n);
  auto result = simulate(n, GetParam(), [&](int rank, int) {
    std::vector<int> send(static_cast<std::size_t>(n * block));
    for (int i = 0; i < n * block; ++i) send[static_cast<std::size_t>(i)] = (rank + 1) * (i + 1);
    std::vector<int> out(block, -1);
    MPI_Reduce_scatter_block(send.data(), out.data(), block, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    got[static_cast<std::size_t>(rank)] = out;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  const int rank_sum = n * (n + 1) / 2;
  for (int r = 0; r < n; ++r) {
    std::vector<int> expected;
    for (int k = 0; k < block; ++k) expected.push_back(rank_sum * (r * block + k + 1));
    EXPECT_EQ(got[static_cast<std::size_t>(r)], expected) << "rank " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(Machines, ScanFamily, ::testing::Values("loggp", "ap1000", "x1", "xe6", "t3e"));

TEST(ScanFamilyKnobs, ExscanOnEveryScanAlgorithm) {
  for (const std::string algorithm : {"linear", "recursive_doubling", "gps_chain"}) {
    const int n = 5;
    std::vector<int> got(n, -1);
    xo::mpi::SimulationOptions options;
    options.ranks = n;
    options.machine = algorithm == "gps_chain" ? "x1" : "loggp";
    options.env_lookup = [&](const char* name) -> const char* {
      return std::string(name) == "XO_COLL_SCAN" ? algorithm.c_str() : nullptr;
    };
    auto result = xo::test::run_ranks(options, [&](int rank) {
      int out = -1;
      const int mine = 1 << rank;
      MPI_Exscan(&mine, &out, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
      got[static_cast<std::size_t>(rank)] = out;
    });
    ASSERT_EQ(result.exit_code, 0) << algorithm << ": " << result.error;
    EXPECT_EQ(got[0], -1) << algorithm;
    for (int r = 1; r < n; ++r) EXPECT_EQ(got[static_cast<std::size_t>(r)], (1 << r) - 1) << algorithm;
  }
}

// On an intercommunicator each group's vector (recvcount per local rank) is reduced and scattered
// over the other group; MPI_Exscan is not defined there.
TEST(ScanFamilyIntercomm, ReduceScatterBlockGivesEachGroupItsPartOfTheOtherGroupsSum) {
  const int n = 5;  // groups of 2 and 3
  std::vector<std::vector<int>> got(n);
  std::vector<int> exscan_class(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    const xo::test::Intercomm ic({[](int r) { return r < 2 ? 0 : 1; }}, rank);
    const MPI_Comm inter = ic.inter;
    int size = 0, remote = 0;
    MPI_Comm_size(inter, &size);
    MPI_Comm_remote_size(inter, &remote);
    const int recvcount = remote;  // equal totals: size * remote on both sides
    std::vector<int> send(static_cast<std::size_t>(size * recvcount));
    for (std::size_t i = 0; i < send.size(); ++i) send[i] = 100 * rank + static_cast<int>(i);
    std::vector<int> recv(static_cast<std::size_t>(recvcount), -1);
    MPI_Reduce_scatter_block(send.data(), recv.data(), recvcount, MPI_INT, MPI_SUM, inter);
    got[static_cast<std::size_t>(rank)] = recv;
    MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
    int value = 0, out = 0;
    MPI_Error_class(MPI_Exscan(&value, &out, 1, MPI_INT, MPI_SUM, inter),
                    &exscan_class[static_cast<std::size_t>(rank)]);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    const bool left = r < 2;
    const int first_remote = left ? 2 : 0, remote = left ? 3 : 2, my_index = left ? r : r - 2;
    const int recvcount = remote;
    std::vector<int> expected;
    for (int i = 0; i < recvcount; ++i) {
      int sum = 0;
      for (int q = first_remote; q < first_remote + remote; ++q) sum += 100 * q + my_index * recvcount + i;
      expected.push_back(sum);
    }
    EXPECT_EQ(got[static_cast<std::size_t>(r)], expected) << "rank " << r;
    EXPECT_EQ(exscan_class[static_cast<std::size_t>(r)], MPI_ERR_COMM) << "rank " << r;
  }
}
