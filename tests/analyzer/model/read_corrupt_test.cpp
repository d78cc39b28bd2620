// Broken archives: each gives one TraceReadError naming the file, and OTF2 prints nothing.

#include <gtest/gtest.h>
#include <mpi.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "traced_run.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace {

namespace fs = std::filesystem;
using xo::analyzer::read_trace;
using xo::analyzer::TraceReadError;

// A small, sound trace of the XT3 model: ranks 0 and 1, messages of every protocol, a collective.
const xo::test::TracedRun& sound_trace() {
  static const auto run = xo::test::traced_run("xt3", 2, [](int rank) {
    std::vector<char> buffer(300000);
    for (int bytes : {8, 4000, 300000}) {
      if (rank == 0) MPI_Send(buffer.data(), bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      if (rank == 1) MPI_Recv(buffer.data(), bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Barrier(MPI_COMM_WORLD);
  });
  return *run;
}

// A copy of the sound trace, changed by `damage` (given the copy's directory); expects reading it
// to fail with a message that holds `named` (a file) and the anchor's path, and OTF2 to be silent.
void expect_refused(const std::function<void(const fs::path&)>& damage, const std::string& named) {
  xo::test::ScratchDir copy;
  fs::copy(sound_trace().dir.path(), copy.path(), fs::copy_options::recursive);
  damage(copy.path());
  const std::string anchor = copy.path() + "/traces.otf2";
  testing::internal::CaptureStderr();
  std::string message;
  try {
    read_trace(anchor);
  } catch (const TraceReadError& e) {
    message = e.what();
  }
  const std::string printed = testing::internal::GetCapturedStderr();
  EXPECT_FALSE(message.empty()) << "the damaged archive was read";
  EXPECT_NE(message.find(anchor), std::string::npos) << message;
  EXPECT_NE(message.find(named), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(printed, "");
}

void truncate_to_half(const fs::path& file) { fs::resize_file(file, fs::file_size(file) / 2); }

void overwrite(const fs::path& file, std::uintmax_t from, const std::string& bytes) {
  std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
  out.seekp(static_cast<std::streamoff>(from));
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string garbage(std::size_t n) {
  std::string out(n, '\0');
  unsigned state = 12345;
  for (char& c : out) {
    state = state * 1103515245u + 12345u;
    c = static_cast<char>(state >> 16);
  }
  return out;
}

TEST(ReadCorruptTrace, TheSoundTraceReads) {
  const auto m = read_trace(sound_trace().anchor);
  EXPECT_EQ(m.messages.size(), 3u);
  EXPECT_EQ(m.problems.total(), 0u);
}

TEST(ReadCorruptTrace, MissingAnchor) {
  expect_refused([](const fs::path& dir) { fs::remove(dir / "traces.otf2"); }, "no such file");
}

TEST(ReadCorruptTrace, DirectoryInsteadOfAnchor) {
  xo::test::ScratchDir dir;
  testing::internal::CaptureStderr();
  try {
    read_trace(dir.path());
    ADD_FAILURE() << "a directory was read";
  } catch (const TraceReadError& e) {
    EXPECT_NE(std::string(e.what()).find(dir.path() + ": it is a directory"), std::string::npos) << e.what();
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(ReadCorruptTrace, AnchorThatIsNotOtf2) {
  expect_refused(
      [](const fs::path& dir) {
        std::ofstream(dir / "traces.otf2", std::ios::trunc) << "these are not the bytes of an OTF2 anchor\n";
      },
      "not an OTF2 anchor file");
}

TEST(ReadCorruptTrace, AnchorWithGarbage) {
  expect_refused([](const fs::path& dir) { overwrite(dir / "traces.otf2", 0, garbage(64)); }, "traces.otf2");
}

TEST(ReadCorruptTrace, TruncatedAnchor) {
  expect_refused([](const fs::path& dir) { truncate_to_half(dir / "traces.otf2"); }, "traces.otf2");
}

TEST(ReadCorruptTrace, MissingGlobalDefinitions) {
  expect_refused([](const fs::path& dir) { fs::remove(dir / "traces.def"); }, "traces.def");
}

TEST(ReadCorruptTrace, TruncatedGlobalDefinitions) {
  expect_refused([](const fs::path& dir) { truncate_to_half(dir / "traces.def"); }, "traces.def");
}

TEST(ReadCorruptTrace, GlobalDefinitionsWithGarbage) {
  expect_refused([](const fs::path& dir) { overwrite(dir / "traces.def", 0, garbage(256)); }, "traces.def");
}

TEST(ReadCorruptTrace, MissingEventFile) {
  expect_refused([](const fs::path& dir) { fs::remove(dir / "traces" / "1.evt"); }, "1.evt");
}

TEST(ReadCorruptTrace, TruncatedEventFile) {
  expect_refused([](const fs::path& dir) { truncate_to_half(dir / "traces" / "0.evt"); }, "0.evt");
}

TEST(ReadCorruptTrace, EmptyEventFile) {
  expect_refused([](const fs::path& dir) { fs::resize_file(dir / "traces" / "1.evt", 0); }, "1.evt");
}

TEST(ReadCorruptTrace, EventFileWithGarbage) {
  expect_refused([](const fs::path& dir) { overwrite(dir / "traces" / "0.evt", 0, garbage(4096)); }, "0.evt");
}

}  // namespace
