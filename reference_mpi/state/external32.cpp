#include "xo/mpi/state/external32.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <type_traits>

#include "basic_c_type.hpp"

namespace xo::mpi {

namespace {

// How an element is written in external32: its size (the native one but where Table 13.2
// differs), whether it is a boolean (written as 0 or 1), and whether a narrower external integer
// comes back sign-extended (not for wchar_t, a character code).
struct Encoding {
  std::int64_t size;
  bool boolean = false;
  bool extend_sign = true;
};

Encoding encoding(BasicType type) {
  switch (type) {
    case BasicType::Long:
    case BasicType::UnsignedLong: return {4};
    case BasicType::WChar: return {2, false, false};
    case BasicType::LongDouble: return {16};  // whatever the native size (12 bytes on 32-bit x86)
    case BasicType::CLongDoubleComplex:
    case BasicType::CxxLongDoubleComplex: return {32};
    case BasicType::Bool:
    case BasicType::CxxBool:
    case BasicType::Logical: return {basic_size(type), true};
    default: return {basic_size(type)};
  }
}

void put_big_endian(std::uint64_t value, std::int64_t bytes, std::byte* out) {
  for (std::int64_t i = bytes - 1; i >= 0; --i, value >>= 8) out[i] = static_cast<std::byte>(value & 0xff);
}

std::uint64_t get_big_endian(const std::byte* in, std::int64_t bytes) {
  std::uint64_t value = 0;
  for (std::int64_t i = 0; i < bytes; ++i) value = value << 8 | std::to_integer<std::uint64_t>(in[i]);
  return value;
}

// long double as IEEE quad (binary128): sign and 15-bit exponent, then 112 fraction bits.
static_assert(std::numeric_limits<long double>::digits == 64 || std::numeric_limits<long double>::digits == 113,
              "external32 converts long double from x87 extended or IEEE quad only");
constexpr bool kX87LongDouble = std::numeric_limits<long double>::digits == 64;

struct Quad {
  std::uint64_t high;  // sign, exponent, the top 48 fraction bits
  std::uint64_t low;   // the other 64 fraction bits
};

// The x87 format (x86 only, so little-endian) has the quad's sign, exponent and bias, and 64
// significand bits with an explicit integer bit: dropping that bit gives the top 63 fraction bits.
// Back from quad, the 49 fraction bits x87 cannot hold are truncated.
constexpr std::uint64_t kIntegerBit = std::uint64_t{1} << 63;
constexpr std::uint64_t kLow48 = (std::uint64_t{1} << 48) - 1;

Quad to_quad(long double value) {
  std::array<unsigned char, sizeof(long double)> bytes;
  std::memcpy(bytes.data(), &value, sizeof value);
  Quad q;
  if constexpr (kX87LongDouble) {
    std::uint64_t significand;
    std::uint16_t sign_exponent;
    std::memcpy(&significand, bytes.data(), 8);
    std::memcpy(&sign_exponent, bytes.data() + 8, 2);
    const std::uint64_t fraction = significand & ~kIntegerBit;
    q.high = std::uint64_t{sign_exponent} << 48 | fraction >> 15;
    q.low = fraction << 49;
  } else {
    const bool little = std::endian::native == std::endian::little;
    std::memcpy(&q.low, bytes.data() + (little ? 0 : 8), 8);
    std::memcpy(&q.high, bytes.data() + (little ? 8 : 0), 8);
  }
  return q;
}

long double from_quad(Quad q) {
  std::array<unsigned char, sizeof(long double)> bytes{};
  if constexpr (kX87LongDouble) {
    const auto sign_exponent = static_cast<std::uint16_t>(q.high >> 48);
    const std::uint64_t fraction = (q.high & kLow48) << 15 | q.low >> 49;
    const std::uint64_t significand = fraction | ((sign_exponent & 0x7fff) != 0 ? kIntegerBit : 0);
    std::memcpy(bytes.data(), &significand, 8);
    std::memcpy(bytes.data() + 8, &sign_exponent, 2);
  } else {
    const bool little = std::endian::native == std::endian::little;
    std::memcpy(bytes.data() + (little ? 0 : 8), &q.low, 8);
    std::memcpy(bytes.data() + (little ? 8 : 0), &q.high, 8);
  }
  long double value;
  std::memcpy(&value, bytes.data(), sizeof value);
  return value;
}

template <class T>
using SameSizeUnsigned = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

// One element of C++ type T to its external32 bytes.
template <class T>
void encode(const T& value, const Encoding& e, std::byte* out) {
  if constexpr (kIsComplex<T>) {
    const Encoding part{e.size / 2};
    encode(value.real(), part, out);
    encode(value.imag(), part, out + part.size);
  } else if constexpr (std::is_same_v<T, long double>) {
    const Quad q = to_quad(value);
    put_big_endian(q.high, 8, out);
    put_big_endian(q.low, 8, out + 8);
  } else if constexpr (std::is_floating_point_v<T>) {
    put_big_endian(std::bit_cast<SameSizeUnsigned<T>>(value), e.size, out);
  } else {
    put_big_endian(e.boolean ? std::uint64_t{value != 0} : static_cast<std::uint64_t>(value), e.size, out);
  }
}

// External32 bytes back to one element of C++ type T.
template <class T>
T decode(const std::byte* in, const Encoding& e) {
  if constexpr (kIsComplex<T>) {
    using Part = typename T::value_type;
    const Encoding part{e.size / 2};
    return T(decode<Part>(in, part), decode<Part>(in + part.size, part));
  } else if constexpr (std::is_same_v<T, long double>) {
    return from_quad(Quad{get_big_endian(in, 8), get_big_endian(in + 8, 8)});
  } else if constexpr (std::is_floating_point_v<T>) {
    return std::bit_cast<T>(static_cast<SameSizeUnsigned<T>>(get_big_endian(in, e.size)));
  } else {
    std::uint64_t bits = get_big_endian(in, e.size);
    if (std::is_signed_v<T> && e.extend_sign && e.size < 8) {
      const int unused = 64 - 8 * static_cast<int>(e.size);
      bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(bits << unused) >> unused);
    }
    return static_cast<T>(bits);
  }
}

// Writes the elements of block `b`, of C++ type T, from `native` to `out`; returns the end of them.
template <class T>
std::byte* pack_block(const std::byte* native, const TypeBlock& b, std::byte* out) {
  const Encoding e = encoding(b.basic);
  for (std::int64_t at = 0; at < b.bytes; at += static_cast<std::int64_t>(sizeof(T)), out += e.size) {
    T value;
    std::memcpy(&value, native + at, sizeof value);
    encode(value, e, out);
  }
  return out;
}

// Reads the elements of block `b`, of C++ type T, from `in` to `native`; returns the end of them.
template <class T>
const std::byte* unpack_block(const std::byte* in, const TypeBlock& b, std::byte* native) {
  const Encoding e = encoding(b.basic);
  for (std::int64_t at = 0; at < b.bytes; at += static_cast<std::int64_t>(sizeof(T)), in += e.size) {
    const T value = decode<T>(in, e);
    std::memcpy(native + at, &value, sizeof value);
  }
  return in;
}

}  // namespace

std::int64_t external32_size(const Datatype& type) {
  std::int64_t size = 0;
  for (const TypeBlock& b : type.blocks()) size += b.bytes / basic_size(b.basic) * encoding(b.basic).size;
  return size;
}

void pack_external32(const void* in, std::int64_t count, const Datatype& type, std::byte* out) {
  const auto* base = static_cast<const std::byte*>(in);
  for (std::int64_t i = 0; i < count; ++i) {
    for (const TypeBlock& b : type.blocks()) {
      const std::byte* native = base + i * type.extent() + b.offset;
      with_c_type(b.basic, [&](auto zero) { out = pack_block<decltype(zero)>(native, b, out); });
    }
  }
}

void unpack_external32(const std::byte* in, std::int64_t count, const Datatype& type, void* out) {
  auto* base = static_cast<std::byte*>(out);
  for (std::int64_t i = 0; i < count; ++i) {
    for (const TypeBlock& b : type.blocks()) {
      std::byte* native = base + i * type.extent() + b.offset;
      with_c_type(b.basic, [&](auto zero) { in = unpack_block<decltype(zero)>(in, b, native); });
    }
  }
}

}  // namespace xo::mpi
