#include "xo/analyzer/analysis/bench_samples_codec.hpp"

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>

namespace xo::analyzer {

namespace {

// Changes whenever the layout below or the meaning of a sample's fields changes.
constexpr std::string_view kFormat = "xo-bench-samples-1";

class ByteWriter {
 public:
  template <typename T>
  void value(T v) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    out_.append(bytes, sizeof(T));
  }
  void text(std::string_view s) {
    value(static_cast<std::uint32_t>(s.size()));
    out_.append(s);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  template <typename T>
  T value() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, in_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return v;
  }
  std::string text() {
    const auto size = value<std::uint32_t>();
    need(size);
    std::string s(in_.substr(at_, size));
    at_ += size;
    return s;
  }
  // A count of items each at least `item_bytes` long: never more than the bytes left could hold.
  std::size_t count(std::size_t item_bytes) {
    const auto n = value<std::uint64_t>();
    if (n > (in_.size() - at_) / item_bytes) throw std::invalid_argument("bench samples: a count beyond the data");
    return static_cast<std::size_t>(n);
  }
  bool at_end() const { return at_ == in_.size(); }

 private:
  void need(std::size_t bytes) const {
    if (in_.size() - at_ < bytes) throw std::invalid_argument("bench samples: the data ends early");
  }
  std::string_view in_;
  std::size_t at_ = 0;
};

// A sample's optional fields, in the order of the presence bits.
constexpr fit::OptionalSeconds fit::LogGpSample::*kOptionalTimes[] = {
    &fit::LogGpSample::send_call_seconds,    &fit::LogGpSample::receive_call_seconds,
    &fit::LogGpSample::end_to_end_seconds,   &fit::LogGpSample::gap_seconds,
    &fit::LogGpSample::send_blocked_seconds, &fit::LogGpSample::free_after_receive_posted,
};
constexpr std::uint8_t kWaitedKnown = 1 << 6;
constexpr std::uint8_t kWaited = 1 << 7;

void write_sample(ByteWriter& w, const fit::LogGpSample& s) {
  std::uint8_t present = 0;
  for (std::size_t i = 0; i < std::size(kOptionalTimes); ++i) {
    if (s.*kOptionalTimes[i]) present |= static_cast<std::uint8_t>(1u << i);
  }
  if (s.sender_waited_for_receive) present |= kWaitedKnown | (*s.sender_waited_for_receive ? kWaited : 0);
  w.value(present);
  w.value(s.bytes);
  for (const auto field : kOptionalTimes) {
    if (s.*field) w.value(*(s.*field));
  }
}

fit::LogGpSample read_sample(ByteReader& r) {
  fit::LogGpSample s;
  const auto present = r.value<std::uint8_t>();
  s.bytes = r.value<double>();
  for (std::size_t i = 0; i < std::size(kOptionalTimes); ++i) {
    if (present & (1u << i)) s.*kOptionalTimes[i] = r.value<double>();
  }
  if (present & kWaitedKnown) s.sender_waited_for_receive = (present & kWaited) != 0;
  return s;
}

}  // namespace

std::string encode_bench_run(const BenchSamples& run) {
  ByteWriter w;
  w.text(kFormat);
  w.value(static_cast<std::uint64_t>(run.messages.size()));
  for (const ProtocolSamples& p : run.messages) {
    w.text(p.protocol);
    w.value(static_cast<std::uint64_t>(p.samples.size()));
    for (const fit::LogGpSample& s : p.samples) write_sample(w, s);
  }
  w.value(static_cast<std::uint8_t>(run.own_settings_messages.empty() ? 0 : 1));
  w.value(static_cast<std::uint64_t>(run.collectives.size()));
  for (const CollectiveSample& c : run.collectives) {
    w.text(c.call);
    w.text(c.algorithm);
    w.value(c.bytes_per_rank);
    w.value(c.elements);
    w.value(static_cast<std::int32_t>(c.ranks));
    w.value(c.seconds);
    w.value(static_cast<std::int32_t>(c.branching));
    w.value(static_cast<std::uint8_t>(c.measured ? 1 : 0));
  }
  return w.take();
}

BenchSamples decode_bench_run(std::string_view bytes) {
  ByteReader r(bytes);
  if (r.text() != kFormat) throw std::invalid_argument("bench samples: another format");
  BenchSamples run;
  run.messages.resize(r.count(12));
  for (ProtocolSamples& p : run.messages) {
    p.protocol = r.text();
    p.samples.resize(r.count(9));
    for (fit::LogGpSample& s : p.samples) s = read_sample(r);
  }
  if (r.value<std::uint8_t>() != 0) run.own_settings_messages = run.messages;
  run.collectives.resize(r.count(41));
  for (CollectiveSample& c : run.collectives) {
    c.call = r.text();
    c.algorithm = r.text();
    c.bytes_per_rank = r.value<double>();
    c.elements = r.value<double>();
    c.ranks = r.value<std::int32_t>();
    c.seconds = r.value<double>();
    c.branching = r.value<std::int32_t>();
    c.measured = r.value<std::uint8_t>() != 0;
  }
  if (!r.at_end()) throw std::invalid_argument("bench samples: bytes after the end");
  return run;
}

}  // namespace xo::analyzer
