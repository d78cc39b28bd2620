// Damaged traces as a user meets them in xo report, xo compare and xo gui --screenshot: each way a
// sealed archive can be damaged is refused with one message naming the file and the fix, and
// --tolerate reads it with every figure marked. (trace_fuzz_test mutates traces at random.)

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace {

namespace fs = std::filesystem;

const std::string kXo = XO_BINARY;
const std::string kExamples = XO_EXAMPLES_DIR;

class DamagedTrace : public ::testing::Test {
 protected:
  void SetUp() override { record("stencil2d 16 20", 4, "t"); }

  void record(const std::string& program, int ranks, const std::string& out) {
    const auto r = run_command("cd " + dir_ + " && " + kXo + " record -q -n " + std::to_string(ranks) +
                               " --machine xt3 --compute=none -o " + out + " " + kExamples + "/" + program);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  xo::test::CommandResult in_dir(const std::string& command) { return run_command("cd " + dir_ + " && " + command); }

  xo::test::ScratchDir scratch_{"xo-damaged"};
  const std::string dir_ = scratch_.path();
};

TEST_F(DamagedTrace, AnEventFileFromAnotherRunIsRefusedNamingItAndToleratedWithEveryFigureMarked) {
  record("ring 2", 4, "other");
  fs::copy_file(dir_ + "/other/traces/2.evt", dir_ + "/t/traces/2.evt", fs::copy_options::overwrite_existing);
  auto r = in_dir(kXo + " report --no-bench --no-history t");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "xo: cannot trust trace t/traces.otf2: t/traces/2.evt is not the file its writer wrote"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "read it anyway with --tolerate")) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;

  // The ring's file holds fewer events than the stencil's definition announces: libotf2 cannot
  // read it even when tolerated. A flipped byte it can.
  r = in_dir("cp -r t u && cp t/traces/3.evt u/traces/2.evt && " + kXo + " report --no-bench --no-history u");
  EXPECT_EQ(r.status, 2) << r.err;  // same size, other contents: the digest tells
  EXPECT_TRUE(contains(r.err, "u/traces/2.evt is not the file its writer wrote")) << r.err;
  r = in_dir(kXo + " report --no-bench --no-history --tolerate u");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "DAMAGED TRACE, read with --tolerate: ")) << r.out;
  EXPECT_TRUE(contains(r.out, "Run (from a damaged trace)")) << r.out;
  EXPECT_TRUE(contains(r.out, "Time in MPI by call (from a damaged trace)")) << r.out;
  r = in_dir(kXo + " report --no-bench --no-history --tolerate --format json u");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "\"damaged\": true")) << r.out;
  EXPECT_TRUE(contains(r.out, "\"first_damage\": \"u/traces/2.evt is not the file its writer wrote")) << r.out;
}

TEST_F(DamagedTrace, AnAnchorOrDefinitionsFromAnotherRunAreRefused) {
  record("stencil2d 16 30", 4, "other");
  auto r = in_dir("cp -r t a && cp other/traces.otf2 a/ && " + kXo + " report --no-bench --no-history a");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err,
                       "a/traces.otf2 and its global definitions (traces.def) are not the pair their writer "
                       "wrote"))
      << r.err;
  r = in_dir("cp -r t d && cp other/traces.def d/ && " + kXo + " report --no-bench --no-history d");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "are not the pair their writer wrote")) << r.err;
}

TEST_F(DamagedTrace, EventFilesOfLocationsTheDefinitionsLackAreRefused) {
  // Another run's traces/ copied over a smaller run's: files of locations this one never had.
  record("ring 2", 8, "eight");
  auto r = in_dir("cp -r t s && cp eight/traces/7.evt s/traces/99.evt && " + kXo + " report --no-bench --no-history s");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "s/traces/99.evt belongs to no location of the definitions")) << r.err;
}

TEST_F(DamagedTrace, AByteFlippedInTheDefinitionsIsRefused) {
  // Byte 200 lies in the string definitions: OTF2 still reads the file, the identifier tells.
  auto r = in_dir("cp -r t f && printf '\\x41' | dd of=f/traces.def bs=1 seek=200 conv=notrunc 2>/dev/null && " + kXo +
                  " report --no-bench --no-history f");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(contains(r.err, "f/traces") && contains(r.err, "xo: ")) << r.err;
}

TEST_F(DamagedTrace, ASealThisXoDoesNotKnowIsSaidSo) {
  // As a later xo with another digest would write it (same length, so OTF2 still reads the anchor).
  auto r = in_dir("cp -r t n && sed -i 's/xo-digest-1/xo-digest-9/' n/traces.otf2 && " + kXo +
                  " report --no-bench --no-history n");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err,
                       "n/traces.otf2 is sealed with digest 'xo-digest-9', which this xo does not know (it "
                       "knows xo-digest-1): a newer xo wrote it (read it with that one: xo "))
      << r.err;
}

TEST_F(DamagedTrace, AnAnchorCutToOneByteIsRefusedBeforeLibotf2ReadsPastIt) {
  auto r = in_dir("cp -r t one && head -c 1 t/traces.otf2 > one/traces.otf2 && " + kXo +
                  " report --no-bench --no-history one");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "one/traces.otf2: it is not an OTF2 anchor file (1 bytes, too short to hold its header)"))
      << r.err;
}

TEST_F(DamagedTrace, CompareRefusesADamagedSideAndMarksItWhenTolerated) {
  auto r = in_dir("cp -r t u && cp t/traces/3.evt u/traces/2.evt && " + kXo + " compare t u");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "u/traces/2.evt is not the file its writer wrote")) << r.err;
  r = in_dir(kXo + " compare --tolerate t u");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "B (damaged trace)")) << r.out;
  EXPECT_TRUE(contains(r.out, "B (damaged trace): read with --tolerate, every figure of it may be wrong")) << r.out;
  EXPECT_FALSE(contains(r.out, "A (damaged trace)")) << r.out;
}

TEST_F(DamagedTrace, TheGuiRefusesADamagedTraceAndShowsTheMarkWhenTolerated) {
  const std::string gui = fs::path(kXo).parent_path() / "xo-gui";
  if (!fs::exists(gui)) GTEST_SKIP() << "no xo-gui built";
  auto r = in_dir("cp -r t u && cp t/traces/3.evt u/traces/2.evt && " + kXo + " gui --screenshot u.png u");
  EXPECT_NE(r.status, 0);
  EXPECT_TRUE(contains(r.err, "u/traces/2.evt is not the file its writer wrote")) << r.err;
  EXPECT_FALSE(fs::exists(dir_ + "/u.png"));
  r = in_dir(kXo + " gui --tolerate --screenshot u.png u");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ + "/u.png"));
}

TEST_F(DamagedTrace, AScreenshotIntoAMissingDirectoryIsRefusedBeforeReading) {
  const std::string gui = fs::path(kXo).parent_path() / "xo-gui";
  if (!fs::exists(gui)) GTEST_SKIP() << "no xo-gui built";
  auto r = in_dir(kXo + " gui --screenshot shots/t.png t");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "the directory " + dir_ + "/shots does not exist; create it (mkdir -p")) << r.err;
  EXPECT_FALSE(fs::exists(dir_ + "/shots"));
}

}  // namespace
