// Reductions on the MPI-2.2/3 and Fortran datatypes, checked against results computed here:
// MPI_SUM and MPI_PROD on every complex type, the operations the standard refuses on them, logical
// operations on MPI_CXX_BOOL and MPI_LOGICAL, MPI_MAXLOC/MPI_MINLOC on the Fortran pair types, the
// Fortran and multi-language integers; then MPI_Reduce_local and MPI_Op_commutative.

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <functional>
#include <numeric>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

constexpr int kRanks = 4;

// Gaussian integers, so that every sum and product is exact in any order.
template <class T>
std::vector<std::complex<T>> complex_values(int rank) {
  return {{T(rank + 1), T(rank - 1)}, {T(-2), T(rank)}, {T(1), T(0.5)}};
}

template <class T>
std::vector<std::complex<T>> expected_complex(bool product) {
  std::vector<std::complex<T>> out = complex_values<T>(0);
  for (int r = 1; r < kRanks; ++r) {
    const auto v = complex_values<T>(r);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = product ? out[i] * v[i] : out[i] + v[i];
  }
  return out;
}

template <class T>
void check_complex_allreduce(MPI_Datatype type) {
  std::vector<std::vector<std::complex<T>>> sums(kRanks), products(kRanks);
  auto result = simulate(kRanks, [&](int rank, int) {
    const auto mine = complex_values<T>(rank);
    auto& sum = sums[static_cast<std::size_t>(rank)];
    auto& product = products[static_cast<std::size_t>(rank)];
    sum.resize(mine.size());
    product.resize(mine.size());
    MPI_Allreduce(mine.data(), sum.data(), 3, type, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(mine.data(), product.data(), 3, type, MPI_PROD, MPI_COMM_WORLD);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  for (int r = 0; r < kRanks; ++r) {
    EXPECT_EQ(sums[static_cast<std::size_t>(r)], expected_complex<T>(false)) << "rank " << r;
    EXPECT_EQ(products[static_cast<std::size_t>(r)], expected_complex<T>(true)) << "rank " << r;
  }
}

}  // namespace

TEST(ComplexReductions, SumAndProdOnEveryComplexType) {
  for (MPI_Datatype t : {MPI_C_COMPLEX, MPI_C_FLOAT_COMPLEX, MPI_CXX_FLOAT_COMPLEX, MPI_COMPLEX, MPI_COMPLEX8}) {
    SCOPED_TRACE(t);
    check_complex_allreduce<float>(t);
  }
  for (MPI_Datatype t : {MPI_C_DOUBLE_COMPLEX, MPI_CXX_DOUBLE_COMPLEX, MPI_DOUBLE_COMPLEX, MPI_COMPLEX16}) {
    SCOPED_TRACE(t);
    check_complex_allreduce<double>(t);
  }
  for (MPI_Datatype t : {MPI_C_LONG_DOUBLE_COMPLEX, MPI_CXX_LONG_DOUBLE_COMPLEX}) {
    SCOPED_TRACE(t);
    check_complex_allreduce<long double>(t);
  }
}

TEST(ComplexReductions, OrderingLogicalAndBitwiseOperationsAreRefused) {
  std::vector<int> codes;
  auto result = simulate(1, [&](int, int) {
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    std::complex<double> in{1, 2}, out{};
    for (MPI_Op op : {MPI_MAX, MPI_MIN, MPI_LAND, MPI_BOR, MPI_MAXLOC}) {
      codes.push_back(MPI_Allreduce(&in, &out, 1, MPI_C_DOUBLE_COMPLEX, op, MPI_COMM_WORLD));
    }
    codes.push_back(MPI_Allreduce(&in, &out, 1, MPI_C_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(codes, (std::vector<int>{MPI_ERR_OP, MPI_ERR_OP, MPI_ERR_OP, MPI_ERR_OP, MPI_ERR_OP, MPI_SUCCESS}));
}

TEST(LogicalReductions, CxxBoolAndFortranLogical) {
  // Rank r holds bit i of the pattern (r + 1) * (i + 1); each column's AND, OR and XOR over ranks.
  auto truth = [](int rank, int i) { return (((rank + 1) * (i + 1)) & 2) != 0; };
  std::vector<int> expected_and(4, 1), expected_or(4, 0), expected_xor(4, 0);
  for (int r = 0; r < kRanks; ++r) {
    for (int i = 0; i < 4; ++i) {
      expected_and[static_cast<std::size_t>(i)] &= truth(r, i);
      expected_or[static_cast<std::size_t>(i)] |= truth(r, i);
      expected_xor[static_cast<std::size_t>(i)] ^= truth(r, i);
    }
  }
  std::vector<std::vector<int>> got(6);
  std::vector<int> refused;
  auto result = simulate(kRanks, [&](int rank, int) {
    bool bools[4], bool_out[4];
    std::int32_t logicals[4], logical_out[4];  // gfortran LOGICAL: 0 or 1 in 4 bytes
    for (int i = 0; i < 4; ++i) {
      bools[i] = truth(rank, i);
      logicals[i] = truth(rank, i) ? 1 : 0;
    }
    const MPI_Op ops[] = {MPI_LAND, MPI_LOR, MPI_LXOR};
    for (int k = 0; k < 3; ++k) {
      MPI_Allreduce(bools, bool_out, 4, MPI_CXX_BOOL, ops[k], MPI_COMM_WORLD);
      MPI_Allreduce(logicals, logical_out, 4, MPI_LOGICAL, ops[k], MPI_COMM_WORLD);
      if (rank != 0) continue;
      got[static_cast<std::size_t>(k)].assign(bool_out, bool_out + 4);
      got[static_cast<std::size_t>(3 + k)].assign(logical_out, logical_out + 4);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (rank == 0) {
      refused.push_back(MPI_Reduce_local(logicals, logical_out, 4, MPI_LOGICAL, MPI_SUM));
      refused.push_back(MPI_Reduce_local(bools, bool_out, 4, MPI_CXX_BOOL, MPI_MAX));
    }
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(got, (std::vector<std::vector<int>>{expected_and, expected_or, expected_xor, expected_and, expected_or,
                                                expected_xor}));
  EXPECT_EQ(refused, (std::vector<int>{MPI_ERR_OP, MPI_ERR_OP}));
}

TEST(FortranReductions, MaxlocAndMinlocOnTheFortranPairTypes) {
  // (value, index) pairs whose index has the value's type; rank r's value for column c.
  // Column 0 ties for the minimum (ranks 0 and 3), column 2 for the maximum (ranks 0 and 3).
  auto value = [](int rank, int c) { return (rank * 2 + c) % 3; };
  std::vector<float> real_max;
  std::vector<double> double_min;
  std::vector<std::int32_t> integer_max;
  auto result = simulate(kRanks, [&](int rank, int) {
    float reals[6], real_out[6];
    double doubles[6], double_out[6];
    std::int32_t integers[6], integer_out[6];
    for (int c = 0; c < 3; ++c) {
      reals[2 * c] = static_cast<float>(value(rank, c));
      doubles[2 * c] = value(rank, c);
      integers[2 * c] = value(rank, c);
      reals[2 * c + 1] = static_cast<float>(rank);
      doubles[2 * c + 1] = rank;
      integers[2 * c + 1] = rank;
    }
    MPI_Allreduce(reals, real_out, 3, MPI_2REAL, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Allreduce(doubles, double_out, 3, MPI_2DOUBLE_PRECISION, MPI_MINLOC, MPI_COMM_WORLD);
    MPI_Allreduce(integers, integer_out, 3, MPI_2INTEGER, MPI_MAXLOC, MPI_COMM_WORLD);
    if (rank != 0) return;
    real_max.assign(real_out, real_out + 6);
    double_min.assign(double_out, double_out + 6);
    integer_max.assign(integer_out, integer_out + 6);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  std::vector<float> want_real_max;
  std::vector<double> want_double_min;
  std::vector<std::int32_t> want_integer_max;
  for (int c = 0; c < 3; ++c) {
    int best_max = 0, best_min = 0;  // the lowest rank wins a tie
    for (int r = 1; r < kRanks; ++r) {
      if (value(r, c) > value(best_max, c)) best_max = r;
      if (value(r, c) < value(best_min, c)) best_min = r;
    }
    want_real_max.insert(want_real_max.end(), {static_cast<float>(value(best_max, c)), static_cast<float>(best_max)});
    want_double_min.insert(want_double_min.end(),
                           {static_cast<double>(value(best_min, c)), static_cast<double>(best_min)});
    want_integer_max.insert(want_integer_max.end(), {value(best_max, c), best_max});
  }
  EXPECT_EQ(real_max, want_real_max);
  EXPECT_EQ(double_min, want_double_min);
  EXPECT_EQ(integer_max, want_integer_max);
}

TEST(FortranReductions, IntegerAndRealTypesAndTheMultiLanguageIntegers) {
  std::vector<long long> sums;
  std::vector<double> products;
  auto result = simulate(kRanks, [&](int rank, int) {
    const std::int32_t integer = rank + 1;
    const std::int64_t integer8 = (std::int64_t{1} << 33) * (rank + 1);
    const MPI_Aint aint = (MPI_Aint{1} << 40) + rank;
    const MPI_Offset offset = -(MPI_Offset{3} << 35);
    const MPI_Count count = rank;
    const double real8 = 0.5 * (rank + 1);
    std::int32_t integer_sum = 0;
    std::int64_t integer8_sum = 0;
    MPI_Aint aint_max = 0;
    MPI_Offset offset_sum = 0;
    MPI_Count count_bor = 0;
    double real8_prod = 0;
    MPI_Allreduce(&integer, &integer_sum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&integer8, &integer8_sum, 1, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&aint, &aint_max, 1, MPI_AINT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(&offset, &offset_sum, 1, MPI_OFFSET, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&count, &count_bor, 1, MPI_COUNT, MPI_BOR, MPI_COMM_WORLD);
    MPI_Allreduce(&real8, &real8_prod, 1, MPI_REAL8, MPI_PROD, MPI_COMM_WORLD);
    if (rank != 0) return;
    sums = {integer_sum, integer8_sum, aint_max, offset_sum, count_bor};
    products = {real8_prod};
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(sums, (std::vector<long long>{1 + 2 + 3 + 4, (1LL << 33) * 10, (1LL << 40) + 3, -4 * (3LL << 35),
                                          0 | 1 | 2 | 3}));
  EXPECT_EQ(products, (std::vector<double>{0.5 * 1.0 * 1.5 * 2.0}));
}

namespace {

// A non-commutative user operation on ints: inout = 10 * in + inout.
void shift_and_add(void* invec, void* inoutvec, int* len, MPI_Datatype*) {
  const int* in = static_cast<const int*>(invec);
  int* inout = static_cast<int*>(inoutvec);
  for (int i = 0; i < *len; ++i) inout[i] = 10 * in[i] + inout[i];
}

}  // namespace

TEST(ReduceLocal, PredefinedAndUserOperationsOnContiguousAndStridedTypes) {
  std::vector<int> summed, shifted, strided;
  std::vector<std::complex<double>> multiplied;
  std::vector<int> errors;
  auto result = simulate(1, [&](int, int) {
    const int in[6] = {1, 2, 3, 4, 5, 6};
    int inout[6] = {10, 20, 30, 40, 50, 60};
    MPI_Reduce_local(in, inout, 6, MPI_INT, MPI_SUM);
    summed.assign(inout, inout + 6);

    MPI_Op op;
    MPI_Op_create(shift_and_add, 0, &op);
    int right[6] = {7, 8, 9, 0, 1, 2};
    MPI_Reduce_local(in, right, 6, MPI_INT, op);  // in is the left operand
    shifted.assign(right, right + 6);

    // Every other int: the ints in between stay as they were.
    MPI_Datatype every_other;
    MPI_Type_vector(3, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    int gapped[6] = {100, -1, 200, -2, 300, -3};
    MPI_Reduce_local(in, gapped, 1, every_other, MPI_PROD);
    strided.assign(gapped, gapped + 6);

    const std::complex<double> left[2] = {{1, 1}, {0, 2}};
    std::complex<double> product[2] = {{1, -1}, {3, 0}};
    MPI_Reduce_local(left, product, 2, MPI_CXX_DOUBLE_COMPLEX, MPI_PROD);
    multiplied.assign(product, product + 2);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    errors.push_back(MPI_Reduce_local(MPI_IN_PLACE, inout, 6, MPI_INT, MPI_SUM));
    errors.push_back(MPI_Reduce_local(in, inout, 6, MPI_INT, MPI_OP_NULL));
    errors.push_back(MPI_Reduce_local(in, inout, -1, MPI_INT, MPI_SUM));
    errors.push_back(MPI_Reduce_local(in, inout, 6, MPI_DOUBLE_INT, MPI_SUM));
    errors.push_back(MPI_Reduce_local(in, inout, 0, MPI_INT, MPI_SUM));
    MPI_Type_free(&every_other);
    MPI_Op_free(&op);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(summed, (std::vector<int>{11, 22, 33, 44, 55, 66}));
  EXPECT_EQ(shifted, (std::vector<int>{17, 28, 39, 40, 51, 62}));
  EXPECT_EQ(strided, (std::vector<int>{100 * 1, -1, 200 * 3, -2, 300 * 5, -3}));
  EXPECT_EQ(multiplied, (std::vector<std::complex<double>>{{2, 0}, {0, 6}}));
  EXPECT_EQ(errors, (std::vector<int>{MPI_ERR_BUFFER, MPI_ERR_OP, MPI_ERR_COUNT, MPI_ERR_OP, MPI_SUCCESS}));
}

TEST(OpCommutative, PredefinedAndUserOperations) {
  std::vector<int> flags, errors;
  auto result = simulate(1, [&](int, int) {
    MPI_Op commutative, ordered;
    MPI_Op_create(shift_and_add, 1, &commutative);
    MPI_Op_create(shift_and_add, 0, &ordered);
    for (MPI_Op op : {MPI_SUM, MPI_MAXLOC, MPI_BXOR, commutative, ordered}) {
      int flag = -1;
      MPI_Op_commutative(op, &flag);
      flags.push_back(flag);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int flag = -1;
    errors.push_back(MPI_Op_commutative(MPI_OP_NULL, &flag));
    const MPI_Op stale = ordered;
    MPI_Op_free(&ordered);
    errors.push_back(MPI_Op_commutative(stale, &flag));
    errors.push_back(MPI_Op_commutative(MPI_SUM, nullptr));
    MPI_Op_free(&commutative);
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(flags, (std::vector<int>{1, 1, 1, 1, 0}));
  EXPECT_EQ(errors, (std::vector<int>{MPI_ERR_OP, MPI_ERR_OP, MPI_ERR_ARG}));
}
