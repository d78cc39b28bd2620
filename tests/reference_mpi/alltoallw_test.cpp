// MPI_Alltoallw: every block arrives where its own datatype and byte displacement put it, on
// machines whose MPI_Alltoallv algorithms differ; MPI_IN_PLACE; a rank calling MPI_Alltoallv where
// the others call MPI_Alltoallw is stopped.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "intercomm_testing.hpp"
#include "simulate.hpp"

using xo::test::simulate;

namespace {

constexpr int kRanks = 4;

// The value rank `from` sends as element k of its block for rank `to`.
int value(int from, int to, int k) { return 100 * from + 10 * to + k; }

// Rank r sends r's block for peer j as j + 1 ints at byte 64 j + 4 of its send buffer; it receives
// peer i's block at byte 100 i, contiguous from even peers and every other int (one vector type)
// from odd ones. Returns each rank's receive buffer.
std::vector<std::vector<int>> exchange(const std::string& machine) {
  std::vector<std::vector<int>> received(kRanks);
  auto result = simulate(kRanks, machine, [&](int rank, int size) {
    std::vector<char> send(64 * static_cast<std::size_t>(size) + 64);
    std::vector<int> sendcounts(size), sdispls(size), recvcounts(size), rdispls(size);
    std::vector<MPI_Datatype> sendtypes(size, MPI_INT), recvtypes(size);
    MPI_Datatype every_other;
    MPI_Type_vector(rank + 1, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    for (int j = 0; j < size; ++j) {
      sendcounts[j] = j + 1;
      sdispls[j] = 64 * j + 4;
      for (int k = 0; k <= j; ++k) {
        const int v = value(rank, j, k);
        std::memcpy(&send[static_cast<std::size_t>(sdispls[j]) + 4 * static_cast<std::size_t>(k)], &v, sizeof v);
      }
      const bool odd = j % 2 == 1;
      recvtypes[j] = odd ? every_other : MPI_INT;
      recvcounts[j] = odd ? 1 : rank + 1;
      rdispls[j] = 100 * j;
    }
    std::vector<int> recv(25 * static_cast<std::size_t>(size), -1);
    MPI_Alltoallw(send.data(), sendcounts.data(), sdispls.data(), sendtypes.data(), recv.data(), recvcounts.data(),
                  rdispls.data(), recvtypes.data(), MPI_COMM_WORLD);
    received[static_cast<std::size_t>(rank)] = recv;
    MPI_Type_free(&every_other);
  });
  EXPECT_EQ(result.exit_code, 0) << result.error;
  return received;
}

std::vector<int> expected_at(int rank) {
  std::vector<int> out(25 * kRanks, -1);
  for (int i = 0; i < kRanks; ++i) {
    for (int k = 0; k <= rank; ++k) {
      const int at = 25 * i + (i % 2 == 1 ? 2 * k : k);
      out[static_cast<std::size_t>(at)] = value(i, rank, k);
    }
  }
  return out;
}

}  // namespace

TEST(Alltoallw, BlocksLandByTheirOwnTypesAndByteDisplacements) {
  // loggp and xt3: point-to-point exchanges; ap1000: the B-net selective broadcast; x1: the
  // gps-structure scan.
  for (const std::string machine : {"loggp", "xt3", "ap1000", "x1"}) {
    const auto received = exchange(machine);
    for (int rank = 0; rank < kRanks; ++rank) {
      EXPECT_EQ(received[static_cast<std::size_t>(rank)], expected_at(rank)) << machine << ", rank " << rank;
    }
  }
}

TEST(Alltoallw, InPlaceSendsEachBlockFromWhereItsReplyLands) {
  std::vector<std::vector<double>> received(kRanks);
  auto result = simulate(kRanks, [&](int rank, int size) {
    // Block j: two doubles at byte 32 j, as a (double, double) struct type for odd j.
    MPI_Datatype pair;
    const int lengths[] = {1, 1};
    const MPI_Aint displacements[] = {0, 8};
    const MPI_Datatype types[] = {MPI_DOUBLE, MPI_DOUBLE};
    MPI_Type_create_struct(2, lengths, displacements, types, &pair);
    MPI_Type_commit(&pair);
    std::vector<double> buffer(4 * static_cast<std::size_t>(size), -1);
    std::vector<int> counts(size), displs(size);
    std::vector<MPI_Datatype> recvtypes(size);
    for (int j = 0; j < size; ++j) {
      buffer[4 * static_cast<std::size_t>(j)] = 10 * rank + j;
      buffer[4 * static_cast<std::size_t>(j) + 1] = -(10 * rank + j);
      counts[j] = j % 2 == 1 ? 1 : 2;
      recvtypes[j] = j % 2 == 1 ? pair : MPI_DOUBLE;
      displs[j] = 32 * j;
    }
    MPI_Alltoallw(MPI_IN_PLACE, nullptr, nullptr, nullptr, buffer.data(), counts.data(), displs.data(),
                  recvtypes.data(), MPI_COMM_WORLD);
    received[static_cast<std::size_t>(rank)] = buffer;
    MPI_Type_free(&pair);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int rank = 0; rank < kRanks; ++rank) {
    for (int i = 0; i < kRanks; ++i) {
      const auto at = 4 * static_cast<std::size_t>(i);
      EXPECT_EQ(received[static_cast<std::size_t>(rank)][at], 10 * i + rank);
      EXPECT_EQ(received[static_cast<std::size_t>(rank)][at + 1], -(10 * i + rank));
      EXPECT_EQ(received[static_cast<std::size_t>(rank)][at + 2], -1);
    }
  }
}

TEST(Alltoallw, MixingItWithAlltoallvIsStopped) {
  auto result = simulate(2, [&](int rank, int) {
    int send[2] = {1, 2}, recv[2];
    const int counts[] = {1, 1}, displs[] = {0, 1}, bytes[] = {0, 4};
    const MPI_Datatype types[] = {MPI_INT, MPI_INT};
    if (rank == 0) {
      MPI_Alltoallw(send, counts, bytes, types, recv, counts, bytes, types, MPI_COMM_WORLD);
    } else {
      MPI_Alltoallv(send, counts, displs, MPI_INT, recv, counts, displs, MPI_INT, MPI_COMM_WORLD);
    }
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("MPI_Alltoallw"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("MPI_Alltoallv"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("every rank must call the same collectives"), std::string::npos) << result.error;
}

// On an intercommunicator each rank sends one block to, and receives one from, every rank of the
// other group (the arrays have the remote group's size).
TEST(AlltoallwIntercomm, EachRankExchangesABlockWithEveryRankOfTheOtherGroup) {
  const int n = 7;  // groups of 3 and 4: the arrays must follow the remote size
  std::vector<std::vector<int>> got(n);
  auto result = xo::test::simulate(n, [&](int rank, int) {
    const xo::test::Intercomm ic({[](int r) { return r < 3 ? 0 : 1; }}, rank);
    const MPI_Comm inter = ic.inter;
    int remote = 0, me = 0;
    MPI_Comm_remote_size(inter, &remote);
    MPI_Comm_rank(inter, &me);
    std::vector<int> out(static_cast<std::size_t>(remote)), in(static_cast<std::size_t>(remote), -1);
    std::vector<int> counts(static_cast<std::size_t>(remote), 1), displs(static_cast<std::size_t>(remote));
    std::vector<MPI_Datatype> types(static_cast<std::size_t>(remote), MPI_INT);
    for (int i = 0; i < remote; ++i) {
      out[static_cast<std::size_t>(i)] = 100 * rank + i;
      displs[static_cast<std::size_t>(i)] = i * static_cast<int>(sizeof(int));
    }
    MPI_Alltoallw(out.data(), counts.data(), displs.data(), types.data(), in.data(), counts.data(), displs.data(),
                  types.data(), inter);
    got[static_cast<std::size_t>(rank)] = in;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    const int first_remote = r < 3 ? 3 : 0, remote = r < 3 ? 4 : 3, my_index = r < 3 ? r : r - 3;
    std::vector<int> expected;
    for (int i = 0; i < remote; ++i) expected.push_back(100 * (first_remote + i) + my_index);
    EXPECT_EQ(got[static_cast<std::size_t>(r)], expected) << "rank " << r;
  }
}
