// MPI_Pack_external / MPI_Unpack_external / MPI_Pack_external_size in "external32", checked against
// big-endian buffers built by hand from MPI-3.1 section 13.5.2: two's complement integers (MPI_LONG
// in 4 bytes, MPI_WCHAR in 2), IEEE single, double and quad floats, complex numbers as (real,
// imaginary), booleans as 0 or 1, derived types without their gaps; then positions, sizes and errors.

#include <gtest/gtest.h>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

using Bytes = std::vector<std::uint8_t>;

// External32 bytes of some data, and the size MPI_Pack_external_size announced for them.
struct Packed {
  Bytes bytes;
  MPI_Aint size = -1;
};

// Packs `count` elements of `type` at `data`, then unpacks the bytes again into `back`.
Packed pack(const void* data, int count, MPI_Datatype type, void* back) {
  Packed p;
  MPI_Pack_external_size("external32", count, type, &p.size);
  std::vector<char> buffer(static_cast<std::size_t>(p.size) + 8, '\x55');
  MPI_Aint position = 0;
  MPI_Pack_external("external32", data, count, type, buffer.data(), static_cast<MPI_Aint>(buffer.size()), &position);
  EXPECT_EQ(position, p.size);
  p.bytes.assign(buffer.begin(), buffer.begin() + position);
  position = 0;
  MPI_Unpack_external("external32", buffer.data(), static_cast<MPI_Aint>(buffer.size()), &position, back, count, type);
  EXPECT_EQ(position, p.size);
  return p;
}

// Runs `body` as rank 0 of a one-rank program.
void run(const std::function<void()>& body) {
  auto result = simulate(1, [&](int, int) { body(); });
  ASSERT_EQ(result.exit_code, 0) << result.error;
}

}  // namespace

TEST(PackExternal, IntegersAreBigEndianTwosComplementInTheStandardSizes) {
  run([] {
    const int ints[2] = {1, -2};
    int ints_back[2] = {};
    EXPECT_EQ(pack(ints, 2, MPI_INT, ints_back).bytes, (Bytes{0, 0, 0, 1, 0xff, 0xff, 0xff, 0xfe}));
    EXPECT_EQ(ints_back[1], -2);

    // MPI_LONG is 4 bytes in external32 (Table 13.2), and comes back sign-extended.
    const long longs[2] = {0x01020304, -3};
    long longs_back[2] = {};
    const Packed l = pack(longs, 2, MPI_LONG, longs_back);
    EXPECT_EQ(l.size, 8);
    EXPECT_EQ(l.bytes, (Bytes{1, 2, 3, 4, 0xff, 0xff, 0xff, 0xfd}));
    EXPECT_EQ(longs_back[0], 0x01020304);
    EXPECT_EQ(longs_back[1], -3);

    const unsigned long ulongs[1] = {0xfffffffful};
    unsigned long ulongs_back[1] = {};
    EXPECT_EQ(pack(ulongs, 1, MPI_UNSIGNED_LONG, ulongs_back).bytes, (Bytes{0xff, 0xff, 0xff, 0xff}));
    EXPECT_EQ(ulongs_back[0], 0xfffffffful);  // zero-extended

    const long long wide[1] = {-0x0102030405060708LL};
    long long wide_back[1] = {};
    EXPECT_EQ(pack(wide, 1, MPI_LONG_LONG_INT, wide_back).bytes,
              (Bytes{0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0xf8, 0xf8}));
    EXPECT_EQ(wide_back[0], -0x0102030405060708LL);

    const MPI_Aint address[1] = {0x0a0b0c0d0e0fLL};
    MPI_Aint address_back[1] = {};
    EXPECT_EQ(pack(address, 1, MPI_AINT, address_back).bytes, (Bytes{0, 0, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f}));
    EXPECT_EQ(address_back[0], 0x0a0b0c0d0e0fLL);

    // MPI_WCHAR is 2 bytes; a character code comes back zero-extended.
    const wchar_t text[2] = {L'\x20ac', L'\xfffd'};
    wchar_t text_back[2] = {};
    EXPECT_EQ(pack(text, 2, MPI_WCHAR, text_back).bytes, (Bytes{0x20, 0xac, 0xff, 0xfd}));
    EXPECT_EQ(text_back[1], L'\xfffd');

    const short shorts[1] = {-0x1234};
    short shorts_back[1] = {};
    EXPECT_EQ(pack(shorts, 1, MPI_INTEGER2, shorts_back).bytes, (Bytes{0xed, 0xcc}));
    EXPECT_EQ(shorts_back[0], -0x1234);
  });
}

TEST(PackExternal, FloatsAreIeeeBigEndianAndLongDoubleIsQuad) {
  run([] {
    const float floats[2] = {1.0f, -2.5f};
    float floats_back[2] = {};
    EXPECT_EQ(pack(floats, 2, MPI_FLOAT, floats_back).bytes, (Bytes{0x3f, 0x80, 0, 0, 0xc0, 0x20, 0, 0}));
    EXPECT_EQ(floats_back[1], -2.5f);

    const double doubles[1] = {0.1};  // 0x3fb999999999999a
    double doubles_back[1] = {};
    EXPECT_EQ(pack(doubles, 1, MPI_REAL8, doubles_back).bytes, (Bytes{0x3f, 0xb9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a}));
    EXPECT_EQ(doubles_back[0], 0.1);

    // IEEE quad: sign, 15-bit exponent of bias 16383, 112 fraction bits. 1 = 0x3fff 0...,
    // -0.75 = 1.1b x 2^-1 = 0xbffe 8000 0..., 2^-16382 (the smallest normal) = 0x0001 0...
    const long double quads[3] = {1.0L, -0.75L, 0x1p-16382L};
    long double quads_back[3] = {};
    Bytes expected(48, 0);
    expected[0] = 0x3f;
    expected[1] = 0xff;
    expected[16] = 0xbf;
    expected[17] = 0xfe;
    expected[18] = 0x80;
    expected[33] = 0x01;
    const Packed q = pack(quads, 3, MPI_LONG_DOUBLE, quads_back);
    EXPECT_EQ(q.size, 48);
    EXPECT_EQ(q.bytes, expected);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(quads_back[i], quads[i]) << i;
    const long double third[1] = {1.0L / 3};
    long double third_back[1] = {};
    pack(third, 1, MPI_LONG_DOUBLE, third_back);
    EXPECT_EQ(third_back[0], third[0]);  // every bit of the 64-bit significand survives the round trip
  });
}

TEST(PackExternal, ComplexNumbersBooleansAndCharacters) {
  run([] {
    const std::complex<float> z[1] = {{1.0f, 2.0f}};
    std::complex<float> z_back[1] = {};
    EXPECT_EQ(pack(z, 1, MPI_C_COMPLEX, z_back).bytes, (Bytes{0x3f, 0x80, 0, 0, 0x40, 0, 0, 0}));
    EXPECT_EQ(z_back[0], z[0]);

    const std::complex<double> w[1] = {{-1.0, 0.5}};
    std::complex<double> w_back[1] = {};
    EXPECT_EQ(pack(w, 1, MPI_DOUBLE_COMPLEX, w_back).bytes,
              (Bytes{0xbf, 0xf0, 0, 0, 0, 0, 0, 0, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(w_back[0], w[0]);

    // A C bool holding 2 (as MPICH's test writes it) is written as 1.
    const unsigned char bools[2] = {2, 0};
    unsigned char bools_back[2] = {9, 9};
    EXPECT_EQ(pack(bools, 2, MPI_C_BOOL, bools_back).bytes, (Bytes{1, 0}));
    EXPECT_EQ(bools_back[0], 1);
    const std::int32_t logicals[2] = {-1, 0};
    std::int32_t logicals_back[2] = {};
    EXPECT_EQ(pack(logicals, 2, MPI_LOGICAL, logicals_back).bytes, (Bytes{0, 0, 0, 1, 0, 0, 0, 0}));

    const char text[3] = {'x', '\xe9', 0};
    char text_back[3] = {};
    EXPECT_EQ(pack(text, 3, MPI_CHARACTER, text_back).bytes, (Bytes{'x', 0xe9, 0}));
    EXPECT_EQ(std::string(text_back, 3), std::string(text, 3));
  });
}

TEST(PackExternal, DerivedTypesLeaveGapsAndPaddingOut) {
  struct Record {
    char tag;
    double value;  // 7 bytes of padding before it in memory, none in external32
    long count;    // 4 bytes in external32
  };
  run([] {
    MPI_Datatype record;
    const int lengths[3] = {1, 1, 1};
    const MPI_Aint displacements[3] = {offsetof(Record, tag), offsetof(Record, value), offsetof(Record, count)};
    const MPI_Datatype types[3] = {MPI_CHAR, MPI_DOUBLE, MPI_LONG};
    MPI_Type_create_struct(3, lengths, displacements, types, &record);
    MPI_Type_commit(&record);
    const Record records[2] = {{'a', 2.0, 7}, {'b', -1.0, -1}};
    Record back[2] = {};
    const Packed p = pack(records, 2, record, back);
    EXPECT_EQ(p.size, 2 * (1 + 8 + 4));
    EXPECT_EQ(p.bytes, (Bytes{'a', 0x40, 0,    0, 0, 0, 0, 0, 0, 0,    0,    0,    7,  //
                              'b', 0xbf, 0xf0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}));
    EXPECT_EQ(back[1].tag, 'b');
    EXPECT_EQ(back[1].value, -1.0);
    EXPECT_EQ(back[1].count, -1);

    // Every other short of four: only the chosen ones, in order; the others stay untouched.
    MPI_Datatype every_other;
    MPI_Type_vector(2, 1, 2, MPI_SHORT, &every_other);
    MPI_Type_commit(&every_other);
    const short shorts[4] = {0x0102, 0x0304, 0x0506, 0x0708};
    short shorts_back[4] = {-1, -1, -1, -1};
    EXPECT_EQ(pack(shorts, 1, every_other, shorts_back).bytes, (Bytes{1, 2, 5, 6}));
    EXPECT_EQ(std::vector<short>(shorts_back, shorts_back + 4), (std::vector<short>{0x0102, -1, 0x0506, -1}));
    MPI_Type_free(&every_other);
    MPI_Type_free(&record);
  });
}

TEST(PackExternal, PositionsAppendAndErrorsAreReturned) {
  std::vector<int> errors;
  MPI_Aint after_two = -1, size_of_struct = -1;
  run([&] {
    char buffer[16];
    MPI_Aint position = 0;
    const int one = 1;
    const double two = 2.0;
    MPI_Pack_external("external32", &one, 1, MPI_INT, buffer, sizeof buffer, &position);
    MPI_Pack_external("external32", &two, 1, MPI_DOUBLE, buffer, sizeof buffer, &position);
    after_two = position;
    int one_back = 0;
    double two_back = 0;
    position = 0;
    MPI_Unpack_external("external32", buffer, sizeof buffer, &position, &one_back, 1, MPI_INT);
    MPI_Unpack_external("external32", buffer, sizeof buffer, &position, &two_back, 1, MPI_DOUBLE);
    EXPECT_EQ(one_back, 1);
    EXPECT_EQ(two_back, 2.0);
    MPI_Pack_external_size("external32", 3, MPI_2INT, &size_of_struct);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Aint size = 0;
    errors.push_back(MPI_Pack_external_size("native", 1, MPI_INT, &size));
    position = 0;
    errors.push_back(MPI_Pack_external("external64", &one, 1, MPI_INT, buffer, sizeof buffer, &position));
    position = 12;
    errors.push_back(MPI_Pack_external("external32", &two, 1, MPI_DOUBLE, buffer, sizeof buffer, &position));
    position = 12;
    errors.push_back(MPI_Unpack_external("external32", buffer, sizeof buffer, &position, &two_back, 1, MPI_DOUBLE));
    errors.push_back(MPI_Pack_external("external32", &one, -1, MPI_INT, buffer, sizeof buffer, &position));
    MPI_Datatype uncommitted;
    MPI_Type_contiguous(2, MPI_INT, &uncommitted);
    position = 0;
    errors.push_back(MPI_Pack_external("external32", &one, 1, uncommitted, buffer, sizeof buffer, &position));
    MPI_Type_free(&uncommitted);
  });
  EXPECT_EQ(after_two, 12);
  EXPECT_EQ(size_of_struct, 24);
  EXPECT_EQ(errors, (std::vector<int>{MPI_ERR_ARG, MPI_ERR_ARG, MPI_ERR_TRUNCATE, MPI_ERR_TRUNCATE, MPI_ERR_COUNT,
                                      MPI_ERR_TYPE}));
}
