#pragma once
// An optional number of seconds in 8 bytes, as std::optional<double> is used (has_value, *, reset,
// = value, = std::nullopt) but half its size: a trace gives a LogGpSample per message, and a 10^8
// event trace's samples took 1.3 GB with std::optional (bench/gui_speed). Empty is one NaN bit
// pattern that arithmetic does not produce (x86 and ARM make NaNs with a zero payload or keep an
// operand's), so every double a caller stores, NaN included, reads back as stored.

#include <bit>
#include <cstdint>
#include <optional>

namespace xo::analyzer::fit {

class OptionalSeconds {
 public:
  constexpr OptionalSeconds() = default;
  constexpr OptionalSeconds(std::nullopt_t) {}
  constexpr OptionalSeconds(double seconds) : bits_(std::bit_cast<std::uint64_t>(seconds)) {}

  constexpr bool has_value() const { return bits_ != kEmpty; }
  constexpr explicit operator bool() const { return has_value(); }
  constexpr double operator*() const { return std::bit_cast<double>(bits_); }  // only when has_value()
  constexpr double value_or(double otherwise) const { return has_value() ? **this : otherwise; }
  constexpr void reset() { bits_ = kEmpty; }
  // As std::optional compares: both empty, or both hold equal numbers (so NaN is not equal to NaN).
  friend constexpr bool operator==(OptionalSeconds a, OptionalSeconds b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }

 private:
  static constexpr std::uint64_t kEmpty = 0x7ff8'0000'5eed'0e0dULL;  // a quiet NaN with a payload
  std::uint64_t bits_ = kEmpty;
};
static_assert(sizeof(OptionalSeconds) == sizeof(double));

}  // namespace xo::analyzer::fit
