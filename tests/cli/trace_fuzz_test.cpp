// Seeded mutants of recorded traces (bytes flipped or zeroed, files cut, grown, swapped, removed,
// copied in from another trace, replaced by a FIFO, a directory or a device) read by `xo report`,
// as a user would, with and without --tolerate. Whatever the mutant, xo ends by itself (no hang,
// no crash), a refusal is one message, and a figure from a damaged trace never comes without the
// mark: a report that does not say "damaged" must equal the report of the trace as recorded.
// A failure names the seed and the mutation, so it can be reproduced alone.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace {

namespace fs = std::filesystem;

const std::string kXo = XO_BINARY;
const std::string kExamples = XO_EXAMPLES_DIR;
constexpr int kShards = 4;
constexpr int kMutantsPerShard = 100;  // 400 in all, each read twice

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string replaced(const std::string& text, const std::string& from, const std::string& to) {
  std::string out;
  std::size_t done = 0;
  for (std::size_t at; (at = text.find(from, done)) != std::string::npos; done = at + from.size()) {
    out.append(text, done, at - done).append(to);
  }
  return out.append(text, done, std::string::npos);
}

// The report names the anchor it read; the rest must not depend on where the trace lies.
std::string anchor_replaced(const std::string& report, const fs::path& trace) {
  return replaced(report, "\"anchor\": \"" + (trace / "traces.otf2").string() + "\"", "\"anchor\": TRACE");
}

std::string first_difference(const std::string& a, const std::string& b) {
  const std::size_t at =
      std::mismatch(a.begin(), a.begin() + std::min(a.size(), b.size()), b.begin()).first - a.begin();
  const std::size_t from = at < 60 ? 0 : at - 60;
  return "at byte " + std::to_string(at) + ": ..." + a.substr(from, 120) + "... against ..." + b.substr(from, 120) +
         "...";
}

// The archive's files, relative to its directory, in a fixed order.
std::vector<fs::path> files_of(const fs::path& archive) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(archive)) {
    if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), archive));
  }
  std::sort(files.begin(), files.end());
  return files;
}

class Mutator {
 public:
  Mutator(std::uint64_t seed, fs::path other) : random_(seed), other_(std::move(other)) {}

  // Damages `archive` in one way; returns what it did.
  std::string mutate(const fs::path& archive) {
    const std::vector<fs::path> files = files_of(archive);
    const fs::path file = files[pick(files.size())];
    const fs::path path = archive / file;
    std::string bytes = read_bytes(path);
    const std::string name = file.string();
    switch (pick(9)) {
      case 0:
      case 1:
      case 2: {  // the commonest damage: one byte
        if (bytes.empty()) return "nothing (" + name + " is empty)";
        const std::size_t at = pick(bytes.size());
        const auto by = static_cast<char>(1 + pick(255));
        bytes[at] = static_cast<char>(bytes[at] ^ by);
        write_bytes(path, bytes);
        return "flipped byte " + std::to_string(at) + " of " + name;
      }
      case 3: {
        const std::size_t at = pick(bytes.size() + 1);
        const std::size_t length = std::min(bytes.size() - at, 1 + pick(64));
        std::fill_n(bytes.begin() + static_cast<std::ptrdiff_t>(at), length, '\0');
        write_bytes(path, bytes);
        return "zeroed " + std::to_string(length) + " bytes at " + std::to_string(at) + " of " + name;
      }
      case 4: {
        const std::size_t size = bytes.empty() ? 0 : pick(bytes.size());
        fs::resize_file(path, size);
        return "cut " + name + " to " + std::to_string(size) + " bytes";
      }
      case 5: {
        std::string tail(1 + pick(100), '\0');
        for (char& c : tail) c = static_cast<char>(pick(256));
        write_bytes(path, bytes + tail);
        return "appended " + std::to_string(tail.size()) + " bytes to " + name;
      }
      case 6: {
        const fs::path second = files[pick(files.size())];
        if (second == file) return "nothing (swapped " + name + " with itself)";
        const std::string other_bytes = read_bytes(archive / second);
        write_bytes(archive / second, bytes);
        write_bytes(path, other_bytes);
        return "swapped " + name + " and " + second.string();
      }
      case 7: {
        if (!fs::exists(other_ / file)) return "nothing (the other trace has no " + name + ")";
        fs::copy_file(other_ / file, path, fs::copy_options::overwrite_existing);
        return "copied " + name + " from another trace";
      }
      default: {
        fs::remove(path);
        switch (pick(4)) {
          case 0: return "removed " + name;
          case 1: mkfifo(path.c_str(), 0600); return "replaced " + name + " by a FIFO";
          case 2: fs::create_directory(path); return "replaced " + name + " by a directory";
          default: fs::create_symlink("/dev/zero", path); return "replaced " + name + " by a link to /dev/zero";
        }
      }
    }
  }

 private:
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }

  std::mt19937_64 random_;
  fs::path other_;
};

class TraceFuzz : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    // The stencil has nonblocking halos, derived types and an allreduce; the ring is another trace
    // of the same rank count to copy files from.
    record("stencil2d 16 20", "trace");
    record("ring 2", "other");
    const auto r = report(dir_ / "trace", "");
    ASSERT_EQ(r.status, 0) << r.err;
    clean_ = anchor_replaced(r.out, dir_ / "trace");
    ASSERT_TRUE(contains(clean_, "\"damaged\": false")) << clean_;
  }

  void record(const std::string& program, const std::string& out) {
    const auto r = run_command(kXo + " record -q -n 4 --machine xt3 --compute=none -o " + (dir_ / out).string() + " " +
                               kExamples + "/" + program);
    ASSERT_EQ(r.status, 0) << r.err;
  }

  static xo::test::CommandResult report(const fs::path& trace, const std::string& options) {
    return run_command("timeout 60 " + kXo + " report --no-bench --no-history --format json " + options + " " +
                       trace.string());
  }

  xo::test::ScratchDir scratch_{"xo-fuzz"};
  const fs::path dir_ = scratch_.path();
  std::string clean_;  // the report of the trace as recorded, its path replaced by TRACE
};

// Lines of standard error that are not progress lines ("[ 3/9] reading ...").
std::vector<std::string> messages(const std::string& err) {
  std::vector<std::string> lines;
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '[') lines.push_back(line);
  }
  return lines;
}

TEST_P(TraceFuzz, EveryMutantIsRefusedInOneMessageOrReportedWithTheMarkOrUnchanged) {
  int refused = 0, marked = 0, unchanged = 0;
  for (int i = 0; i < kMutantsPerShard; ++i) {
    const std::uint64_t seed = static_cast<std::uint64_t>(GetParam()) * kMutantsPerShard + i;
    const fs::path mutant = dir_ / fs::path("m").concat(std::to_string(seed));
    fs::copy(dir_ / "trace", mutant, fs::copy_options::recursive);
    const std::string mutation = Mutator(seed, dir_ / "other").mutate(mutant);
    for (const char* options : {"", "--tolerate"}) {
      const std::string context = "seed " + std::to_string(seed) + ": " + mutation + ", xo report " + options;
      const auto r = report(mutant, options);
      ASSERT_TRUE(r.status == 0 || r.status == 2) << context << ": exit " << r.status << " (124: hung)\n" << r.err;
      if (r.status == 2) {
        const auto lines = messages(r.err);
        ASSERT_EQ(lines.size(), 1u) << context << "\n" << r.err;
        EXPECT_EQ(lines[0].rfind("xo: ", 0), 0u) << context << "\n" << r.err;
        EXPECT_TRUE(r.out.empty()) << context;
        ++refused;
        continue;
      }
      const std::string out = anchor_replaced(r.out, mutant);
      if (contains(out, "\"damaged\": true")) {
        EXPECT_STREQ(options, "--tolerate") << context << ": a damaged trace reported without --tolerate";
        ++marked;
      } else {
        ASSERT_TRUE(out == clean_) << context << ": figures differ from the recorded trace's, without the mark: "
                                   << first_difference(out, clean_);
        ++unchanged;
      }
    }
    fs::remove_all(mutant);
  }
  std::printf("%d refused, %d reported as damaged, %d unchanged\n", refused, marked, unchanged);
  EXPECT_GT(refused, 0);
  EXPECT_GT(marked, 0);
}

INSTANTIATE_TEST_SUITE_P(Shards, TraceFuzz, ::testing::Range(0, kShards));

}  // namespace
