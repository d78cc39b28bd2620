// MPI-3 nonblocking collectives: every call against results computed here on every machine,
// several in flight at once (with a blocking collective between), the NBX pattern (an Ibarrier
// that completes only while the ranks keep receiving), progress in the background while the
// program computes, argument errors raised by the starting call, and a deadlock report that names
// an instance no other member started.

#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "intercomm_testing.hpp"
#include "simulate.hpp"

using xo::test::now_us;
using xo::test::simulate;

namespace {

// Advances the calling rank's virtual clock to `until_us` by polling (stands for computation).
void compute_until(double until_us) {
  int flag = 0;
  while (now_us() < until_us) MPI_Iprobe(MPI_ANY_SOURCE, 999, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
}

const std::vector<std::string> kMachines{"loggp", "ap1000", "t3d", "t3e", "x1", "power4", "sx6", "xt3", "xe6"};

}  // namespace

class NonblockingCollectives : public ::testing::TestWithParam<std::string> {};

TEST_P(NonblockingCollectives, EveryCallGivesWhatItsBlockingTwinGives) {
  const int n = 6;
  std::vector<int> failures(n, 0);
  auto result = simulate(n, GetParam(), [&](int rank, int size) {
    int& bad = failures[static_cast<std::size_t>(rank)];
    const int root = 2;
    std::vector<MPI_Request> r(16, MPI_REQUEST_NULL);
    int k = 0;
    MPI_Ibarrier(MPI_COMM_WORLD, &r[k++]);
    std::vector<int> bcast(4, rank == root ? 7 : 0);
    MPI_Ibcast(bcast.data(), 4, MPI_INT, root, MPI_COMM_WORLD, &r[k++]);
    const int mine = rank + 1;
    std::vector<int> gathered(static_cast<std::size_t>(size), -1);
    MPI_Igather(&mine, 1, MPI_INT, gathered.data(), 1, MPI_INT, root, MPI_COMM_WORLD, &r[k++]);
    std::vector<int> all(static_cast<std::size_t>(size), -1);
    MPI_Iallgather(&mine, 1, MPI_INT, all.data(), 1, MPI_INT, MPI_COMM_WORLD, &r[k++]);
    std::vector<int> to_scatter(static_cast<std::size_t>(size));
    std::iota(to_scatter.begin(), to_scatter.end(), 100);
    int scattered = -1;
    MPI_Iscatter(to_scatter.data(), 1, MPI_INT, &scattered, 1, MPI_INT, root, MPI_COMM_WORLD, &r[k++]);
    std::vector<int> out(static_cast<std::size_t>(size)), in(static_cast<std::size_t>(size), -1);
    for (int i = 0; i < size; ++i) out[static_cast<std::size_t>(i)] = 10 * rank + i;
    MPI_Ialltoall(out.data(), 1, MPI_INT, in.data(), 1, MPI_INT, MPI_COMM_WORLD, &r[k++]);
    long sum = -1, reduced = -1, scan = -1, exscan = -1;
    const long value = rank + 1;
    MPI_Iallreduce(&value, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &r[k++]);
    MPI_Ireduce(&value, &reduced, 1, MPI_LONG, MPI_MAX, root, MPI_COMM_WORLD, &r[k++]);
    MPI_Iscan(&value, &scan, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &r[k++]);
    MPI_Iexscan(&value, &exscan, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD, &r[k++]);
    std::vector<int> contributions(static_cast<std::size_t>(size), rank);
    int block = -1;
    MPI_Ireduce_scatter_block(contributions.data(), &block, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[k++]);
    std::vector<int> counts(static_cast<std::size_t>(size), 1);
    int scattered_sum = -1;
    MPI_Ireduce_scatter(contributions.data(), &scattered_sum, counts.data(), MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[k++]);
    // A blocking collective while they are in flight.
    int blocking = 0;
    MPI_Allreduce(&mine, &blocking, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    // Wait in the reverse order of the calls.
    for (int i = k - 1; i >= 0; --i) MPI_Wait(&r[static_cast<std::size_t>(i)], MPI_STATUS_IGNORE);

    const int total = size * (size + 1) / 2;
    bad += blocking != total;
    bad += bcast != std::vector<int>(4, 7);
    for (int i = 0; i < size; ++i) {
      if (rank == root) bad += gathered[static_cast<std::size_t>(i)] != i + 1;
      bad += all[static_cast<std::size_t>(i)] != i + 1;
      bad += in[static_cast<std::size_t>(i)] != 10 * i + rank;
    }
    bad += scattered != 100 + rank;
    bad += sum != total;
    if (rank == root) bad += reduced != size;
    bad += scan != (rank + 1) * (rank + 2) / 2;
    if (rank > 0) bad += exscan != rank * (rank + 1) / 2;
    bad += block != total - size;  // the sum of the ranks
    bad += scattered_sum != total - size;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(failures, std::vector<int>(n, 0));
}

TEST_P(NonblockingCollectives, VectorAndAllToAllWVariantsDeliverEveryBlock) {
  const int n = 4;
  std::vector<int> failures(n, 0);
  auto result = simulate(n, GetParam(), [&](int rank, int size) {
    int& bad = failures[static_cast<std::size_t>(rank)];
    std::vector<int> counts(static_cast<std::size_t>(size)), displs(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i) {
      counts[static_cast<std::size_t>(i)] = i + 1;
      displs[static_cast<std::size_t>(i)] = i * (i + 1) / 2;
    }
    const int total = size * (size + 1) / 2;
    std::vector<int> mine(static_cast<std::size_t>(rank + 1), rank);
    std::vector<int> gathered(static_cast<std::size_t>(total), -1), all(static_cast<std::size_t>(total), -1);
    MPI_Request r[4];
    MPI_Igatherv(mine.data(), rank + 1, MPI_INT, gathered.data(), counts.data(), displs.data(), MPI_INT, 0,
                 MPI_COMM_WORLD, &r[0]);
    MPI_Iallgatherv(mine.data(), rank + 1, MPI_INT, all.data(), counts.data(), displs.data(), MPI_INT, MPI_COMM_WORLD,
                    &r[1]);
    std::vector<int> ones(static_cast<std::size_t>(size), 1), unit(static_cast<std::size_t>(size));
    std::iota(unit.begin(), unit.end(), 0);
    std::vector<int> out(static_cast<std::size_t>(size)), in(static_cast<std::size_t>(size), -1);
    for (int i = 0; i < size; ++i) out[static_cast<std::size_t>(i)] = 100 * rank + i;
    MPI_Ialltoallv(out.data(), ones.data(), unit.data(), MPI_INT, in.data(), ones.data(), unit.data(), MPI_INT,
                   MPI_COMM_WORLD, &r[2]);
    std::vector<int> bytes(static_cast<std::size_t>(size)), w_in(static_cast<std::size_t>(size), -1);
    std::vector<MPI_Datatype> types(static_cast<std::size_t>(size), MPI_INT);
    for (int i = 0; i < size; ++i) bytes[static_cast<std::size_t>(i)] = i * static_cast<int>(sizeof(int));
    MPI_Ialltoallw(out.data(), ones.data(), bytes.data(), types.data(), w_in.data(), ones.data(), bytes.data(),
                   types.data(), MPI_COMM_WORLD, &r[3]);
    MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
    for (int i = 0; i < size; ++i) {
      for (int j = 0; j <= i; ++j) {
        const auto at = static_cast<std::size_t>(i * (i + 1) / 2 + j);
        if (rank == 0) bad += gathered[at] != i;
        bad += all[at] != i;
      }
      bad += in[static_cast<std::size_t>(i)] != 100 * i + rank;
      bad += w_in[static_cast<std::size_t>(i)] != 100 * i + rank;
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(failures, std::vector<int>(n, 0));
}

INSTANTIATE_TEST_SUITE_P(Machines, NonblockingCollectives, ::testing::ValuesIn(kMachines));

// The NBX pattern (Hoefler, Siebert, Lumsdaine 2010): each rank synchronously sends to its
// neighbours, receives whatever arrives, and enters an Ibarrier once its sends completed; it stops
// when the barrier completes. A blocking-equivalent Ibarrier deadlocks here.
TEST(NonblockingCollectiveProgress, NbxTerminatesWhileRanksKeepReceiving) {
  const int n = 8;
  std::vector<int> received(n, 0);
  auto result = simulate(n, [&](int rank, int size) {
    const int targets[2] = {(rank + 1) % size, (rank + 3) % size};
    int payload[2] = {rank, rank};
    MPI_Request sends[2];
    for (int i = 0; i < 2; ++i) MPI_Issend(&payload[i], 1, MPI_INT, targets[i], 5, MPI_COMM_WORLD, &sends[i]);
    MPI_Request barrier = MPI_REQUEST_NULL;
    bool done = false;
    while (!done) {
      int flag = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &flag, &status);
      if (flag) {
        int value = 0;
        MPI_Recv(&value, 1, MPI_INT, status.MPI_SOURCE, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        ++received[static_cast<std::size_t>(rank)];
      }
      if (barrier == MPI_REQUEST_NULL) {
        int sent = 0;
        MPI_Testall(2, sends, &sent, MPI_STATUSES_IGNORE);
        if (sent) MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
      } else {
        int finished = 0;
        MPI_Test(&barrier, &finished, MPI_STATUS_IGNORE);
        done = finished != 0;
      }
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(received, std::vector<int>(n, 2));
}

TEST(NonblockingCollectiveProgress, ACollectiveProgressesWhileTheProgramComputes) {
  const int n = 16;
  std::vector<double> blocking_us(n), wait_us(n), late_wait_us(n);
  auto result = simulate(n, "xt3", [&](int rank, int) {
    std::vector<double> data(1 << 14, rank), sum(1 << 14);
    MPI_Barrier(MPI_COMM_WORLD);
    double start = now_us();
    MPI_Allreduce(data.data(), sum.data(), 1 << 14, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    blocking_us[static_cast<std::size_t>(rank)] = now_us() - start;
    MPI_Barrier(MPI_COMM_WORLD);
    // Computing for twice the blocking time hides the collective: the wait costs next to nothing.
    MPI_Request request;
    start = now_us();
    MPI_Iallreduce(data.data(), sum.data(), 1 << 14, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &request);
    compute_until(start + 2 * blocking_us[static_cast<std::size_t>(rank)]);
    const double before_wait = now_us();
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    wait_us[static_cast<std::size_t>(rank)] = now_us() - before_wait;
    MPI_Barrier(MPI_COMM_WORLD);
    // Waiting at once costs what the blocking call costs.
    start = now_us();
    MPI_Iallreduce(data.data(), sum.data(), 1 << 14, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    late_wait_us[static_cast<std::size_t>(rank)] = now_us() - start;
    if (sum[7] != n * (n - 1) / 2.0) late_wait_us[static_cast<std::size_t>(rank)] = -1;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    const auto i = static_cast<std::size_t>(r);
    EXPECT_GT(blocking_us[i], 1.0) << "rank " << r;
    EXPECT_LT(wait_us[i], 0.05 * blocking_us[i]) << "rank " << r;
    EXPECT_NEAR(late_wait_us[i], blocking_us[i], 0.2 * blocking_us[i]) << "rank " << r;
  }
}

TEST(NonblockingCollectiveErrors, ABadRootIsTheStartingCallsError) {
  int error_class = MPI_SUCCESS;
  MPI_Request request = 12345;
  auto result = simulate(3, [&](int rank, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int value = 0;
    if (rank == 0) MPI_Error_class(MPI_Ibcast(&value, 1, MPI_INT, 7, MPI_COMM_WORLD, &request), &error_class);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(error_class, MPI_ERR_ROOT);
  EXPECT_EQ(request, MPI_REQUEST_NULL);
}

TEST(NonblockingCollectiveErrors, AnInstanceNoOtherMemberStartedIsADeadlockNamingIt) {
  auto result = simulate(3, [&](int rank, int) {
    MPI_Request request;
    if (rank == 1) {
      MPI_Ibarrier(MPI_COMM_WORLD, &request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("deadlock"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("MPI_Ibarrier on MPI_COMM_WORLD"), std::string::npos) << result.error;
}

// On an intercommunicator the twin's local steps run on the hidden copy's own local context.
TEST(NonblockingCollectiveIntercomm, IallreduceGivesEachGroupTheOtherGroupsSum) {
  const int n = 7;
  std::vector<long> got(n, -1);
  std::vector<int> broadcast(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    const int color = rank < 3 ? 0 : 1;
    const xo::test::Intercomm ic({[](int r) { return r < 3 ? 0 : 1; }}, rank);
    const MPI_Comm inter = ic.inter;
    const long value = rank;
    long sum = 0;
    int token = color == 0 ? 0 : -1;
    int half_rank = 0;
    MPI_Comm_rank(ic.local, &half_rank);
    const int root = color == 0 ? (half_rank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    if (color == 0 && half_rank == 0) token = 42;
    MPI_Request r[2];
    MPI_Iallreduce(&value, &sum, 1, MPI_LONG, MPI_SUM, inter, &r[0]);
    MPI_Ibcast(&token, 1, MPI_INT, root, inter, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    got[static_cast<std::size_t>(rank)] = sum;
    broadcast[static_cast<std::size_t>(rank)] = token;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < n; ++r) {
    EXPECT_EQ(got[static_cast<std::size_t>(r)], r < 3 ? 3 + 4 + 5 + 6 : 0 + 1 + 2) << "rank " << r;
    if (r >= 3) {
      EXPECT_EQ(broadcast[static_cast<std::size_t>(r)], 42) << "rank " << r;
    }
  }
}

// MPI_IN_PLACE all-to-all (blocking and not): the receive buffer's blocks go out and are replaced.
TEST(InPlaceAllToAll, AlltoallAndAlltoallvSendTheReceiveBuffer) {
  const int n = 5;
  std::vector<int> failures(n, 0);
  auto result = simulate(n, "xt3", [&](int rank, int size) {
    std::vector<int> data(static_cast<std::size_t>(size)), datav(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i)
      data[static_cast<std::size_t>(i)] = datav[static_cast<std::size_t>(i)] = 10 * rank + i;
    MPI_Request request;
    MPI_Ialltoall(MPI_IN_PLACE, -1, MPI_DATATYPE_NULL, data.data(), 1, MPI_INT, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    std::vector<int> ones(static_cast<std::size_t>(size), 1), displs(static_cast<std::size_t>(size));
    std::iota(displs.begin(), displs.end(), 0);
    MPI_Alltoallv(MPI_IN_PLACE, nullptr, nullptr, MPI_DATATYPE_NULL, datav.data(), ones.data(), displs.data(), MPI_INT,
                  MPI_COMM_WORLD);
    for (int i = 0; i < size; ++i) {
      failures[static_cast<std::size_t>(rank)] += data[static_cast<std::size_t>(i)] != 10 * i + rank;
      failures[static_cast<std::size_t>(rank)] += datav[static_cast<std::size_t>(i)] != 10 * i + rank;
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(failures, std::vector<int>(n, 0));
}

// MPI lets the program free the datatype and operation of a collective in flight.
TEST(NonblockingCollectiveHandles, ATypeAndOperationFreedBeforeTheWaitStillServe) {
  const int n = 4;
  std::vector<long> got(n, -1);
  auto result = simulate(n, [&](int rank, int) {
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_LONG, &pair);
    MPI_Type_commit(&pair);
    MPI_Op op;
    MPI_Op_create(
        [](void* in, void* inout, int* len, MPI_Datatype*) {
          for (int i = 0; i < 2 * *len; ++i) static_cast<long*>(inout)[i] += static_cast<long*>(in)[i];
        },
        1, &op);
    const long mine[2] = {rank, 1};
    long sum[2] = {-1, -1};
    MPI_Request request;
    MPI_Iallreduce(mine, sum, 1, pair, op, MPI_COMM_WORLD, &request);
    MPI_Type_free(&pair);
    MPI_Op_free(&op);
    MPI_Datatype other;  // must not take the freed type's handle while the collective holds it
    MPI_Type_contiguous(3, MPI_INT, &other);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Type_free(&other);
    got[static_cast<std::size_t>(rank)] = sum[0] * 100 + sum[1];
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, std::vector<long>(n, 6 * 100 + 4));
}
