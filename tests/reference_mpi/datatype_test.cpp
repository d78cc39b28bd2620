// Datatype type maps, bounds and packing, checked against layouts computed by hand.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/mpi_error.hpp"

using xo::mpi::BasicType;
using xo::mpi::Datatype;
using xo::mpi::DatatypeTable;
using xo::mpi::MpiError;

namespace {
const Datatype kInt = Datatype::basic(BasicType::Int);
const Datatype kDouble = Datatype::basic(BasicType::Double);
const Datatype kChar = Datatype::basic(BasicType::Char);
}  // namespace

TEST(Datatype, ContiguousMergesIntoOneRun) {
  const Datatype t = Datatype::contiguous(1000000, kDouble);
  EXPECT_EQ(t.size(), 8000000);
  EXPECT_EQ(t.extent(), 8000000);
  EXPECT_EQ(t.blocks().size(), 1u);
  EXPECT_TRUE(t.is_contiguous());
}

TEST(Datatype, VectorBoundsAndRuns) {
  const Datatype t = Datatype::vector(3, 2, 5, kInt);  // ints at 0,1, 5,6, 10,11
  EXPECT_EQ(t.size(), 24);
  EXPECT_EQ(t.lb(), 0);
  EXPECT_EQ(t.extent(), (10 + 2) * 4);
  ASSERT_EQ(t.blocks().size(), 3u);
  EXPECT_EQ(t.blocks()[1].offset, 20);
  EXPECT_EQ(t.blocks()[1].bytes, 8);
  EXPECT_FALSE(t.is_contiguous());
}

TEST(Datatype, NegativeStrideMovesTheLowerBound) {
  const Datatype t = Datatype::hvector(3, 1, -16, kDouble);  // doubles at 0, -16, -32
  EXPECT_EQ(t.lb(), -32);
  EXPECT_EQ(t.ub(), 8);
  EXPECT_EQ(t.extent(), 40);
  std::vector<double> memory = {1, 2, 3, 4, 5};  // pick elements 4, 2, 0 by packing from &memory[4]
  std::vector<double> packed(3);
  xo::mpi::pack(&memory[4], 1, t, reinterpret_cast<std::byte*>(packed.data()));
  EXPECT_EQ(packed, (std::vector<double>{5, 3, 1}));
}

TEST(Datatype, StructIsPaddedLikeTheCStruct) {
  struct S {
    char c;
    double d;
    int i;
  };
  const int lengths[] = {1, 1, 1};
  const std::int64_t displacements[] = {offsetof(S, c), offsetof(S, d), offsetof(S, i)};
  const Datatype* types[] = {&kChar, &kDouble, &kInt};
  const Datatype t = Datatype::structure(lengths, displacements, types);
  EXPECT_EQ(t.size(), 13);
  EXPECT_EQ(t.extent(), static_cast<std::int64_t>(sizeof(S)));

  S in[2] = {{'a', 1.5, 7}, {'b', -2.5, 9}};
  std::vector<std::byte> packed(26);
  xo::mpi::pack(in, 2, t, packed.data());
  // Expected stream, written element by element: c, d, i of each struct.
  std::vector<std::byte> expected;
  auto put = [&](const void* p, std::size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    expected.insert(expected.end(), b, b + n);
  };
  for (const S& s : in) {
    put(&s.c, 1);
    put(&s.d, 8);
    put(&s.i, 4);
  }
  EXPECT_EQ(packed, expected);
  S out[2] = {};
  xo::mpi::unpack(packed.data(), 26, t, out);
  EXPECT_EQ(out[1].c, 'b');
  EXPECT_EQ(out[1].d, -2.5);
  EXPECT_EQ(out[1].i, 9);
}

TEST(Datatype, BoundMarkersOverrideComputedBounds) {
  const Datatype lb = Datatype::lower_bound_marker();
  const Datatype ub = Datatype::upper_bound_marker();
  const int lengths[] = {1, 1, 1};
  const std::int64_t displacements[] = {-8, 4, 32};
  const Datatype* types[] = {&lb, &kInt, &ub};
  const Datatype t = Datatype::structure(lengths, displacements, types);
  EXPECT_EQ(t.lb(), -8);
  EXPECT_EQ(t.ub(), 32);
  EXPECT_EQ(t.size(), 4);
  // The markers stay sticky through a contiguous type built on it.
  const Datatype c = Datatype::contiguous(2, t);
  EXPECT_EQ(c.lb(), -8);
  EXPECT_EQ(c.extent(), 80);
}

TEST(Datatype, IndexedOfStructNested) {
  const Datatype pair = Datatype::contiguous(2, kInt);  // 8 bytes
  const int lengths[] = {1, 2};
  const int displacements[] = {3, 0};                                  // in units of the pair's extent
  const Datatype t = Datatype::indexed(lengths, displacements, pair);  // pairs 3, then 0 and 1
  EXPECT_EQ(t.size(), 24);
  EXPECT_EQ(t.lb(), 0);
  EXPECT_EQ(t.extent(), 32);
  std::vector<int> memory(8);
  for (int i = 0; i < 8; ++i) memory[static_cast<std::size_t>(i)] = i;
  std::vector<int> packed(6);
  xo::mpi::pack(memory.data(), 1, t, reinterpret_cast<std::byte*>(packed.data()));
  EXPECT_EQ(packed, (std::vector<int>{6, 7, 0, 1, 2, 3}));
}

TEST(Datatype, TruncatedUnpackStopsAtTheGivenBytes) {
  const Datatype t = Datatype::vector(4, 1, 2, kInt);
  std::vector<int> in = {10, 20, 30, 40};
  std::vector<int> out(8, -1);
  xo::mpi::unpack(reinterpret_cast<const std::byte*>(in.data()), 10, t, out.data());  // 2.5 ints
  EXPECT_EQ(out[0], 10);
  EXPECT_EQ(out[2], 20);
  EXPECT_EQ(out[6], -1);
  EXPECT_EQ(t.elements_in(10), 2);
  EXPECT_EQ(t.elements_in(16 + 8), 6);  // one instance (4 ints) plus 2 ints
}

TEST(Datatype, NegativeCountsAreErrCount) {
  try {
    Datatype::vector(-1, 1, 1, kInt);
    FAIL();
  } catch (const MpiError& e) {
    EXPECT_EQ(e.error_class(), MPI_ERR_COUNT);
  }
}

TEST(DatatypeTable, HandlesCommitFreeAndErrors) {
  DatatypeTable table;
  EXPECT_EQ(table.get(MPI_DOUBLE).size(), 8);
  EXPECT_EQ(table.get(MPI_DOUBLE_INT).extent(), 16);
  MPI_Datatype h = table.add(Datatype::vector(2, 1, 3, kInt));
  EXPECT_EQ(h, XO_FIRST_USER_DATATYPE);
  try {
    table.get_committed(h);
    FAIL();
  } catch (const MpiError& e) {
    EXPECT_EQ(e.error_class(), MPI_ERR_TYPE);
    EXPECT_NE(std::string(e.what()).find("not committed"), std::string::npos);
  }
  table.commit(h);
  const auto ref = table.get_committed(h);
  EXPECT_EQ(ref->size(), 8);
  MPI_Datatype copy = h;
  table.free(h);
  EXPECT_EQ(h, MPI_DATATYPE_NULL);
  EXPECT_EQ(ref->size(), 8);  // a pending operation keeps the freed type alive
  EXPECT_THROW(table.get(copy), MpiError);
  EXPECT_EQ(table.add(Datatype::contiguous(3, kChar)), XO_FIRST_USER_DATATYPE);  // slot reused
  MPI_Datatype predefined = MPI_INT;
  EXPECT_THROW(table.free(predefined), MpiError);
  EXPECT_THROW(table.get(MPI_DATATYPE_NULL), MpiError);
  EXPECT_THROW(table.get(9999), MpiError);
}
