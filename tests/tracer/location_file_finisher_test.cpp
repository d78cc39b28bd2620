// The writer's second thread: every location's empty definition file but the first's a link to it, each event file's
// digest taken once it is announced closed, a failure named by its file, and a finisher given up early (the writer
// failed) stopping without waiting for files.

#include "location_file_finisher.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "xo/tracer/file_digest.hpp"

namespace {

namespace fs = std::filesystem;
using xo::tracer::digest_of_file;
using xo::tracer::LocationFileFinisher;

class LocationFileFinisherTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("xo_finisher_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<std::string> paths(int n) const {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back((dir_ / std::to_string(i)).string());
    return out;
  }
  static void write(const std::string& path, const std::string& bytes) { std::ofstream(path) << bytes; }
  static std::string read(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  fs::path dir_;
};

TEST_F(LocationFileFinisherTest, CopiesDefinitionsAndDigestsEventFilesAsTheyClose) {
  const std::vector<std::string> files = paths(600);
  write(files[0] + ".def", "empty definitions");  // OTF2 wrote it
  LocationFileFinisher finisher(files, "empty definitions");
  for (std::size_t i = 0; i < files.size(); ++i) {
    write(files[i] + ".evt", "events of location " + std::to_string(i));
    if (i % 100 == 99) finisher.closed(i + 1);
  }
  const LocationFileFinisher::Result result = finisher.finish();
  EXPECT_EQ(result.error, "");
  ASSERT_EQ(result.digests.size(), files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    EXPECT_EQ(result.digests[i], digest_of_file(files[i] + ".evt").value()) << i;
    EXPECT_EQ(read(files[i] + ".def"), "empty definitions") << i;
  }
  struct stat first {};
  ASSERT_EQ(stat((files[0] + ".def").c_str(), &first), 0);
  EXPECT_EQ(first.st_nlink, files.size());  // one inode: links, not copies
  EXPECT_NE(result.digests[1], result.digests[2]);
}

TEST_F(LocationFileFinisherTest, AFileInTheWayIsOneErrorNamingIt) {
  const std::vector<std::string> files = paths(5);
  write(files[3] + ".def", "left from before");
  LocationFileFinisher finisher(files, "x");
  const LocationFileFinisher::Result result = finisher.finish();
  EXPECT_EQ(result.error, "writing " + files[3] + ".def: File exists");
}

TEST_F(LocationFileFinisherTest, AMissingEventFileIsOneErrorNamingIt) {
  const std::vector<std::string> files = paths(3);
  write(files[0] + ".evt", "a");
  write(files[2] + ".evt", "c");
  LocationFileFinisher finisher(files, "x");
  const LocationFileFinisher::Result result = finisher.finish();
  EXPECT_EQ(result.error, "reading back " + files[1] + ".evt to record its digest");
}

TEST_F(LocationFileFinisherTest, GivenUpBeforeTheEventFilesCloseItStops) {
  const std::vector<std::string> files = paths(4);
  { LocationFileFinisher finisher(files, "x"); }  // no event file ever announced: must not hang
  SUCCEED();
}

}  // namespace
