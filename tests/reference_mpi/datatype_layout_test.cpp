// The MPI-2/3 datatype constructors and bound queries in communication: each type sends exactly
// the elements of a layout written out by hand (and receives into exactly them), its bounds, true
// extent and MPI-1 bound markers are those the standard defines, and darray types partition a
// global array as the distribution rules say.

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

MPI_Datatype committed(MPI_Datatype type) {
  MPI_Type_commit(&type);
  return type;
}

struct Moved {
  std::vector<int> packed;     // what rank 1 received when rank 0 sent with the type
  std::vector<int> scattered;  // rank 1's buffer after receiving 1000, 1001, ... with the type
  std::vector<int> pack_call;  // what MPI_Pack wrote for the same data
};

// Sends `count` instances of `make()` from an int buffer holding 0, 1, 2, ... (the instances start
// at element `origin`), and receives a contiguous run of 1000, 1001, ... into the same layout.
Moved move_ints(const std::function<MPI_Datatype()>& make, int count, int buffer_ints, int origin) {
  Moved moved;
  auto result = simulate(2, [&](int rank, int) {
    MPI_Datatype type = make();
    std::vector<int> buffer(static_cast<std::size_t>(buffer_ints));
    if (rank == 0) {
      for (int i = 0; i < buffer_ints; ++i) buffer[static_cast<std::size_t>(i)] = i;
      MPI_Send(&buffer[static_cast<std::size_t>(origin)], count, type, 1, 0, MPI_COMM_WORLD);
      int size = 0;
      MPI_Type_size(type, &size);
      std::vector<int> values(static_cast<std::size_t>(count * size) / sizeof(int));
      for (std::size_t k = 0; k < values.size(); ++k) values[k] = 1000 + static_cast<int>(k);
      MPI_Send(values.data(), static_cast<int>(values.size()), MPI_INT, 1, 1, MPI_COMM_WORLD);
      moved.pack_call.resize(values.size());
      int position = 0;
      MPI_Pack(&buffer[static_cast<std::size_t>(origin)], count, type, moved.pack_call.data(),
               static_cast<int>(values.size() * sizeof(int)), &position, MPI_COMM_WORLD);
    } else {
      std::vector<int> packed(static_cast<std::size_t>(buffer_ints));
      MPI_Status status;
      MPI_Recv(packed.data(), buffer_ints, MPI_INT, 0, 0, MPI_COMM_WORLD, &status);
      int n = 0;
      MPI_Get_count(&status, MPI_INT, &n);
      moved.packed.assign(packed.begin(), packed.begin() + n);
      buffer.assign(buffer.size(), -1);
      MPI_Recv(&buffer[static_cast<std::size_t>(origin)], count, type, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      moved.scattered = buffer;
    }
    MPI_Type_free(&type);
  });
  EXPECT_EQ(result.exit_code, 0) << result.error;
  return moved;
}

// The buffer a receive into `elements` (buffer indices, in type-map order) leaves.
std::vector<int> scattered_into(const std::vector<int>& elements, int buffer_ints) {
  std::vector<int> buffer(static_cast<std::size_t>(buffer_ints), -1);
  for (std::size_t k = 0; k < elements.size(); ++k)
    buffer[static_cast<std::size_t>(elements[k])] = 1000 + static_cast<int>(k);
  return buffer;
}

void expect_moves(const std::function<MPI_Datatype()>& make, int count, int buffer_ints, int origin,
                  const std::vector<int>& elements) {
  const Moved moved = move_ints(make, count, buffer_ints, origin);
  EXPECT_EQ(moved.packed, elements);
  EXPECT_EQ(moved.pack_call, elements);
  EXPECT_EQ(moved.scattered, scattered_into(elements, buffer_ints));
}

struct Bounds {
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  int size = 0;
  bool operator==(const Bounds&) const = default;
};

Bounds bounds_of(const std::function<MPI_Datatype()>& make) {
  Bounds b;
  simulate(1, [&](int, int) {
    MPI_Datatype type = make();
    MPI_Type_get_extent(type, &b.lb, &b.extent);
    MPI_Type_get_true_extent(type, &b.true_lb, &b.true_extent);
    MPI_Type_size(type, &b.size);
    MPI_Type_free(&type);
  });
  return b;
}

}  // namespace

TEST(DatatypeLayout, HindexedTakesByteDisplacements) {
  auto make = [] {
    const int lengths[] = {2, 1, 3};
    const MPI_Aint displacements[] = {5 * 4, 0, 9 * 4};
    MPI_Datatype t;
    MPI_Type_create_hindexed(3, lengths, displacements, MPI_INT, &t);
    return committed(t);
  };
  expect_moves(make, 1, 16, 0, {5, 6, 0, 9, 10, 11});
  expect_moves(make, 2, 32, 0, {5, 6, 0, 9, 10, 11, 17, 18, 12, 21, 22, 23});  // extent 48 bytes = 12 ints
  EXPECT_EQ(bounds_of(make), (Bounds{0, 48, 0, 48, 24}));
}

TEST(DatatypeLayout, MpiOneHindexedIsTheSame) {
  auto make = [] {
    int lengths[] = {1, 2};
    MPI_Aint displacements[] = {12, 4};
    MPI_Datatype t;
    MPI_Type_hindexed(2, lengths, displacements, MPI_INT, &t);
    return committed(t);
  };
  expect_moves(make, 1, 8, 0, {3, 1, 2});
  EXPECT_EQ(bounds_of(make), (Bounds{4, 12, 4, 12, 12}));
}

TEST(DatatypeLayout, IndexedBlockRepeatsOneBlockLength) {
  auto make = [] {
    const int displacements[] = {7, 1, 4};
    MPI_Datatype t;
    MPI_Type_create_indexed_block(3, 2, displacements, MPI_INT, &t);
    return committed(t);
  };
  // lb at element 1, ub after element 8: extent 8 ints, so a second instance starts 8 ints on.
  expect_moves(make, 2, 24, 0, {7, 8, 1, 2, 4, 5, 15, 16, 9, 10, 12, 13});
  EXPECT_EQ(bounds_of(make), (Bounds{4, 32, 4, 32, 24}));
}

TEST(DatatypeLayout, HindexedBlockRepeatsOneBlockLengthAtByteDisplacements) {
  auto make = [] {
    const MPI_Aint displacements[] = {12, 4, 20};
    MPI_Datatype t;
    MPI_Type_create_hindexed_block(3, 1, displacements, MPI_INT, &t);
    return committed(t);
  };
  expect_moves(make, 1, 8, 0, {3, 1, 5});
  EXPECT_EQ(bounds_of(make), (Bounds{4, 20, 4, 20, 12}));
}

TEST(DatatypeLayout, ResizedSetsTheExtentInstancesStepBy) {
  auto make = [] {
    MPI_Datatype pair, t;
    MPI_Type_vector(2, 1, 3, MPI_INT, &pair);  // elements 0 and 3
    MPI_Type_create_resized(pair, -4, 20, &t);
    MPI_Type_free(&pair);
    return committed(t);
  };
  // Instances 5 ints apart, starting at element 1 (so the lower bound, -1 element, is in the buffer).
  expect_moves(make, 3, 20, 1, {1, 4, 6, 9, 11, 14});
  EXPECT_EQ(bounds_of(make), (Bounds{-4, 20, 0, 16, 8}));
}

TEST(DatatypeLayout, SubarrayInCOrder) {
  auto make = [] {
    const int sizes[] = {4, 5}, subsizes[] = {2, 3}, starts[] = {1, 2};
    MPI_Datatype t;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &t);
    return committed(t);
  };
  expect_moves(make, 1, 20, 0, {7, 8, 9, 12, 13, 14});
  // Two instances are two whole 4x5 arrays.
  expect_moves(make, 2, 40, 0, {7, 8, 9, 12, 13, 14, 27, 28, 29, 32, 33, 34});
  EXPECT_EQ(bounds_of(make), (Bounds{0, 80, 28, 32, 24}));
}

TEST(DatatypeLayout, SubarrayInFortranOrder) {
  auto make = [] {
    const int sizes[] = {4, 5}, subsizes[] = {2, 3}, starts[] = {1, 2};
    MPI_Datatype t;
    MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_INT, &t);
    return committed(t);
  };
  // Element (i0, i1) is at i0 + 4 * i1; the first index varies fastest.
  expect_moves(make, 1, 20, 0, {9, 10, 13, 14, 17, 18});
}

TEST(DatatypeLayout, SubarrayInThreeDimensions) {
  auto make = [] {
    const int sizes[] = {3, 4, 5}, subsizes[] = {2, 2, 2}, starts[] = {1, 1, 3};
    MPI_Datatype t;
    MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, &t);
    return committed(t);
  };
  expect_moves(make, 1, 60, 0, {28, 29, 33, 34, 48, 49, 53, 54});
}

TEST(DatatypeLayout, DarrayBlockByCyclicByHand) {
  // A 5x7 array on a 2x2 grid, rows in blocks (3 and 2), columns cyclic in pairs (0-1 and 4-5 on
  // grid column 0; 2-3 and 6 on grid column 1). Element (r, c) is at 7r + c in C order.
  auto make = [](int rank, int order) {
    return [rank, order] {
      const int gsizes[] = {5, 7}, distribs[] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC};
      const int dargs[] = {MPI_DISTRIBUTE_DFLT_DARG, 2}, psizes[] = {2, 2};
      MPI_Datatype t;
      MPI_Type_create_darray(4, rank, 2, gsizes, distribs, dargs, psizes, order, MPI_INT, &t);
      return committed(t);
    };
  };
  expect_moves(make(1, MPI_ORDER_C), 1, 35, 0, {2, 3, 6, 9, 10, 13, 16, 17, 20});
  expect_moves(make(3, MPI_ORDER_C), 1, 35, 0, {23, 24, 27, 30, 31, 34});
  expect_moves(make(0, MPI_ORDER_C), 1, 35, 0, {0, 1, 4, 5, 7, 8, 11, 12, 14, 15, 18, 19});
  // Fortran order: element (i0, i1) at i0 + 5 * i1, the first index fastest; rank 1 is still grid
  // coordinates (0, 1).
  expect_moves(make(1, MPI_ORDER_FORTRAN), 1, 35, 0, {10, 11, 12, 15, 16, 17, 30, 31, 32});
  EXPECT_EQ(bounds_of(make(1, MPI_ORDER_C)).extent, 35 * 4);
  EXPECT_EQ(bounds_of(make(1, MPI_ORDER_C)).lb, 0);
}

namespace {

// Whether the process at grid coordinate `coord` holds index `i` of a dimension, by the standard's
// rules written directly: blocks of b indices go to consecutive processes; cyclic blocks of k go
// round-robin.
bool holds(int i, int gsize, int distrib, int darg, int psize, int coord) {
  if (distrib == MPI_DISTRIBUTE_NONE) return true;
  if (distrib == MPI_DISTRIBUTE_BLOCK) {
    const int b = darg == MPI_DISTRIBUTE_DFLT_DARG ? (gsize + psize - 1) / psize : darg;
    return i / b == coord;
  }
  const int k = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;
  return (i / k) % psize == coord;
}

struct DarrayCase {
  std::vector<int> gsizes, distribs, dargs, psizes;
};

// Indices (into the whole array, in memory order of `order`) that `rank` holds, visited in memory order.
std::vector<int> expected_darray(const DarrayCase& c, int rank, int order) {
  const std::size_t n = c.gsizes.size();
  std::vector<int> coords(n);
  for (std::size_t d = n, rest = static_cast<std::size_t>(rank); d-- > 0;) {
    coords[d] = static_cast<int>(rest % static_cast<std::size_t>(c.psizes[d]));
    rest /= static_cast<std::size_t>(c.psizes[d]);
  }
  int total = 1;
  for (int g : c.gsizes) total *= g;
  std::vector<int> out;
  for (int linear = 0; linear < total; ++linear) {
    // Index tuple of memory position `linear`.
    std::vector<int> index(n);
    int rest = linear;
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t d = order == MPI_ORDER_C ? n - 1 - k : k;
      index[d] = rest % c.gsizes[d];
      rest /= c.gsizes[d];
    }
    bool mine = true;
    for (std::size_t d = 0; d < n; ++d) {
      mine = mine && holds(index[d], c.gsizes[d], c.distribs[d], c.dargs[d], c.psizes[d], coords[d]);
    }
    if (mine) out.push_back(linear);
  }
  return out;
}

}  // namespace

TEST(DatatypeLayout, DarrayPacksWhatTheDistributionRulesGiveAndPartitionsTheArray) {
  const int B = MPI_DISTRIBUTE_BLOCK, C = MPI_DISTRIBUTE_CYCLIC, N = MPI_DISTRIBUTE_NONE;
  const int D = MPI_DISTRIBUTE_DFLT_DARG;
  const std::vector<DarrayCase> cases = {
      {{10}, {B}, {D}, {3}},
      {{10}, {C}, {3}, {3}},
      {{10}, {B}, {4}, {3}},
      {{6, 9}, {C, B}, {D, D}, {2, 3}},
      {{7, 5, 4}, {B, C, N}, {3, 2, D}, {3, 2, 1}},
      {{8, 3, 6}, {C, N, C}, {3, D, 1}, {2, 1, 4}},
  };
  for (const DarrayCase& c : cases) {
    int processes = 1, total = 1;
    for (int p : c.psizes) processes *= p;
    for (int g : c.gsizes) total *= g;
    for (int order : {MPI_ORDER_C, MPI_ORDER_FORTRAN}) {
      std::vector<int> owners(static_cast<std::size_t>(total), 0);
      for (int rank = 0; rank < processes; ++rank) {
        const std::vector<int> expected = expected_darray(c, rank, order);
        std::vector<int> packed(expected.size(), -1);
        MPI_Aint lb = -1, extent = -1;
        auto result = simulate(1, [&](int, int) {
          MPI_Datatype t;
          MPI_Type_create_darray(processes, rank, static_cast<int>(c.gsizes.size()), c.gsizes.data(), c.distribs.data(),
                                 c.dargs.data(), c.psizes.data(), order, MPI_INT, &t);
          MPI_Type_commit(&t);
          std::vector<int> array(static_cast<std::size_t>(total));
          for (int i = 0; i < total; ++i) array[static_cast<std::size_t>(i)] = i;
          int position = 0;
          MPI_Pack(array.data(), 1, t, packed.data(), static_cast<int>(packed.size() * sizeof(int)), &position,
                   MPI_COMM_WORLD);
          MPI_Type_get_extent(t, &lb, &extent);
          MPI_Type_free(&t);
        });
        ASSERT_EQ(result.exit_code, 0) << result.error;
        EXPECT_EQ(packed, expected) << "rank " << rank << " order " << order;
        EXPECT_EQ(lb, 0);
        EXPECT_EQ(extent, total * 4);
        for (int i : expected) ++owners[static_cast<std::size_t>(i)];
      }
      EXPECT_EQ(owners, std::vector<int>(static_cast<std::size_t>(total), 1)) << "every element has one owner";
    }
  }
}

TEST(DatatypeLayout, BoundMarkersSetLbAndUbAndStaySticky) {
  auto marked = [] {
    int lengths[] = {1, 2, 1};
    MPI_Aint displacements[] = {-8, 4, 24};
    MPI_Datatype types[] = {MPI_LB, MPI_INT, MPI_UB};
    MPI_Datatype t;
    MPI_Type_struct(3, lengths, displacements, types, &t);
    return committed(t);
  };
  EXPECT_EQ(bounds_of(marked), (Bounds{-8, 32, 4, 8, 8}));
  MPI_Aint lb = 0, ub = 0;
  simulate(1, [&](int, int) {
    MPI_Datatype t = marked();
    MPI_Type_lb(t, &lb);
    MPI_Type_ub(t, &ub);
  });
  EXPECT_EQ(lb, -8);
  EXPECT_EQ(ub, 24);
  // Two instances 8 ints apart, the first starting at element 2 (its lower bound is element 0).
  expect_moves(marked, 2, 24, 2, {3, 4, 11, 12});
  // Sticky: a contiguous pair keeps lb -8 and steps by the marked extent.
  auto pair = [&] {
    MPI_Datatype inner = marked(), t;
    MPI_Type_contiguous(2, inner, &t);
    MPI_Type_free(&inner);
    return committed(t);
  };
  EXPECT_EQ(bounds_of(pair), (Bounds{-8, 64, 4, 40, 16}));
  // Sticky in a struct too: data placed beyond the inner upper bound does not move it.
  auto outer = [&] {
    MPI_Datatype inner = marked(), t;
    const int lengths[] = {1, 1};
    const MPI_Aint displacements[] = {0, 100};
    const MPI_Datatype types[] = {inner, MPI_DOUBLE};
    MPI_Type_create_struct(2, lengths, displacements, types, &t);
    MPI_Type_free(&inner);
    return committed(t);
  };
  EXPECT_EQ(bounds_of(outer), (Bounds{-8, 32, 4, 104, 16}));
}

TEST(DatatypeLayout, UpperBoundMarkerAloneSuppressesAlignmentPadding) {
  auto make = [] {
    int lengths[] = {1, 1};
    MPI_Aint displacements[] = {0, 12};
    MPI_Datatype types[] = {MPI_DOUBLE, MPI_UB};
    MPI_Datatype t;
    MPI_Type_struct(2, lengths, displacements, types, &t);
    return committed(t);
  };
  EXPECT_EQ(bounds_of(make), (Bounds{0, 12, 0, 8, 8}));
}

TEST(DatatypeLayout, StructExtentIsPaddedToTheStrictestAlignment) {
  struct CharDouble {
    char c;
    double d;
  };
  struct IntChar {
    int i;
    char c;
  };
  struct ShortChar {
    short s;
    char c;
  };
  auto make = [](MPI_Datatype first, MPI_Aint second_at, MPI_Datatype second) {
    return [=] {
      const int lengths[] = {1, 1};
      const MPI_Aint displacements[] = {0, second_at};
      const MPI_Datatype types[] = {first, second};
      MPI_Datatype t;
      MPI_Type_create_struct(2, lengths, displacements, types, &t);
      return committed(t);
    };
  };
  EXPECT_EQ(bounds_of(make(MPI_CHAR, offsetof(CharDouble, d), MPI_DOUBLE)).extent, MPI_Aint{sizeof(CharDouble)});
  EXPECT_EQ(bounds_of(make(MPI_INT, offsetof(IntChar, c), MPI_CHAR)).extent, MPI_Aint{sizeof(IntChar)});
  EXPECT_EQ(bounds_of(make(MPI_SHORT, offsetof(ShortChar, c), MPI_CHAR)).extent, MPI_Aint{sizeof(ShortChar)});
  EXPECT_EQ(bounds_of(make(MPI_CHAR, 1, MPI_CHAR)).extent, 2);
}

TEST(DatatypeLayout, CountQueriesGiveTheSameFiguresAsMpiCount) {
  MPI_Count size = 0, lb = 0, extent = 0, true_lb = 0, true_extent = 0, elements = 0, partial = 0;
  int count = 0;
  auto result = simulate(2, [&](int rank, int) {
    MPI_Datatype triple;
    MPI_Type_contiguous(3, MPI_INT, &triple);
    MPI_Type_commit(&triple);
    if (rank == 0) {
      MPI_Type_size_x(triple, &size);
      MPI_Type_get_extent_x(triple, &lb, &extent);
      MPI_Type_get_true_extent_x(MPI_DOUBLE_INT, &true_lb, &true_extent);
      const int five[] = {1, 2, 3, 4, 5};
      MPI_Send(five, 5, MPI_INT, 1, 0, MPI_COMM_WORLD);
      MPI_Send(five, 6, MPI_BYTE, 1, 1, MPI_COMM_WORLD);  // one and a half ints
    } else {
      int in[6];
      MPI_Status status;
      MPI_Recv(in, 2, triple, 0, 0, MPI_COMM_WORLD, &status);
      MPI_Get_elements_x(&status, triple, &elements);
      MPI_Get_count(&status, triple, &count);
      MPI_Recv(in, 1, triple, 0, 1, MPI_COMM_WORLD, &status);
      MPI_Get_elements_x(&status, triple, &partial);
    }
    MPI_Type_free(&triple);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(size, 12);
  EXPECT_EQ(lb, 0);
  EXPECT_EQ(extent, 12);
  EXPECT_EQ(true_lb, 0);
  EXPECT_EQ(true_extent, 12);  // a double and an int
  EXPECT_EQ(elements, 5);
  EXPECT_EQ(count, MPI_UNDEFINED);
  EXPECT_EQ(partial, MPI_UNDEFINED);  // no whole number of basic elements
}

TEST(DatatypeLayout, BadArrayArgumentsAreErrArg) {
  std::vector<int> codes;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Datatype t;
    const int sizes[] = {4, 5}, too_big[] = {5, 1}, starts[] = {0, 0}, late[] = {3, 0}, two[] = {2, 2};
    codes.push_back(MPI_Type_create_subarray(2, sizes, too_big, starts, MPI_ORDER_C, MPI_INT, &t));
    codes.push_back(MPI_Type_create_subarray(2, sizes, two, late, MPI_ORDER_C, MPI_INT, &t));
    codes.push_back(MPI_Type_create_subarray(2, sizes, two, starts, 99, MPI_INT, &t));
    const int gsizes[] = {10}, block[] = {MPI_DISTRIBUTE_BLOCK}, none[] = {MPI_DISTRIBUTE_NONE};
    const int small[] = {2}, dflt[] = {MPI_DISTRIBUTE_DFLT_DARG}, three[] = {3};
    codes.push_back(MPI_Type_create_darray(3, 0, 1, gsizes, block, small, three, MPI_ORDER_C, MPI_INT, &t));
    codes.push_back(MPI_Type_create_darray(3, 0, 1, gsizes, none, dflt, three, MPI_ORDER_C, MPI_INT, &t));
    codes.push_back(MPI_Type_create_darray(4, 0, 1, gsizes, block, dflt, three, MPI_ORDER_C, MPI_INT, &t));
    codes.push_back(MPI_Type_create_darray(3, 3, 1, gsizes, block, dflt, three, MPI_ORDER_C, MPI_INT, &t));
    const int negative[] = {-1};
    codes.push_back(MPI_Type_create_indexed_block(-1, 1, negative, MPI_INT, &t));
    codes.push_back(MPI_Type_create_resized(MPI_DATATYPE_NULL, 0, 4, &t));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG,
                                     MPI_ERR_ARG, MPI_ERR_COUNT, MPI_ERR_TYPE}));
}
