// Reduction operations, checked against results computed here: every predefined operation on the
// basic types, MPI_MAXLOC/MPI_MINLOC on each pair type, derived types, refused combinations, user
// operations (operand order, the unpacked layout they see), the op table, and MPI_Op_create /
// MPI_Op_free in a simulated run.

#include "xo/mpi/state/reduction_op.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "simulate.hpp"
#include "xo/mpi/state/datatype_pack.hpp"
#include "xo/mpi/state/datatype_table.hpp"
#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/op_table.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::BasicType;
using xo::mpi::Datatype;
using xo::mpi::MpiError;
using xo::mpi::OpTable;
using xo::mpi::ReductionOp;

namespace {

const ReductionOp& op(MPI_Op handle) { return *ReductionOp::predefined(handle); }

// Applies a predefined operation to arrays of a basic type (whose packed form is the array itself).
template <class T>
std::vector<T> reduce(MPI_Op handle, BasicType basic, const std::vector<T>& in, std::vector<T> inout) {
  op(handle).apply(reinterpret_cast<const std::byte*>(in.data()), reinterpret_cast<std::byte*>(inout.data()),
                   static_cast<std::int64_t>(in.size()), Datatype::basic(basic), MPI_DATATYPE_NULL);
  return inout;
}

template <class T>
std::vector<std::byte> packed(const std::vector<T>& values, std::int64_t count, const Datatype& type) {
  std::vector<std::byte> out(static_cast<std::size_t>(count * type.size()));
  xo::mpi::pack(values.data(), count, type, out.data());
  return out;
}

// The MpiError that check() throws, or a failure if it throws none.
MpiError refusal(MPI_Op handle, const Datatype& type) {
  try {
    op(handle).check(type);
  } catch (const MpiError& error) {
    return error;
  }
  ADD_FAILURE() << op(handle).name() << " was accepted";
  return MpiError(MPI_SUCCESS, "");
}

template <class CType, BasicType kBasic>
struct Case {
  using T = CType;
  static constexpr BasicType basic = kBasic;
};

template <class C>
class NumericOps : public ::testing::Test {};
using NumericCases = ::testing::Types<
    Case<char, BasicType::Char>, Case<signed char, BasicType::SignedChar>, Case<unsigned char, BasicType::UnsignedChar>,
    Case<short, BasicType::Short>, Case<unsigned short, BasicType::UnsignedShort>, Case<int, BasicType::Int>,
    Case<unsigned, BasicType::Unsigned>, Case<long, BasicType::Long>, Case<unsigned long, BasicType::UnsignedLong>,
    Case<long long, BasicType::LongLong>, Case<unsigned long long, BasicType::UnsignedLongLong>,
    Case<wchar_t, BasicType::WChar>, Case<std::int8_t, BasicType::Int8>, Case<std::int16_t, BasicType::Int16>,
    Case<std::int32_t, BasicType::Int32>, Case<std::int64_t, BasicType::Int64>, Case<std::uint8_t, BasicType::UInt8>,
    Case<std::uint16_t, BasicType::UInt16>, Case<std::uint32_t, BasicType::UInt32>,
    Case<std::uint64_t, BasicType::UInt64>, Case<float, BasicType::Float>, Case<double, BasicType::Double>,
    Case<long double, BasicType::LongDouble>>;
TYPED_TEST_SUITE(NumericOps, NumericCases);

// Small non-negative values: every result fits every type, so plain C++ gives the expected values.
TYPED_TEST(NumericOps, EveryDefinedOperationMatchesPlainCpp) {
  using T = typename TypeParam::T;
  const std::vector<T> in = {0, 1, 6, 3, 9, 2, 7, 4, 5, 0};
  const std::vector<T> inout = {5, 1, 2, 8, 0, 3, 7, 11, 12, 0};
  auto expect = [&](MPI_Op handle, auto reference) {
    std::vector<T> expected;
    for (std::size_t i = 0; i < in.size(); ++i) expected.push_back(static_cast<T>(reference(in[i], inout[i])));
    EXPECT_EQ(reduce(handle, TypeParam::basic, in, inout), expected) << op(handle).name();
  };
  expect(MPI_MAX, [](T a, T b) { return std::max(a, b); });
  expect(MPI_MIN, [](T a, T b) { return std::min(a, b); });
  expect(MPI_SUM, [](T a, T b) { return a + b; });
  expect(MPI_PROD, [](T a, T b) { return a * b; });
  if constexpr (std::is_integral_v<T>) {
    // Logical results are 0 or 1 whatever the nonzero inputs (5 and 12 included).
    expect(MPI_LAND, [](T a, T b) { return a != 0 && b != 0; });
    expect(MPI_LOR, [](T a, T b) { return a != 0 || b != 0; });
    expect(MPI_LXOR, [](T a, T b) { return (a != 0) != (b != 0); });
    expect(MPI_BAND, [](T a, T b) { return a & b; });
    expect(MPI_BOR, [](T a, T b) { return a | b; });
    expect(MPI_BXOR, [](T a, T b) { return a ^ b; });
  } else {
    for (MPI_Op h : {MPI_LAND, MPI_LOR, MPI_LXOR, MPI_BAND, MPI_BOR, MPI_BXOR}) {
      EXPECT_EQ(refusal(h, Datatype::basic(TypeParam::basic)).error_class(), MPI_ERR_OP) << op(h).name();
    }
  }
}

TEST(PredefinedOps, SignedValuesCompareAsSigned) {
  EXPECT_EQ(reduce<int>(MPI_MAX, BasicType::Int, {-1, -30, 7}, {1, -4, -8}), (std::vector<int>{1, -4, 7}));
  EXPECT_EQ(reduce<int>(MPI_MIN, BasicType::Int, {-1, -30, 7}, {1, -4, -8}), (std::vector<int>{-1, -30, -8}));
  EXPECT_EQ(reduce<unsigned>(MPI_MAX, BasicType::Unsigned, {0xffffffffu}, {1u}), (std::vector<unsigned>{0xffffffffu}));
  EXPECT_EQ(reduce<std::int8_t>(MPI_SUM, BasicType::Int8, {-100, 3}, {-20, -9}), (std::vector<std::int8_t>{-120, -6}));
  EXPECT_EQ(reduce<short>(MPI_PROD, BasicType::Short, {-3}, {70}), (std::vector<short>{-210}));
  EXPECT_EQ(reduce<double>(MPI_MIN, BasicType::Double, {-0.5, 2.5}, {-1.5, 1e300}), (std::vector<double>{-1.5, 2.5}));
}

TEST(PredefinedOps, IntegerOverflowWrapsAround) {
  EXPECT_EQ(reduce<int>(MPI_SUM, BasicType::Int, {INT_MAX}, {1}), (std::vector<int>{INT_MIN}));
  EXPECT_EQ(reduce<long long>(MPI_SUM, BasicType::LongLong, {LLONG_MAX}, {2}), (std::vector<long long>{LLONG_MIN + 1}));
  EXPECT_EQ(reduce<std::uint8_t>(MPI_SUM, BasicType::UInt8, {200}, {100}), (std::vector<std::uint8_t>{44}));
  // 65535 * 65535 would overflow int after the usual promotion; modulo 2^16 it is 1.
  EXPECT_EQ(reduce<unsigned short>(MPI_PROD, BasicType::UnsignedShort, {65535}, {65535}),
            (std::vector<unsigned short>{1}));
}

TEST(PredefinedOps, LogicalOpsOnIntsAndBoolsGiveZeroOrOne) {
  EXPECT_EQ(reduce<int>(MPI_LAND, BasicType::Int, {5, 0, -2, 0}, {-7, 3, 0, 0}), (std::vector<int>{1, 0, 0, 0}));
  EXPECT_EQ(reduce<int>(MPI_LOR, BasicType::Int, {5, 0, -2, 0}, {-7, 3, 0, 0}), (std::vector<int>{1, 1, 1, 0}));
  EXPECT_EQ(reduce<int>(MPI_LXOR, BasicType::Int, {5, 0, -2, 0}, {-7, 3, 0, 0}), (std::vector<int>{0, 1, 1, 0}));
  const bool in[] = {false, true, false, true};
  auto bools = [&](MPI_Op handle) {
    bool inout[] = {false, false, true, true};
    op(handle).apply(reinterpret_cast<const std::byte*>(in), reinterpret_cast<std::byte*>(inout), 4,
                     Datatype::basic(BasicType::Bool), MPI_C_BOOL);
    return std::vector<bool>(inout, inout + 4);
  };
  EXPECT_EQ(bools(MPI_LAND), (std::vector<bool>{false, false, false, true}));
  EXPECT_EQ(bools(MPI_LOR), (std::vector<bool>{false, true, true, true}));
  EXPECT_EQ(bools(MPI_LXOR), (std::vector<bool>{false, true, true, false}));
}

TEST(PredefinedOps, BitwiseOpsOnBytesAndPacked) {
  for (BasicType basic : {BasicType::Byte, BasicType::Packed}) {
    const std::vector<unsigned char> in = {0xf0, 0x0f, 0xaa};
    const std::vector<unsigned char> inout = {0x3c, 0x0f, 0x55};
    EXPECT_EQ(reduce(MPI_BAND, basic, in, inout), (std::vector<unsigned char>{0x30, 0x0f, 0x00}));
    EXPECT_EQ(reduce(MPI_BOR, basic, in, inout), (std::vector<unsigned char>{0xfc, 0x0f, 0xff}));
    EXPECT_EQ(reduce(MPI_BXOR, basic, in, inout), (std::vector<unsigned char>{0xcc, 0x00, 0xff}));
  }
  EXPECT_EQ(reduce<int>(MPI_BXOR, BasicType::Int, {-1}, {0x0f0f}), (std::vector<int>{~0x0f0f}));
}

template <class V>
struct Pair {
  V value;
  int index;
};

// MPI_MAXLOC and MPI_MINLOC on a pair type, through its packed form: value then index, no padding,
// so from the second pair on the values are unaligned.
template <class V>
void expect_located(MPI_Datatype handle) {
  const Datatype& type = *xo::mpi::predefined_datatype(handle);
  ASSERT_EQ(type.size(), static_cast<std::int64_t>(sizeof(V) + sizeof(int)));
  const std::vector<Pair<V>> in = {{3, 0}, {5, 1}, {2, 2}, {4, 3}, {-2, 6}};
  const std::vector<Pair<V>> inout = {{1, 5}, {5, 0}, {2, 7}, {9, 1}, {-7, 1}};
  auto run = [&](MPI_Op handle) {
    auto packed_in = packed(in, 5, type);
    auto packed_inout = packed(inout, 5, type);
    op(handle).apply(packed_in.data(), packed_inout.data(), 5, type, MPI_DATATYPE_NULL);
    std::vector<Pair<V>> out(5);
    xo::mpi::unpack(packed_inout.data(), static_cast<std::int64_t>(packed_inout.size()), type, out.data());
    std::vector<std::pair<long double, int>> result;
    for (const auto& p : out) result.emplace_back(static_cast<long double>(p.value), p.index);
    return result;
  };
  // Equal values keep the lower index, whichever operand holds it.
  EXPECT_EQ(run(MPI_MAXLOC), (std::vector<std::pair<long double, int>>{{3, 0}, {5, 0}, {2, 2}, {9, 1}, {-2, 6}}));
  EXPECT_EQ(run(MPI_MINLOC), (std::vector<std::pair<long double, int>>{{1, 5}, {5, 0}, {2, 2}, {4, 3}, {-7, 1}}));
}

TEST(PredefinedOps, MaxlocAndMinlocOnEveryPairType) {
  expect_located<float>(MPI_FLOAT_INT);
  expect_located<double>(MPI_DOUBLE_INT);
  expect_located<long>(MPI_LONG_INT);
  expect_located<int>(MPI_2INT);
  expect_located<short>(MPI_SHORT_INT);
  expect_located<long double>(MPI_LONG_DOUBLE_INT);
}

TEST(PredefinedOps, MaxlocOnATypeBuiltFromPairs) {
  const Datatype two_pairs = Datatype::contiguous(2, *xo::mpi::predefined_datatype(MPI_DOUBLE_INT));
  const std::vector<Pair<double>> in = {{1.5, 4}, {8, 0}, {7, 7}, {2, 2}};
  const std::vector<Pair<double>> inout = {{1.5, 3}, {9, 1}, {6, 0}, {2, 1}};
  auto a = packed(in, 2, two_pairs);
  auto b = packed(inout, 2, two_pairs);
  op(MPI_MAXLOC).apply(a.data(), b.data(), 2, two_pairs, MPI_DATATYPE_NULL);
  std::vector<Pair<double>> out(4);
  xo::mpi::unpack(b.data(), static_cast<std::int64_t>(b.size()), two_pairs, out.data());
  const double values[] = {1.5, 9, 7, 2};
  const int indices[] = {3, 1, 7, 1};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(out[i].value, values[i]) << i;
    EXPECT_EQ(out[i].index, indices[i]) << i;
  }
}

TEST(PredefinedOps, StridedVectorOfDoublesCombinesOnlyItsElements) {
  const Datatype every_other = Datatype::vector(3, 1, 2, Datatype::basic(BasicType::Double));  // extent 5 doubles
  std::vector<double> in(10), inout(10);
  for (std::size_t i = 0; i < 10; ++i) {
    in[i] = static_cast<double>(i);
    inout[i] = 100.0 * static_cast<double>(i);
  }
  auto a = packed(in, 2, every_other);
  auto b = packed(inout, 2, every_other);
  op(MPI_SUM).apply(a.data(), b.data(), 2, every_other, MPI_DATATYPE_NULL);
  std::vector<double> out = inout;
  xo::mpi::unpack(b.data(), static_cast<std::int64_t>(b.size()), every_other, out.data());
  for (std::size_t i : {0u, 2u, 4u, 5u, 7u, 9u}) EXPECT_EQ(out[i], 101.0 * static_cast<double>(i)) << i;
  for (std::size_t i : {1u, 3u, 6u, 8u}) EXPECT_EQ(out[i], 100.0 * static_cast<double>(i)) << i;
}

TEST(PredefinedOps, StructOfOneBasicTypeIsAcceptedMixedStructIsRefused) {
  const Datatype d = Datatype::basic(BasicType::Double);
  const Datatype i = Datatype::basic(BasicType::Int);
  const int lengths[] = {1, 1};
  const std::int64_t gap[] = {0, 16};
  const Datatype* doubles[] = {&d, &d};
  const Datatype padded = Datatype::structure(lengths, gap, doubles);
  EXPECT_NO_THROW(op(MPI_MAX).check(padded));
  const std::vector<double> in = {1, -1, 7, -1}, inout = {5, -1, 3, -1};  // -1: the gaps
  auto a = packed(in, 1, padded);
  auto b = packed(inout, 1, padded);
  op(MPI_MAX).apply(a.data(), b.data(), 1, padded, MPI_DATATYPE_NULL);
  EXPECT_EQ(b, packed(std::vector<double>{5, -1, 7, -1}, 1, padded));

  const std::int64_t int_then_double[] = {0, 8};
  const Datatype* mixed_types[] = {&i, &d};
  const Datatype mixed = Datatype::structure(lengths, int_then_double, mixed_types);
  const MpiError error = refusal(MPI_SUM, mixed);
  EXPECT_EQ(error.error_class(), MPI_ERR_OP);
  EXPECT_NE(std::string(error.what()).find("MPI_SUM is not defined for a datatype mixing MPI_INT and MPI_DOUBLE"),
            std::string::npos)
      << error.what();
  EXPECT_NE(std::string(error.what()).find("MPI_Op_create"), std::string::npos) << error.what();
  EXPECT_EQ(refusal(MPI_MAXLOC, mixed).error_class(), MPI_ERR_OP);  // index first: not a pair
  std::vector<std::byte> x(12), y(12);
  EXPECT_THROW(op(MPI_SUM).apply(x.data(), y.data(), 1, mixed, MPI_DATATYPE_NULL), MpiError);

  // A user struct {double; int} has MPI_DOUBLE_INT's type map, so MPI_MAXLOC takes it as that pair.
  const std::int64_t double_then_int[] = {0, 8};
  const Datatype* pair_types[] = {&d, &i};
  EXPECT_NO_THROW(op(MPI_MAXLOC).check(Datatype::structure(lengths, double_then_int, pair_types)));
}

struct Refused {
  MPI_Op op;
  Datatype type;
  std::string message;  // a part of the message
};

TEST(PredefinedOps, UndefinedCombinationsAreRefusedWithTheFix) {
  const auto basic = [](BasicType t) { return Datatype::basic(t); };
  const auto predefined = [](MPI_Datatype h) { return *xo::mpi::predefined_datatype(h); };
  const std::vector<Refused> cases = {
      {MPI_BAND, basic(BasicType::Double), "MPI_BAND is not defined for MPI_DOUBLE: MPI_BAND takes integer types"},
      {MPI_BXOR, basic(BasicType::Float), "reduce their bits as an unsigned integer type"},
      {MPI_MAXLOC, basic(BasicType::Int), "MPI_MAXLOC is not defined for MPI_INT: MPI_MAXLOC takes (value, index)"},
      {MPI_MINLOC, Datatype::contiguous(3, basic(BasicType::Int)), "for a derived datatype of MPI_INT elements"},
      {MPI_MINLOC, basic(BasicType::Double), "use MPI_2INT, MPI_FLOAT_INT, MPI_DOUBLE_INT"},
      {MPI_SUM, basic(BasicType::Byte),
       "MPI_SUM is not defined for MPI_BYTE: MPI_SUM takes integer, floating-point and complex"},
      {MPI_PROD, basic(BasicType::Packed), "describe the data by its real type"},
      {MPI_MAX, basic(BasicType::Bool), "use MPI_LAND, MPI_LOR or MPI_LXOR on MPI_C_BOOL"},
      {MPI_BOR, Datatype::vector(2, 1, 2, basic(BasicType::Bool)), "a derived datatype of MPI_C_BOOL elements"},
      {MPI_LAND, basic(BasicType::Double), "MPI_LAND takes integer types, MPI_C_BOOL, MPI_CXX_BOOL and MPI_LOGICAL"},
      {MPI_LXOR, basic(BasicType::LongDouble), "convert the values to MPI_INT or MPI_C_BOOL"},
      {MPI_SUM, predefined(MPI_DOUBLE_INT), "MPI_SUM is not defined for MPI_DOUBLE_INT: predefined operations need"},
      {MPI_MIN, Datatype::contiguous(2, predefined(MPI_FLOAT_INT)), "of MPI_FLOAT_INT pairs"},
  };
  for (const Refused& c : cases) {
    const MpiError error = refusal(c.op, c.type);
    EXPECT_EQ(error.error_class(), MPI_ERR_OP) << c.message;
    EXPECT_NE(std::string(error.what()).find(c.message), std::string::npos) << error.what();
  }
}

TEST(PredefinedOps, AcceptedCombinations) {
  EXPECT_NO_THROW(op(MPI_BAND).check(Datatype::basic(BasicType::Byte)));
  EXPECT_NO_THROW(op(MPI_LXOR).check(Datatype::basic(BasicType::Bool)));
  EXPECT_NO_THROW(op(MPI_MAX).check(Datatype::basic(BasicType::Char)));
  EXPECT_NO_THROW(op(MPI_SUM).check(Datatype::basic(BasicType::WChar)));
  EXPECT_NO_THROW(op(MPI_BAND).check(Datatype::contiguous(0, Datatype::basic(BasicType::Double))));  // no elements
  for (MPI_Datatype pair :
       {MPI_FLOAT_INT, MPI_DOUBLE_INT, MPI_LONG_INT, MPI_2INT, MPI_SHORT_INT, MPI_LONG_DOUBLE_INT}) {
    EXPECT_NO_THROW(op(MPI_MINLOC).check(*xo::mpi::predefined_datatype(pair))) << pair;
  }
}

// A non-commutative user operation: inout = in x inout for 2x2 row-major matrices.
MPI_Datatype g_seen_datatype = MPI_DATATYPE_NULL;
void matrix_product(void* invec, void* inoutvec, int* len, MPI_Datatype* datatype) {
  g_seen_datatype = *datatype;
  auto* a = static_cast<double*>(invec);
  auto* b = static_cast<double*>(inoutvec);
  for (int m = 0; m < *len; ++m, a += 4, b += 4) {
    const double c[] = {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                        a[2] * b[1] + a[3] * b[3]};
    std::copy(c, c + 4, b);
  }
}

TEST(UserOps, InIsTheLeftOperand) {
  const ReductionOp product = ReductionOp::user(matrix_product, false);
  EXPECT_FALSE(product.commutative());
  EXPECT_EQ(product.name(), "user operation");
  const Datatype matrix = Datatype::contiguous(4, Datatype::basic(BasicType::Double));
  EXPECT_NO_THROW(product.check(matrix));
  const std::vector<double> in = {1, 2, 3, 4, 0, 1, 1, 0};  // A, then B
  std::vector<double> inout = {0, 1, 1, 0, 1, 2, 3, 4};     // B, then A
  product.apply(reinterpret_cast<const std::byte*>(in.data()), reinterpret_cast<std::byte*>(inout.data()), 2, matrix,
                77);
  EXPECT_EQ(inout, (std::vector<double>{2, 1, 4, 3, 3, 4, 1, 2}));  // A*B, then B*A
  EXPECT_EQ(g_seen_datatype, 77);
}

// A user operation that reads each instance's doubles at g_positions (in doubles from the
// instance's displacement 0) and stores 10 * in + inout there.
std::vector<int> g_positions;
int g_instance_doubles = 0;
std::vector<int> g_lens;
bool g_aligned = true;
void scaled_sum(void* invec, void* inoutvec, int* len, MPI_Datatype*) {
  g_lens.push_back(*len);
  if (g_positions.empty()) return;
  g_aligned = g_aligned && reinterpret_cast<std::uintptr_t>(invec) % alignof(double) == 0 &&
              reinterpret_cast<std::uintptr_t>(inoutvec) % alignof(double) == 0;
  const auto* a = static_cast<const double*>(invec);
  auto* b = static_cast<double*>(inoutvec);
  for (int i = 0; i < *len; ++i) {
    for (int p : g_positions) b[i * g_instance_doubles + p] += 10 * a[i * g_instance_doubles + p];
  }
}

// Runs scaled_sum over 3 instances of a non-contiguous type with 2 doubles each.
void expect_user_layout(const Datatype& type, std::vector<int> positions) {
  g_positions = std::move(positions);
  g_instance_doubles = static_cast<int>(type.extent() / 8);
  g_lens.clear();
  g_aligned = true;
  ASSERT_FALSE(type.is_contiguous());
  std::vector<std::byte> in(48), inout(48);
  const std::vector<double> left = {1, 2, 3, 4, 5, 6}, right = {100, 200, 300, 400, 500, 600};
  std::copy_n(reinterpret_cast<const std::byte*>(left.data()), 48, in.begin());
  std::copy_n(reinterpret_cast<const std::byte*>(right.data()), 48, inout.begin());
  ReductionOp::user(scaled_sum, true).apply(in.data(), inout.data(), 3, type, MPI_DATATYPE_NULL);
  std::vector<double> out(6);
  std::copy_n(inout.begin(), 48, reinterpret_cast<std::byte*>(out.data()));
  EXPECT_EQ(out, (std::vector<double>{110, 220, 330, 440, 550, 660}));
  EXPECT_EQ(g_lens, (std::vector<int>{3}));
  EXPECT_TRUE(g_aligned);
}

TEST(UserOps, NonContiguousTypeIsUnpackedForTheFunction) {
  const Datatype d = Datatype::basic(BasicType::Double);
  expect_user_layout(Datatype::vector(2, 1, 3, d), {0, 3});  // doubles 0 and 3 of every 4
  // Displacements -1 and 2: lb is negative, so data lies below the buffer pointer the function gets.
  const int lengths[] = {1, 1};
  const int below_zero[] = {-1, 2};
  expect_user_layout(Datatype::indexed(lengths, below_zero, d), {-1, 2});
  const int above_zero[] = {2, 5};
  expect_user_layout(Datatype::indexed(lengths, above_zero, d), {2, 5});  // lb 16, extent 4 doubles
}

TEST(UserOps, CountsBeyondIntGoInChunks) {
  g_positions.clear();
  g_lens.clear();
  const std::int64_t count = 3'000'000'000;  // of an empty type: no memory needed
  std::byte none{};
  ReductionOp::user(scaled_sum, true)
      .apply(&none, &none, count, Datatype::contiguous(0, Datatype::basic(BasicType::Int)), MPI_DATATYPE_NULL);
  EXPECT_EQ(g_lens, (std::vector<int>{INT_MAX, static_cast<int>(count - INT_MAX)}));
}

TEST(OpTable, HandlesAndErrors) {
  OpTable table;
  const char* names[] = {"MPI_MAX", "MPI_MIN", "MPI_SUM",  "MPI_PROD", "MPI_LAND",   "MPI_BAND",
                         "MPI_LOR", "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MAXLOC", "MPI_MINLOC"};
  for (MPI_Op h = MPI_MAX; h <= MPI_MINLOC; ++h) {
    EXPECT_EQ(table.get(h).name(), names[h - MPI_MAX]);
    EXPECT_TRUE(table.get(h).commutative());
  }
  EXPECT_EQ(ReductionOp::predefined(MPI_OP_NULL), nullptr);
  EXPECT_EQ(ReductionOp::predefined(MPI_MINLOC + 1), nullptr);

  MPI_Op first = table.add(ReductionOp::user(matrix_product, false));
  const MPI_Op second = table.add(ReductionOp::user(scaled_sum, true));
  EXPECT_EQ(first, XO_FIRST_USER_OP);
  EXPECT_EQ(second, XO_FIRST_USER_OP + 1);
  EXPECT_EQ(table.get(first).name(), "user operation " + std::to_string(XO_FIRST_USER_OP));
  EXPECT_FALSE(table.get(first).commutative());

  const MPI_Op stale = first;
  table.free(first);
  EXPECT_EQ(first, MPI_OP_NULL);
  EXPECT_EQ(table.add(ReductionOp::user(scaled_sum, true)), XO_FIRST_USER_OP + 2);  // no reuse
  auto message = [&](auto call) -> std::string {
    try {
      call();
    } catch (const MpiError& error) {
      EXPECT_EQ(error.error_class(), MPI_ERR_OP);
      return error.what();
    }
    return "no error";
  };
  EXPECT_NE(message([&] { table.get(stale); }).find("was already freed with MPI_Op_free"), std::string::npos);
  EXPECT_NE(message([&] { table.get(MPI_OP_NULL); }).find("the operation is MPI_OP_NULL"), std::string::npos);
  EXPECT_NE(message([&] { table.get(20); }).find("operation handle 20 was never created"), std::string::npos);
  EXPECT_NE(message([&] { table.get(MPI_REPLACE); }).find("MPI_REPLACE serves only the one-sided accumulates"),
            std::string::npos);
  EXPECT_NE(message([&] { table.get(1000); }).find("operation handle 1000 was never created"), std::string::npos);
  MPI_Op sum = MPI_SUM;
  EXPECT_NE(message([&] { table.free(sum); }).find("MPI_SUM is predefined and cannot be freed"), std::string::npos);
  EXPECT_EQ(sum, MPI_SUM);
  MPI_Op copy = stale;
  EXPECT_NE(message([&] { table.free(copy); }).find("already freed"), std::string::npos);
  EXPECT_EQ(table.get(second).name(), "user operation " + std::to_string(XO_FIRST_USER_OP + 1));
}

TEST(OpApi, CreateFreeAndErrorsReturned) {
  std::vector<std::vector<int>> codes(2);
  std::vector<MPI_Op> handles(2, MPI_OP_NULL);
  std::vector<double> products(2, 0);
  auto result = xo::test::simulate(2, [&](int rank, int) {
    auto& c = codes[static_cast<std::size_t>(rank)];
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Op product = MPI_OP_NULL;
    c.push_back(MPI_Op_create(matrix_product, 0, &product));
    handles[static_cast<std::size_t>(rank)] = product;
    // The registered operation is the user's function.
    const double a[] = {1, 2, 3, 4};
    double b[] = {2, 0, 0, 2};
    xo::mpi::World::current().self().ops.get(product).apply(
        reinterpret_cast<const std::byte*>(a), reinterpret_cast<std::byte*>(b), 1,
        Datatype::contiguous(4, Datatype::basic(BasicType::Double)), MPI_DATATYPE_NULL);
    products[static_cast<std::size_t>(rank)] = b[3];
    MPI_Op sum = MPI_SUM;
    c.push_back(MPI_Op_free(&sum));  // predefined
    const MPI_Op copy = product;
    c.push_back(MPI_Op_free(&product));
    c.push_back(product);
    c.push_back(MPI_Op_free(&product));  // MPI_OP_NULL now
    MPI_Op stale = copy;
    c.push_back(MPI_Op_free(&stale));  // freed already
    c.push_back(MPI_Op_create(nullptr, 1, &product));
    c.push_back(MPI_Op_create(matrix_product, 1, nullptr));
    c.push_back(MPI_Op_free(nullptr));
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  const std::vector<int> expected = {MPI_SUCCESS, MPI_ERR_OP,  MPI_SUCCESS, MPI_OP_NULL, MPI_ERR_OP,
                                     MPI_ERR_OP,  MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_ARG};
  EXPECT_EQ(codes[0], expected);
  EXPECT_EQ(codes[1], expected);
  EXPECT_EQ(handles, (std::vector<MPI_Op>{XO_FIRST_USER_OP, XO_FIRST_USER_OP}));  // one table per rank
  EXPECT_EQ(products, (std::vector<double>{8, 8}));
}

TEST(OpApi, DoubleFreeIsFatalWithAClearMessage) {
  auto result = xo::test::simulate(2, [&](int rank, int) {
    if (rank != 1) return;
    MPI_Op op = MPI_OP_NULL;
    MPI_Op_create(matrix_product, 0, &op);
    MPI_Op copy = op;
    MPI_Op_free(&op);
    MPI_Op_free(&copy);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("rank 1: MPI_Op_free: operation handle " + std::to_string(XO_FIRST_USER_OP) +
                              " was already freed with MPI_Op_free"),
            std::string::npos)
      << result.error;
  EXPECT_NE(result.error.find("[MPI_ERR_OP]"), std::string::npos) << result.error;
}

TEST(OpApi, FreeingAPredefinedOpIsFatalByDefault) {
  auto result = xo::test::simulate(1, [&](int, int) {
    MPI_Op max = MPI_MAX;
    MPI_Op_free(&max);
  });
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.error.find("rank 0: MPI_Op_free: MPI_MAX is predefined and cannot be freed"), std::string::npos)
      << result.error;
}

}  // namespace
