// One-sided communication: windows, every synchronisation mode, every operation, the standard's
// errors and the simulated cost. Results are checked against values computed here independently.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <set>
#include <vector>

#include "simulate.hpp"
#include "xo/hwmodels/machine_registry.hpp"

using xo::test::simulate;

namespace {

std::vector<std::string> machine_names() {
  std::vector<std::string> names;
  for (const auto& entry : xo::hw::builtin_machines().entries()) names.push_back(entry.name);
  return names;
}

class RmaOnEveryMachine : public ::testing::TestWithParam<std::string> {};

// Fence epochs: every rank puts its rank and gets its right neighbour's data, with contiguous and
// strided target types.
TEST_P(RmaOnEveryMachine, FenceEpochsMovePutsAndGets) {
  constexpr int kRanks = 6;
  std::vector<std::vector<int>> windows(kRanks), gotten(kRanks);
  auto result = simulate(kRanks, GetParam(), [&](int rank, int size) {
    std::vector<int> memory(2 * size, -1);
    MPI_Win win;
    MPI_Win_create(memory.data(), static_cast<MPI_Aint>(memory.size() * sizeof(int)), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    const int right = (rank + 1) % size;
    const int value = 100 + rank;
    MPI_Put(&value, 1, MPI_INT, right, rank, 1, MPI_INT, win);
    // Two ints into every other slot of the upper half: a strided target type.
    MPI_Datatype every_other;
    MPI_Type_vector(2, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    const int pair[2] = {rank * 10, rank * 10 + 1};
    if (rank == 0) MPI_Put(pair, 2, MPI_INT, right, size, 1, every_other, win);
    MPI_Win_fence(0, win);
    std::vector<int> from_right(2 * size);
    MPI_Get(from_right.data(), 2 * size, MPI_INT, right, 0, 2 * size, MPI_INT, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    windows[rank] = memory;
    gotten[rank] = from_right;
    MPI_Type_free(&every_other);
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < kRanks; ++r) {
    std::vector<int> expected(2 * kRanks, -1);
    const int left = (r + kRanks - 1) % kRanks;
    expected[left] = 100 + left;
    if (r == 1) expected[kRanks] = 0, expected[kRanks + 2] = 1;
    EXPECT_EQ(windows[r], expected) << "rank " << r;
    EXPECT_EQ(gotten[r], windows[(r + 1) % kRanks]) << "rank " << r;
  }
}

// Post-start-complete-wait: each rank exposes its window to its left neighbour and accesses its
// right one's, twice, so the second epoch must wait for the first to end.
TEST_P(RmaOnEveryMachine, PostStartCompleteWaitRingDeliversEveryEpoch) {
  constexpr int kRanks = 5;
  std::vector<std::vector<double>> seen(kRanks);
  auto result = simulate(kRanks, GetParam(), [&](int rank, int size) {
    double slot = 0;
    MPI_Win win;
    MPI_Win_create(&slot, sizeof slot, sizeof slot, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Group world, left, right;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    const int l = (rank + size - 1) % size, r = (rank + 1) % size;
    MPI_Group_incl(world, 1, &l, &left);
    MPI_Group_incl(world, 1, &r, &right);
    for (int epoch = 0; epoch < 2; ++epoch) {
      MPI_Win_post(left, 0, win);
      MPI_Win_start(right, 0, win);
      const double value = rank + 0.5 + epoch * 100;
      MPI_Put(&value, 1, MPI_DOUBLE, r, 0, 1, MPI_DOUBLE, win);
      MPI_Win_complete(win);
      MPI_Win_wait(win);
      seen[rank].push_back(slot);
    }
    MPI_Group_free(&left);
    MPI_Group_free(&right);
    MPI_Group_free(&world);
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < kRanks; ++r) {
    const int l = (r + kRanks - 1) % kRanks;
    EXPECT_EQ(seen[r], (std::vector<double>{l + 0.5, l + 100.5})) << "rank " << r;
  }
}

// Exclusive locks serialise read-modify-write sequences: no increment is lost.
TEST_P(RmaOnEveryMachine, ExclusiveLocksLoseNoIncrement) {
  constexpr int kRanks = 4, kRounds = 5;
  long total = -1;
  auto result = simulate(kRanks, GetParam(), [&](int rank, int) {
    long* counter = nullptr;
    MPI_Win win;
    MPI_Win_allocate(sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &win);
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < kRounds; ++i) {
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
      long value = 0;
      MPI_Get(&value, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win);
      MPI_Win_flush(0, win);
      ++value;
      MPI_Put(&value, 1, MPI_LONG, 0, 0, 1, MPI_LONG, win);
      MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) total = *counter;
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(total, kRanks * kRounds);
}

// Shared locks with the atomics: every fetch-and-add returns a distinct ticket, compare-and-swap
// lets exactly one rank claim the slot, and lock_all with get_accumulate sees every rank's sum.
TEST_P(RmaOnEveryMachine, AtomicsHandOutDistinctTicketsAndOneClaim) {
  constexpr int kRanks = 5, kTickets = 3;
  std::vector<int> tickets, claimed(kRanks, -2), sums(kRanks, -1);
  auto result = simulate(kRanks, GetParam(), [&](int rank, int size) {
    int memory[3] = {0, -1, 0};  // ticket counter, claim slot, sum
    MPI_Win win;
    MPI_Win_create(memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    for (int i = 0; i < kTickets; ++i) {
      const int one = 1;
      int ticket = -1;
      MPI_Fetch_and_op(&one, &ticket, MPI_INT, 0, 0, MPI_SUM, win);
      MPI_Win_flush(0, win);
      tickets.push_back(ticket);
    }
    const int none = -1;
    MPI_Compare_and_swap(&rank, &none, &claimed[rank], MPI_INT, 0, 1, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win);
    int before = 0;
    MPI_Get_accumulate(&rank, 1, MPI_INT, &before, 1, MPI_INT, 0, 2, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_flush_all(win);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_lock_all(0, win);
    MPI_Fetch_and_op(nullptr, &sums[rank], MPI_INT, 0, 2, MPI_NO_OP, win);
    MPI_Win_unlock_all(win);
    MPI_Win_free(&win);
    (void)size;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  std::vector<int> sorted = tickets;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> expected(kRanks * kTickets);
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(sorted, expected);
  EXPECT_EQ(std::count(claimed.begin(), claimed.end(), -1), 1) << "exactly one rank found the slot free";
  for (int r = 0; r < kRanks; ++r) EXPECT_EQ(sums[r], kRanks * (kRanks - 1) / 2) << "rank " << r;
}

INSTANTIATE_TEST_SUITE_P(Machines, RmaOnEveryMachine, ::testing::ValuesIn(machine_names()),
                         [](const auto& info) { return info.param; });

// Every predefined operation, from every rank into rank 0, against the fold computed here.
TEST(Rma, AccumulateAppliesEveryPredefinedOperation) {
  constexpr int kRanks = 4;
  struct Case {
    MPI_Op op;
    int start;
    int (*fold)(int, int);
  };
  const std::vector<Case> cases = {
      {MPI_SUM, 7, [](int a, int b) { return a + b; }},
      {MPI_PROD, 3, [](int a, int b) { return a * b; }},
      {MPI_MAX, -5, [](int a, int b) { return std::max(a, b); }},
      {MPI_MIN, 50, [](int a, int b) { return std::min(a, b); }},
      {MPI_LAND, 1, [](int a, int b) { return (a && b) ? 1 : 0; }},
      {MPI_LOR, 0, [](int a, int b) { return (a || b) ? 1 : 0; }},
      {MPI_LXOR, 1, [](int a, int b) { return (!a != !b) ? 1 : 0; }},
      {MPI_BAND, 0xff, [](int a, int b) { return a & b; }},
      {MPI_BOR, 0x100, [](int a, int b) { return a | b; }},
      {MPI_BXOR, 0x0f, [](int a, int b) { return a ^ b; }},
      {MPI_REPLACE, 9, [](int, int b) { return b; }},
  };
  std::vector<int> got(cases.size());
  int pair_result[2] = {0, 0};
  auto result = simulate(kRanks, [&](int rank, int) {
    std::vector<int> memory(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) memory[i] = cases[i].start;
    int pair[2] = {0, -1};  // (value, index) for MPI_MAXLOC
    MPI_Win win, pairs;
    MPI_Win_create(memory.data(), static_cast<MPI_Aint>(memory.size() * sizeof(int)), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
    MPI_Win_create(pair, sizeof pair, sizeof pair, MPI_INFO_NULL, MPI_COMM_WORLD, &pairs);
    // One rank at a time, so MPI_REPLACE's last writer is known: rank order.
    for (int turn = 0; turn < kRanks; ++turn) {
      MPI_Win_fence(0, win);
      MPI_Win_fence(0, pairs);
      if (turn != rank) continue;
      for (std::size_t i = 0; i < cases.size(); ++i) {
        const int operand =
            (cases[i].op == MPI_LAND || cases[i].op == MPI_LOR || cases[i].op == MPI_LXOR) ? rank % 2 : rank + 2;
        MPI_Accumulate(&operand, 1, MPI_INT, 0, static_cast<MPI_Aint>(i), 1, MPI_INT, cases[i].op, win);
      }
      const int mine[2] = {(rank * 7) % 5, rank};
      MPI_Accumulate(mine, 1, MPI_2INT, 0, 0, 1, MPI_2INT, MPI_MAXLOC, pairs);
    }
    MPI_Win_fence(0, win);
    MPI_Win_fence(0, pairs);
    if (rank == 0) {
      got = memory;
      pair_result[0] = pair[0];
      pair_result[1] = pair[1];
    }
    MPI_Win_free(&pairs);
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    int expected = cases[i].start;
    for (int r = 0; r < kRanks; ++r) {
      const bool logical = cases[i].op == MPI_LAND || cases[i].op == MPI_LOR || cases[i].op == MPI_LXOR;
      expected = cases[i].fold(expected, logical ? r % 2 : r + 2);
    }
    EXPECT_EQ(got[i], expected) << "case " << i;
  }
  EXPECT_EQ(pair_result[0], 4);  // max of (r * 7) % 5 over r = 0..3 is 4, at rank 2 (14 % 5)
  EXPECT_EQ(pair_result[1], 2);
}

TEST(Rma, WindowAttributesDescribeTheWindow) {
  MPI_Aint size = -1;
  int disp_unit = -1, flavor = -1, model = -1, allocated_flavor = -1;
  bool base_matches = false;
  std::string name;
  auto result = simulate(2, [&](int rank, int) {
    double memory[4];
    MPI_Win win, allocated;
    MPI_Win_create(memory, sizeof memory, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    void* base = nullptr;
    MPI_Win_allocate(16, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &allocated);
    void* attribute = nullptr;
    int flag = 0;
    if (rank == 1) {
      MPI_Win_get_attr(win, MPI_WIN_BASE, &attribute, &flag);
      base_matches = flag && attribute == memory;
      MPI_Win_get_attr(win, MPI_WIN_SIZE, &attribute, &flag);
      size = *static_cast<MPI_Aint*>(attribute);
      MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &attribute, &flag);
      disp_unit = *static_cast<int*>(attribute);
      MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &attribute, &flag);
      flavor = *static_cast<int*>(attribute);
      MPI_Win_get_attr(win, MPI_WIN_MODEL, &attribute, &flag);
      model = *static_cast<int*>(attribute);
      MPI_Win_get_attr(allocated, MPI_WIN_CREATE_FLAVOR, &attribute, &flag);
      allocated_flavor = *static_cast<int*>(attribute);
      MPI_Win_set_name(win, "halo");
      char text[MPI_MAX_OBJECT_NAME];
      int length = 0;
      MPI_Win_get_name(win, text, &length);
      name.assign(text, static_cast<std::size_t>(length));
    }
    MPI_Win_free(&allocated);
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_TRUE(base_matches);
  EXPECT_EQ(size, static_cast<MPI_Aint>(4 * sizeof(double)));
  EXPECT_EQ(disp_unit, static_cast<int>(sizeof(double)));
  EXPECT_EQ(flavor, MPI_WIN_FLAVOR_CREATE);
  EXPECT_EQ(allocated_flavor, MPI_WIN_FLAVOR_ALLOCATE);
  EXPECT_EQ(model, MPI_WIN_UNIFIED);
  EXPECT_EQ(name, "halo");
}

// A program's own window keyvals: set, read back, replaced and deleted through the delete callback,
// which MPI_Win_free also runs for what is still set; predefined keyvals cannot be set.
namespace keyval_test {
std::vector<long> deleted;  // the values the delete callback saw, in order
int record_deletion(MPI_Win, int, void* value, void* extra_state) {
  deleted.push_back(reinterpret_cast<long>(value) * *static_cast<int*>(extra_state));
  return MPI_SUCCESS;
}
}  // namespace keyval_test

TEST(Rma, WindowKeyvalsCacheAttributesUntilTheWindowIsFreed) {
  keyval_test::deleted.clear();
  int sign = -1;
  long read_back = 0;
  int flag_after_delete = 1, flag_of_other = 1, set_predefined = MPI_SUCCESS, keyval_after_free = 0;
  auto result = simulate(1, [&](int, int) {
    int memory = 0;
    MPI_Win win;
    MPI_Win_create(&memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    int keyval = MPI_KEYVAL_INVALID, other = MPI_KEYVAL_INVALID;
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, keyval_test::record_deletion, &keyval, &sign);
    MPI_Win_create_keyval(MPI_WIN_DUP_FN, MPI_WIN_NULL_DELETE_FN, &other, nullptr);
    MPI_Win_set_attr(win, keyval, reinterpret_cast<void*>(1L));
    MPI_Win_set_attr(win, keyval, reinterpret_cast<void*>(2L));  // deletes 1 first
    void* value = nullptr;
    int flag = 0;
    MPI_Win_get_attr(win, keyval, &value, &flag);
    read_back = flag ? reinterpret_cast<long>(value) : 0;
    MPI_Win_get_attr(win, other, &value, &flag_of_other);
    MPI_Win_delete_attr(win, keyval);  // deletes 2
    MPI_Win_get_attr(win, keyval, &value, &flag_after_delete);
    MPI_Win_set_attr(win, keyval, reinterpret_cast<void*>(3L));
    MPI_Error_class(MPI_Win_set_attr(win, MPI_WIN_BASE, nullptr), &set_predefined);
    MPI_Win_free_keyval(&keyval);  // the attribute keeps the callback
    keyval_after_free = keyval;
    MPI_Win_free(&win);  // deletes 3
    MPI_Win_free_keyval(&other);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(read_back, 2);
  EXPECT_EQ(flag_of_other, 0);
  EXPECT_EQ(flag_after_delete, 0);
  EXPECT_EQ(keyval_test::deleted, (std::vector<long>{-1, -2, -3}));
  EXPECT_EQ(set_predefined, MPI_ERR_KEYVAL);
  EXPECT_EQ(keyval_after_free, MPI_KEYVAL_INVALID);
}

// The standard's errors, returned under MPI_ERRORS_RETURN on the window.
TEST(Rma, MisuseReturnsTheStandardsErrorClasses) {
  std::vector<int> classes;
  auto result = simulate(2, [&](int rank, int) {
    int memory[2] = {0, 0};
    MPI_Win win;
    MPI_Win_create(memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    if (rank == 0) {
      const int value = 1;
      auto error_class = [](int code) {
        int c = -1;
        MPI_Error_class(code, &c);
        return c;
      };
      classes.push_back(error_class(MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win)));  // no epoch
      MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
      classes.push_back(error_class(MPI_Put(&value, 1, MPI_INT, 1, 2, 1, MPI_INT, win)));   // beyond the window
      classes.push_back(error_class(MPI_Put(&value, 1, MPI_INT, 1, -1, 1, MPI_INT, win)));  // negative disp
      classes.push_back(error_class(MPI_Put(&value, 1, MPI_INT, 7, 0, 1, MPI_INT, win)));   // no such rank
      classes.push_back(error_class(MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win)));             // locked already
      classes.push_back(error_class(MPI_Win_fence(0, win)));                                // inside a lock
      classes.push_back(error_class(MPI_Accumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_NO_OP, win)));
      MPI_Win_unlock(1, win);
      classes.push_back(error_class(MPI_Win_unlock(1, win)));  // not locked
      classes.push_back(error_class(MPI_Win_complete(win)));   // no start
      classes.push_back(error_class(MPI_Win_lock(99, 1, 0, win)));
      classes.push_back(error_class(MPI_Win_fence(1, win)));  // no such assertion
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(classes, (std::vector<int>{MPI_ERR_RMA_SYNC, MPI_ERR_RMA_RANGE, MPI_ERR_DISP, MPI_ERR_RANK,
                                       MPI_ERR_RMA_SYNC, MPI_ERR_RMA_SYNC, MPI_ERR_OP, MPI_ERR_RMA_SYNC,
                                       MPI_ERR_RMA_SYNC, MPI_ERR_LOCKTYPE, MPI_ERR_ASSERT}));
}

TEST(Rma, APutOutsideAnEpochIsFatalByDefaultAndSaysWhy) {
  auto result = simulate(2, [&](int rank, int) {
    int memory = 0;
    MPI_Win win;
    MPI_Win_create(&memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) MPI_Put(&memory, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_free(&win);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("MPI_Put"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("outside an access epoch"), std::string::npos) << result.error;
  EXPECT_NE(result.error.find("MPI_ERR_RMA_SYNC"), std::string::npos) << result.error;
}

// A start without its post never returns: the deadlock report says what it waits for.
TEST(Rma, AStartWithoutItsPostIsReportedAsADeadlock) {
  auto result = simulate(2, [&](int rank, int) {
    int memory = 0;
    MPI_Win win;
    MPI_Win_create(&memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
      MPI_Group world, target;
      MPI_Comm_group(MPI_COMM_WORLD, &world);
      const int one = 1;
      MPI_Group_incl(world, 1, &one, &target);
      MPI_Win_start(target, 0, win);
    }
    MPI_Win_free(&win);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("waiting for MPI_Win_post of rank 1"), std::string::npos) << result.error;
}

// Costs: a larger put takes longer to complete at the fence, and the second locker of an exclusive
// lock waits until the first released it.
TEST(Rma, CompletionWaitsForTheTransferAndTheLockHolder) {
  auto fence_time = [](int bytes) {
    double elapsed = 0;
    auto result = simulate(2, [&](int rank, int) {
      std::vector<char> memory(static_cast<std::size_t>(bytes));
      MPI_Win win;
      MPI_Win_create(memory.data(), bytes, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
      MPI_Win_fence(0, win);
      const double start = MPI_Wtime();
      if (rank == 0) MPI_Put(memory.data(), bytes, MPI_CHAR, 1, 0, bytes, MPI_CHAR, win);
      MPI_Win_fence(0, win);
      if (rank == 0) elapsed = MPI_Wtime() - start;
      MPI_Win_free(&win);
    });
    EXPECT_EQ(result.exit_code, 0) << result.error;
    return elapsed;
  };
  const double small = fence_time(8), large = fence_time(1 << 20);
  EXPECT_GT(small, 0);
  EXPECT_GT(large, small * 10) << "a megabyte costs more than eight bytes";

  double before_release = 0, second_granted = 0;
  auto result = simulate(3, [&](int rank, int) {
    int memory = 0;
    MPI_Win win;
    MPI_Win_create(&memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1) {
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
      MPI_Send(nullptr, 0, MPI_INT, 2, 0, MPI_COMM_WORLD);  // rank 2 asks for the lock now
      int value = 0;
      for (int i = 0; i < 20; ++i) {
        MPI_Get(&value, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
        MPI_Win_flush(0, win);
      }
      before_release = MPI_Wtime();
      MPI_Win_unlock(0, win);
    } else if (rank == 2) {
      MPI_Recv(nullptr, 0, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
      second_granted = MPI_Wtime();
      MPI_Win_unlock(0, win);
    }
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_GT(second_granted, before_release) << "the second lock is granted only after the first holder released it";
}

// The Cray MPTs layer RMA on their send/recv path and send an epoch's operations when it ends
// (seed 002, "XT3 MPI-2 RMA"): the put's data leaves at the fence, where the generic model sends it
// when it is issued.
TEST(Rma, CrayMptsSendAnEpochsOperationsWhenItEnds) {
  for (const std::string machine : {"loggp", "x1", "xt3", "xe6"}) {
    xo::mpi::SimulationOptions options;
    options.ranks = 2;
    options.machine = machine;
    options.env_lookup = [](const char*) -> const char* { return nullptr; };
    std::int64_t put_starts = -1;
    options.on_phase = [&](const xo::mpi::PhaseRecord& p) {
      if (p.path == "put") put_starts = p.start_ps;
    };
    double before_fence = 0;
    auto result = xo::test::run_ranks(options, [&](int rank) {
      int memory = 0;
      MPI_Win win;
      MPI_Win_create(&memory, sizeof memory, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
      MPI_Win_fence(0, win);
      const int value = 7;
      if (rank == 0) MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
      // Time passes between the put and the fence: a message there and back.
      if (rank == 0) {
        MPI_Send(&value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&memory, 0, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        before_fence = MPI_Wtime();
      } else {
        int got = 0;
        MPI_Recv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&got, 0, MPI_INT, 0, 0, MPI_COMM_WORLD);
      }
      MPI_Win_fence(0, win);
      MPI_Win_free(&win);
    });
    ASSERT_EQ(result.exit_code, 0) << result.error;
    ASSERT_GE(put_starts, 0) << machine;
    const bool deferred = machine == "xt3" || machine == "xe6";
    EXPECT_EQ(static_cast<double>(put_starts) * 1e-12 >= before_fence, deferred) << machine;
  }
}

// Each operation queued in an XT3 epoch holds a Portals "other" event until the epoch ends: an
// epoch with more than MPICH_PTL_OTHER_EVENTS of them fails with the seed's message.
TEST(Rma, TooManyOperationsInOneXt3EpochExhaustTheOtherEventQueue) {
  auto run = [](const char* other_events, int puts) {
    xo::mpi::SimulationOptions options;
    options.ranks = 2;
    options.machine = "xt3";
    static std::string setting;
    setting = other_events;
    options.env_lookup = [](const char* name) -> const char* {
      return std::strcmp(name, "MPICH_PTL_OTHER_EVENTS") == 0 ? setting.c_str() : nullptr;
    };
    return xo::test::run_ranks(options, [&](int rank) {
      std::vector<int> memory(static_cast<std::size_t>(puts));
      MPI_Win win;
      MPI_Win_create(memory.data(), static_cast<MPI_Aint>(memory.size() * sizeof(int)), sizeof(int), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &win);
      MPI_Win_fence(0, win);
      for (int i = 0; rank == 0 && i < puts; ++i) MPI_Put(&i, 1, MPI_INT, 1, i, 1, MPI_INT, win);
      MPI_Win_fence(0, win);
      // A second epoch as long: the first one's events were given back.
      for (int i = 0; rank == 0 && i < puts; ++i) MPI_Put(&i, 1, MPI_INT, 1, i, 1, MPI_INT, win);
      MPI_Win_fence(0, win);
      MPI_Win_free(&win);
    });
  };
  const auto fits = run("2048", 1500);
  EXPECT_EQ(fits.exit_code, 0) << fits.error;
  const auto too_many = run("1000", 1500);
  EXPECT_NE(too_many.exit_code, 0);
  EXPECT_NE(too_many.error.find("MPIDI_Portals_Progress: dropped event on \"other\" queue"), std::string::npos)
      << too_many.error;
  EXPECT_NE(too_many.error.find("MPICH_PTL_OTHER_EVENTS"), std::string::npos) << too_many.error;
  EXPECT_NE(too_many.error.find("aborting job: Dropped Portals event"), std::string::npos) << too_many.error;
}

// MPI-3: request-based operations complete through MPI_Wait, and only in a passive-target epoch.
TEST(Rma, RequestBasedOperationsCompleteThroughWait) {
  std::vector<int> got(4, -1);
  int outside_epoch = MPI_SUCCESS;
  double issued = 0, completed = 0;
  auto result = simulate(2, [&](int rank, int) {
    std::vector<int> memory(4);
    for (int i = 0; i < 4; ++i) memory[static_cast<std::size_t>(i)] = 10 * rank + i;
    MPI_Win win;
    MPI_Win_create(memory.data(), 4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    if (rank == 0) {
      MPI_Request request;
      outside_epoch = MPI_Rget(got.data(), 4, MPI_INT, 1, 0, 4, MPI_INT, win, &request);
      MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
      MPI_Rget(got.data(), 4, MPI_INT, 1, 0, 4, MPI_INT, win, &request);
      issued = MPI_Wtime();
      MPI_Wait(&request, MPI_STATUS_IGNORE);
      completed = MPI_Wtime();
      const int value = 99;
      MPI_Rput(&value, 1, MPI_INT, 1, 3, 1, MPI_INT, win, &request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
      MPI_Raccumulate(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, MPI_SUM, win, &request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
      MPI_Win_unlock(1, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) got.insert(got.end(), memory.begin(), memory.end());
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(outside_epoch, MPI_ERR_RMA_SYNC);
  EXPECT_EQ(got, (std::vector<int>{10, 11, 12, 13, 109, 11, 12, 99}));
  EXPECT_GT(completed, issued) << "the request completes when the reply has landed";
}

// MPI-3 dynamic windows: targets name addresses inside memory the target attached.
TEST(Rma, DynamicWindowsReachAttachedMemoryOnly) {
  std::vector<long> seen;
  int outside = MPI_SUCCESS, detached = MPI_SUCCESS;
  auto result = simulate(2, [&](int rank, int) {
    long memory[3] = {0, 0, 0};
    MPI_Win win;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    // Two regions side by side: an access may cross their border.
    MPI_Win_attach(win, memory, 2 * sizeof(long));
    MPI_Win_attach(win, &memory[2], sizeof(long));
    MPI_Aint address = 0;
    MPI_Get_address(&memory[1], &address);
    MPI_Aint target = 0;
    MPI_Sendrecv(&address, 1, MPI_AINT, 1 - rank, 0, &target, 1, MPI_AINT, 1 - rank, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Win_fence(0, win);
    const long values[2] = {40 + rank, 50 + rank};
    MPI_Put(values, 2, MPI_LONG, 1 - rank, target, 2, MPI_LONG, win);
    if (rank == 0) outside = MPI_Put(values, 1, MPI_LONG, 1, MPI_Aint_add(target, 2 * sizeof(long)), 1, MPI_LONG, win);
    MPI_Win_fence(0, win);
    seen.push_back(memory[0] + 10 * memory[1] + 100 * memory[2]);
    MPI_Win_detach(win, memory);
    MPI_Win_detach(win, &memory[2]);
    if (rank == 0) detached = MPI_Win_detach(win, memory);
    MPI_Win_free(&win);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(outside, MPI_ERR_RMA_RANGE);
  EXPECT_EQ(detached, MPI_ERR_RMA_ATTACH);
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<long>{5400, 5510}));
}

// MPI-3 shared-memory windows: the ranks of one node load and store each other's parts; ranks on
// several nodes share nothing.
TEST(Rma, SharedWindowsAreOneBlockOnANode) {
  std::vector<int> sums;
  auto result = simulate(4, "loggp",
                         [&](int rank, int size) {
                           MPI_Comm node;
                           MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
                           int* mine = nullptr;
                           MPI_Win win;
                           MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, node, &mine, &win);
                           *mine = rank + 1;
                           MPI_Win_fence(0, win);
                           int sum = 0;
                           for (int r = 0; r < size; ++r) {
                             MPI_Aint bytes = 0;
                             int unit = 0;
                             int* part = nullptr;
                             MPI_Win_shared_query(win, r, &bytes, &unit, &part);
                             sum += *part;
                             if (r > 0 && part != mine - rank + r) sum = -1000;  // contiguous, in rank order
                           }
                           sums.push_back(sum);
                           MPI_Win_fence(0, win);
                           MPI_Win_free(&win);
                           MPI_Comm_free(&node);
                         },
                         {"ranks_per_node=4"});
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sums, (std::vector<int>(4, 10)));

  auto across_nodes =
      simulate(2, "loggp",
               [&](int, int) {
                 int* mine = nullptr;
                 MPI_Win win;
                 MPI_Win_allocate_shared(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
               },
               {"ranks_per_node=1"});
  EXPECT_NE(across_nodes.exit_code, 0);
  EXPECT_NE(across_nodes.error.find("MPI_COMM_TYPE_SHARED"), std::string::npos) << across_nodes.error;
}

}  // namespace
