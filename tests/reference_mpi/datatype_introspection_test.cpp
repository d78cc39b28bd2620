// MPI_Type_get_envelope / MPI_Type_get_contents: every constructor reports its combiner and the
// arguments it was given (checked against what the test passed), a type rebuilt from its contents
// equals the original (same bounds, same packed bytes), predefined types are MPI_COMBINER_NAMED and
// have no contents, and MPI_Type_dup copies a type with its committed state.

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

struct Contents {
  int combiner = 0;
  std::vector<int> integers;
  std::vector<MPI_Aint> addresses;
  std::vector<MPI_Datatype> types;
};

Contents contents_of(MPI_Datatype type) {
  Contents c;
  int ni = 0, na = 0, nd = 0;
  EXPECT_EQ(MPI_Type_get_envelope(type, &ni, &na, &nd, &c.combiner), MPI_SUCCESS);
  c.integers.resize(static_cast<std::size_t>(ni));
  c.addresses.resize(static_cast<std::size_t>(na));
  c.types.resize(static_cast<std::size_t>(nd));
  if (c.combiner != MPI_COMBINER_NAMED) {
    EXPECT_EQ(MPI_Type_get_contents(type, ni, na, nd, c.integers.data(), c.addresses.data(), c.types.data()),
              MPI_SUCCESS);
  }
  return c;
}

bool is_derived(MPI_Datatype type) {
  int ni, na, nd, combiner;
  MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner);
  return combiner != MPI_COMBINER_NAMED;
}

// Calls the constructor the contents name with the arguments they hold.
MPI_Datatype rebuild(MPI_Datatype type) {
  const Contents c = contents_of(type);
  const int* i = c.integers.data();
  const MPI_Aint* a = c.addresses.data();
  const MPI_Datatype* d = c.types.data();
  MPI_Datatype out = MPI_DATATYPE_NULL;
  switch (c.combiner) {
    case MPI_COMBINER_DUP: MPI_Type_dup(d[0], &out); break;
    case MPI_COMBINER_CONTIGUOUS: MPI_Type_contiguous(i[0], d[0], &out); break;
    case MPI_COMBINER_VECTOR: MPI_Type_vector(i[0], i[1], i[2], d[0], &out); break;
    case MPI_COMBINER_HVECTOR: MPI_Type_create_hvector(i[0], i[1], a[0], d[0], &out); break;
    case MPI_COMBINER_INDEXED: MPI_Type_indexed(i[0], i + 1, i + 1 + i[0], d[0], &out); break;
    case MPI_COMBINER_HINDEXED: MPI_Type_create_hindexed(i[0], i + 1, a, d[0], &out); break;
    case MPI_COMBINER_INDEXED_BLOCK: MPI_Type_create_indexed_block(i[0], i[1], i + 2, d[0], &out); break;
    case MPI_COMBINER_HINDEXED_BLOCK: MPI_Type_create_hindexed_block(i[0], i[1], a, d[0], &out); break;
    case MPI_COMBINER_STRUCT: MPI_Type_create_struct(i[0], i + 1, a, d, &out); break;
    case MPI_COMBINER_SUBARRAY: {
      const int n = i[0];
      MPI_Type_create_subarray(n, i + 1, i + 1 + n, i + 1 + 2 * n, i[1 + 3 * n], d[0], &out);
      break;
    }
    case MPI_COMBINER_DARRAY: {
      const int n = i[2];
      MPI_Type_create_darray(i[0], i[1], n, i + 3, i + 3 + n, i + 3 + 2 * n, i + 3 + 3 * n, i[3 + 4 * n], d[0], &out);
      break;
    }
    case MPI_COMBINER_RESIZED: MPI_Type_create_resized(d[0], a[0], a[1], &out); break;
    default: ADD_FAILURE() << "unexpected combiner " << c.combiner;
  }
  for (MPI_Datatype t : c.types) {
    if (is_derived(t)) MPI_Type_free(&t);
  }
  MPI_Type_commit(&out);
  return out;
}

// What makes two types equal to a program: bounds, size and the bytes two instances pack from a
// patterned buffer.
struct Signature {
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  int size = 0;
  std::vector<unsigned char> packed;
  bool operator==(const Signature&) const = default;
};

Signature signature(MPI_Datatype type) {
  Signature s;
  MPI_Type_get_extent(type, &s.lb, &s.extent);
  MPI_Type_get_true_extent(type, &s.true_lb, &s.true_extent);
  MPI_Type_size(type, &s.size);
  std::vector<unsigned char> memory(8192);
  for (std::size_t k = 0; k < memory.size(); ++k) memory[k] = static_cast<unsigned char>(k % 251);
  s.packed.resize(static_cast<std::size_t>(2 * s.size));
  int position = 0;
  MPI_Pack(&memory[4096], 2, type, s.packed.data(), 2 * s.size, &position, MPI_COMM_WORLD);
  return s;
}

// Builds a type in a one-rank run, checks its contents with `check`, and that the type rebuilt
// from the contents has the same signature.
void expect_round_trip(const std::function<MPI_Datatype()>& make, const std::function<void(const Contents&)>& check) {
  auto result = simulate(1, [&](int, int) {
    MPI_Datatype type = make();
    MPI_Type_commit(&type);
    const Contents c = contents_of(type);
    check(c);
    for (MPI_Datatype t : c.types) {
      if (is_derived(t)) MPI_Type_free(&t);
    }
    MPI_Datatype again = rebuild(type);
    EXPECT_EQ(signature(again), signature(type));
    EXPECT_EQ(contents_of(again).combiner, c.combiner);
    MPI_Type_free(&again);
    MPI_Type_free(&type);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
}

using Ints = std::vector<int>;
using Aints = std::vector<MPI_Aint>;
using Types = std::vector<MPI_Datatype>;

}  // namespace

TEST(DatatypeIntrospection, ContiguousVectorAndHvector) {
  expect_round_trip(
      [] {
        MPI_Datatype t;
        MPI_Type_contiguous(5, MPI_SHORT, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_CONTIGUOUS);
        EXPECT_EQ(c.integers, (Ints{5}));
        EXPECT_TRUE(c.addresses.empty());
        EXPECT_EQ(c.types, (Types{MPI_SHORT}));
      });
  expect_round_trip(
      [] {
        MPI_Datatype t;
        MPI_Type_vector(3, 2, -4, MPI_INT, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_VECTOR);
        EXPECT_EQ(c.integers, (Ints{3, 2, -4}));
        EXPECT_EQ(c.types, (Types{MPI_INT}));
      });
  expect_round_trip(
      [] {
        MPI_Datatype t;
        MPI_Type_create_hvector(4, 1, 24, MPI_DOUBLE, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_HVECTOR);
        EXPECT_EQ(c.integers, (Ints{4, 1}));
        EXPECT_EQ(c.addresses, (Aints{24}));
      });
  expect_round_trip(
      [] {
        MPI_Datatype t;
        MPI_Type_hvector(2, 3, 40, MPI_CHAR, &t);
        return t;
      },
      [](const Contents& c) { EXPECT_EQ(c.combiner, MPI_COMBINER_HVECTOR); });
}

TEST(DatatypeIntrospection, IndexedFamilies) {
  expect_round_trip(
      [] {
        const int lengths[] = {2, 1, 3}, displacements[] = {4, 0, 9};
        MPI_Datatype t;
        MPI_Type_indexed(3, lengths, displacements, MPI_FLOAT, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_INDEXED);
        EXPECT_EQ(c.integers, (Ints{3, 2, 1, 3, 4, 0, 9}));
      });
  expect_round_trip(
      [] {
        const int lengths[] = {1, 2};
        const MPI_Aint displacements[] = {-16, 40};
        MPI_Datatype t;
        MPI_Type_create_hindexed(2, lengths, displacements, MPI_DOUBLE, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_HINDEXED);
        EXPECT_EQ(c.integers, (Ints{2, 1, 2}));
        EXPECT_EQ(c.addresses, (Aints{-16, 40}));
      });
  expect_round_trip(
      [] {
        const int displacements[] = {6, 1, 3};
        MPI_Datatype t;
        MPI_Type_create_indexed_block(3, 2, displacements, MPI_INT, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_INDEXED_BLOCK);
        EXPECT_EQ(c.integers, (Ints{3, 2, 6, 1, 3}));
      });
  expect_round_trip(
      [] {
        const MPI_Aint displacements[] = {8, 0};
        MPI_Datatype t;
        MPI_Type_create_hindexed_block(2, 3, displacements, MPI_CHAR, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_HINDEXED_BLOCK);
        EXPECT_EQ(c.integers, (Ints{2, 3}));
        EXPECT_EQ(c.addresses, (Aints{8, 0}));
      });
}

TEST(DatatypeIntrospection, StructWithBoundMarkersAndDerivedMembers) {
  expect_round_trip(
      [] {
        MPI_Datatype pair;
        MPI_Type_contiguous(2, MPI_INT, &pair);
        const int lengths[] = {1, 1, 2, 1};
        const MPI_Aint displacements[] = {-8, 0, 8, 40};
        const MPI_Datatype types[] = {MPI_LB, MPI_DOUBLE, pair, MPI_UB};
        MPI_Datatype t;
        MPI_Type_create_struct(4, lengths, displacements, types, &t);
        MPI_Type_free(&pair);  // the struct's contents still hold it
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_STRUCT);
        EXPECT_EQ(c.integers, (Ints{4, 1, 1, 2, 1}));
        EXPECT_EQ(c.addresses, (Aints{-8, 0, 8, 40}));
        ASSERT_EQ(c.types.size(), 4u);
        EXPECT_EQ(c.types[0], MPI_LB);
        EXPECT_EQ(c.types[1], MPI_DOUBLE);
        EXPECT_EQ(c.types[3], MPI_UB);
        // The freed member comes back as a new handle to a contiguous pair of ints.
        const Contents inner = contents_of(c.types[2]);
        EXPECT_EQ(inner.combiner, MPI_COMBINER_CONTIGUOUS);
        EXPECT_EQ(inner.integers, (Ints{2}));
        EXPECT_EQ(inner.types, (Types{MPI_INT}));
      });
}

TEST(DatatypeIntrospection, SubarrayDarrayAndResized) {
  expect_round_trip(
      [] {
        const int sizes[] = {6, 7}, subsizes[] = {2, 3}, starts[] = {1, 4};
        MPI_Datatype t;
        MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_INT, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_SUBARRAY);
        EXPECT_EQ(c.integers, (Ints{2, 6, 7, 2, 3, 1, 4, MPI_ORDER_FORTRAN}));
      });
  expect_round_trip(
      [] {
        const int gsizes[] = {9, 4}, distribs[] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_BLOCK};
        const int dargs[] = {2, MPI_DISTRIBUTE_DFLT_DARG}, psizes[] = {3, 2};
        MPI_Datatype t;
        MPI_Type_create_darray(6, 4, 2, gsizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_DOUBLE, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_DARRAY);
        EXPECT_EQ(c.integers, (Ints{6, 4, 2, 9, 4, MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_BLOCK, 2,
                                    MPI_DISTRIBUTE_DFLT_DARG, 3, 2, MPI_ORDER_C}));
        EXPECT_EQ(c.types, (Types{MPI_DOUBLE}));
      });
  expect_round_trip(
      [] {
        MPI_Datatype t;
        MPI_Type_create_resized(MPI_INT, -4, 16, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_RESIZED);
        EXPECT_TRUE(c.integers.empty());
        EXPECT_EQ(c.addresses, (Aints{-4, 16}));
        EXPECT_EQ(c.types, (Types{MPI_INT}));
      });
}

TEST(DatatypeIntrospection, DupCopiesTheTypeAndItsCommittedState) {
  expect_round_trip(
      [] {
        MPI_Datatype t;
        MPI_Type_dup(MPI_DOUBLE_INT, &t);
        return t;
      },
      [](const Contents& c) {
        EXPECT_EQ(c.combiner, MPI_COMBINER_DUP);
        EXPECT_TRUE(c.integers.empty());
        EXPECT_TRUE(c.addresses.empty());
        EXPECT_EQ(c.types, (Types{MPI_DOUBLE_INT}));
      });
  std::vector<int> received(4, -1);
  auto result = simulate(2, [&](int rank, int) {
    MPI_Datatype column, copy;
    MPI_Type_vector(2, 1, 2, MPI_INT, &column);
    MPI_Type_commit(&column);
    MPI_Type_dup(column, &copy);  // committed, because `column` is
    MPI_Type_free(&column);
    if (rank == 0) {
      const int data[] = {1, 2, 3, 4};
      EXPECT_EQ(MPI_Send(data, 1, copy, 1, 0, MPI_COMM_WORLD), MPI_SUCCESS);
    } else {
      MPI_Recv(received.data(), 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Type_free(&copy);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(received, (std::vector<int>{1, 3, -1, -1}));
}

TEST(DatatypeIntrospection, PredefinedTypesAreNamedWithoutContents) {
  std::vector<int> combiners;
  int counts_sum = -1;
  int contents_error = MPI_SUCCESS, room_error = MPI_SUCCESS, null_error = MPI_SUCCESS;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (MPI_Datatype t : {MPI_INT, MPI_DOUBLE_INT, MPI_BYTE, MPI_LB, MPI_UB}) {
      int ni = -1, na = -1, nd = -1, combiner = -1;
      MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
      combiners.push_back(combiner);
      counts_sum = ni + na + nd;
    }
    int ints[4];
    MPI_Aint aints[4];
    MPI_Datatype types[4];
    contents_error = MPI_Type_get_contents(MPI_INT, 4, 4, 4, ints, aints, types);
    MPI_Datatype v;
    MPI_Type_vector(2, 1, 3, MPI_INT, &v);
    room_error = MPI_Type_get_contents(v, 2, 0, 1, ints, aints, types);  // needs 3 integers
    int ni, na, nd, combiner;
    null_error = MPI_Type_get_envelope(MPI_DATATYPE_NULL, &ni, &na, &nd, &combiner);
    MPI_Type_free(&v);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(combiners, std::vector<int>(5, MPI_COMBINER_NAMED));
  EXPECT_EQ(counts_sum, 0);
  EXPECT_EQ(contents_error, MPI_ERR_TYPE);
  EXPECT_EQ(room_error, MPI_ERR_ARG);
  EXPECT_EQ(null_error, MPI_ERR_TYPE);
}
