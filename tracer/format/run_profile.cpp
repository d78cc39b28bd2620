#include "xo/tracer/run_profile.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "xo/tracer/trace_read_error.hpp"

namespace xo::tracer {

namespace {

constexpr char kMagic[] = "XOPROF1\n";
constexpr std::size_t kMagicBytes = sizeof kMagic - 1;

// The file's bytes, written as they are made through a buffer of its own: a million ranks' profile
// is hundreds of megabytes, which the writer need not hold on top of the rows.
class Out {
 public:
  explicit Out(const std::string& path) : file_(path, std::ios::binary | std::ios::trunc) {
    buffer_.reserve(kBufferBytes);
    buffer_ = kMagic;
  }
  template <typename Integer>
  void put(Integer value) {
    char bytes[sizeof(Integer)];
    for (std::size_t i = 0; i < sizeof(Integer); ++i) {
      bytes[i] = static_cast<char>(static_cast<std::uint64_t>(value) >> (8 * i));
    }
    append(bytes, sizeof bytes);
  }
  void put(const std::string& text) {
    put(static_cast<std::uint32_t>(text.size()));
    append(text.data(), text.size());
  }
  // Whether every byte reached the file.
  bool close() {
    flush();
    file_.close();
    return static_cast<bool>(file_);
  }

 private:
  static constexpr std::size_t kBufferBytes = 1 << 20;
  void append(const char* bytes, std::size_t size) {
    if (buffer_.size() + size > kBufferBytes) flush();
    buffer_.append(bytes, size);
  }
  void flush() {
    file_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    buffer_.clear();
  }

  std::ofstream file_;
  std::string buffer_;
};

class In {
 public:
  In(std::string bytes, std::string path) : bytes_(std::move(bytes)), path_(std::move(path)) {}
  template <typename Integer>
  Integer get() {
    need(sizeof(Integer));
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < sizeof(Integer); ++i)
      value |= std::uint64_t{static_cast<unsigned char>(bytes_[at_ + i])} << (8 * i);
    at_ += sizeof(Integer);
    return static_cast<Integer>(value);
  }
  std::string text() {
    const auto n = get<std::uint32_t>();
    need(n);
    std::string out = bytes_.substr(at_, n);
    at_ += n;
    return out;
  }
  // A row count, checked against the bytes left (each row takes at least `row_bytes`).
  std::uint64_t count(std::size_t row_bytes) {
    const auto n = get<std::uint64_t>();
    if (n > (bytes_.size() - at_) / row_bytes) fail("a table longer than the file");
    return n;
  }
  bool at_end() const { return at_ == bytes_.size(); }
  [[noreturn]] void fail(const std::string& what) const {
    throw TraceReadError("cannot read profile " + path_ + ": " + what +
                         "; the file is cut or damaged: record the run again with xo record --profile");
  }

 private:
  void need(std::size_t n) const {
    if (bytes_.size() - at_ < n) fail("it ends early");
  }
  std::string bytes_;
  std::string path_;
  std::size_t at_ = kMagicBytes;
};

}  // namespace

void write_profile(const std::string& path, const RunProfile& p) {
  Out out(path);
  out.put(static_cast<std::uint64_t>(p.properties.size()));
  for (const auto& [name, value] : p.properties) {
    out.put(name);
    out.put(value);
  }
  out.put(p.end_ps);
  out.put(static_cast<std::uint32_t>(p.ranks));
  out.put(static_cast<std::uint64_t>(p.names.size()));
  for (const std::string& n : p.names) out.put(n);
  out.put(static_cast<std::uint64_t>(p.calls.size()));
  for (const auto& r : p.calls) {
    out.put(r.rank), out.put(r.name), out.put(r.count), out.put(r.total_ps), out.put(r.longest_ps);
  }
  out.put(static_cast<std::uint64_t>(p.paths.size()));
  for (const auto& r : p.paths) {
    out.put(r.rank), out.put(r.name), out.put(static_cast<std::uint8_t>(r.kind)), out.put(r.count), out.put(r.bytes);
    out.put(r.total_ps);
  }
  out.put(static_cast<std::uint64_t>(p.sizes.size()));
  for (const auto& r : p.sizes) {
    out.put(r.rank), out.put(r.bin), out.put(static_cast<std::uint8_t>(r.sent)), out.put(r.count), out.put(r.bytes);
  }
  out.put(static_cast<std::uint64_t>(p.peers.size()));
  for (const auto& r : p.peers) {
    out.put(r.rank), out.put(r.peer), out.put(r.sent), out.put(r.sent_bytes), out.put(r.received);
    out.put(r.received_bytes);
  }
  if (!out.close()) {
    throw std::runtime_error("cannot write the profile " + path + ": " + std::strerror(errno) +
                             "; give a directory with room for it (-o DIR)");
  }
}

bool is_profile_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  char head[kMagicBytes] = {};
  return file.read(head, kMagicBytes) && std::memcmp(head, kMagic, kMagicBytes) == 0;
}

std::optional<std::string> profile_file_of(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::is_directory(path, error)) {
    const fs::path dir(path);
    // Any file of a trace makes it a trace's directory, damaged perhaps: read as one.
    for (const char* part : {"traces.otf2", "traces.def", "traces"}) {
      if (fs::exists(dir / part, error)) return std::nullopt;
    }
    if (!fs::exists(dir / kProfileFile, error)) return std::nullopt;
    return (dir / kProfileFile).string();
  }
  if (is_profile_file(path)) return path;
  return std::nullopt;
}

RunProfile read_profile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw TraceReadError("cannot read profile " + path + ": " + std::strerror(errno));
  std::string bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (bytes.size() < kMagicBytes || bytes.compare(0, kMagicBytes, kMagic) != 0) {
    throw TraceReadError("cannot read profile " + path + ": not a profile of xo record --profile");
  }
  In in(std::move(bytes), path);
  RunProfile p;
  for (std::uint64_t n = in.count(8); n > 0; --n) {
    std::string name = in.text();
    p.properties[std::move(name)] = in.text();
  }
  p.end_ps = in.get<std::uint64_t>();
  p.ranks = static_cast<int>(in.get<std::uint32_t>());
  for (std::uint64_t n = in.count(4); n > 0; --n) p.names.push_back(in.text());
  const auto name = [&](std::uint32_t id) {
    if (id >= p.names.size()) in.fail("a row names name " + std::to_string(id) + ", which is not there");
    return id;
  };
  const auto rank = [&](std::uint32_t r) {
    if (r >= static_cast<std::uint32_t>(p.ranks))
      in.fail("a row names rank " + std::to_string(r) + " of " + std::to_string(p.ranks));
    return r;
  };
  for (std::uint64_t n = in.count(32); n > 0; --n) {
    RunProfile::CallRow r{};
    r.rank = rank(in.get<std::uint32_t>());
    r.name = name(in.get<std::uint32_t>());
    r.count = in.get<std::uint64_t>(), r.total_ps = in.get<std::uint64_t>(), r.longest_ps = in.get<std::uint64_t>();
    p.calls.push_back(r);
  }
  for (std::uint64_t n = in.count(33); n > 0; --n) {
    RunProfile::PathRow r{};
    r.rank = rank(in.get<std::uint32_t>());
    r.name = name(in.get<std::uint32_t>());
    const auto kind = in.get<std::uint8_t>();
    if (kind > 1) in.fail("a path row of an unknown kind");
    r.kind = static_cast<RunProfile::PathKind>(kind);
    r.count = in.get<std::uint64_t>(), r.bytes = in.get<std::uint64_t>(), r.total_ps = in.get<std::uint64_t>();
    p.paths.push_back(r);
  }
  for (std::uint64_t n = in.count(22); n > 0; --n) {
    RunProfile::SizeRow r{};
    r.rank = rank(in.get<std::uint32_t>());
    r.bin = in.get<std::uint8_t>();
    r.sent = in.get<std::uint8_t>() != 0;
    r.count = in.get<std::uint64_t>(), r.bytes = in.get<std::uint64_t>();
    p.sizes.push_back(r);
  }
  for (std::uint64_t n = in.count(40); n > 0; --n) {
    RunProfile::PeerRow r{};
    r.rank = rank(in.get<std::uint32_t>());
    r.peer = in.get<std::uint32_t>();
    r.sent = in.get<std::uint64_t>(), r.sent_bytes = in.get<std::uint64_t>();
    r.received = in.get<std::uint64_t>(), r.received_bytes = in.get<std::uint64_t>();
    p.peers.push_back(r);
  }
  if (!in.at_end()) in.fail("bytes follow its last table");
  return p;
}

}  // namespace xo::tracer
