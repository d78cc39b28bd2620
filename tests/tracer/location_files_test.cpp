// The files of the writer's locations: each location's event file from the bytes given and its
// digest as read back, every empty definition file but the first's a link to it, written from
// several threads at once, and a failure named by its file with errno's reason.

#include "location_files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "xo/tracer/file_digest.hpp"

namespace {

namespace fs = std::filesystem;
using xo::tracer::digest_of_file;
using xo::tracer::LocationFiles;

class LocationFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("xo_location_files_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The paths of `n` locations' files without extension, as the test reads them.
  std::vector<std::string> paths(int n) const {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back((dir_ / std::to_string(i)).string());
    return out;
  }
  // The files of `n` locations, named by their index.
  LocationFiles files_of(int n, const std::string& definitions) const {
    std::vector<std::string> ids;
    for (int i = 0; i < n; ++i) ids.push_back(std::to_string(i));
    return LocationFiles(dir_.string(), std::move(ids), definitions);
  }
  static void write(const std::string& path, const std::string& bytes) { std::ofstream(path) << bytes; }
  static std::string read(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  static bool write_location(LocationFiles& files, std::size_t index, const std::string& text) {
    const std::vector<std::uint8_t> bytes(text.begin(), text.end());
    return files.write(index, bytes);
  }

  fs::path dir_;
};

TEST_F(LocationFilesTest, WritesAndDigestsEventFilesAndLinksDefinitionsFromSeveralThreads) {
  const std::vector<std::string> names = paths(600);
  write(names[0] + ".def", "empty definitions");  // OTF2 wrote it
  LocationFiles files = files_of(600, "empty definitions");
  const auto half = [&](std::size_t first) {
    for (std::size_t i = first; i < names.size(); i += 2) {
      EXPECT_TRUE(write_location(files, i, "events of location " + std::to_string(i)));
    }
  };
  std::thread other(half, 1);
  half(0);
  other.join();
  EXPECT_FALSE(files.failed());
  ASSERT_EQ(files.digests().size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(read(names[i] + ".evt"), "events of location " + std::to_string(i)) << i;
    EXPECT_EQ(files.digests()[i], digest_of_file(names[i] + ".evt").value()) << i;
    EXPECT_EQ(read(names[i] + ".def"), "empty definitions") << i;
  }
  struct stat first {};
  ASSERT_EQ(stat((names[0] + ".def").c_str(), &first), 0);
  EXPECT_EQ(first.st_nlink, names.size());  // one inode: links, not copies
  EXPECT_NE(files.digests()[1], files.digests()[2]);
}

TEST_F(LocationFilesTest, ADefinitionFileInTheWayIsOneErrorNamingIt) {
  const std::vector<std::string> names = paths(5);
  write(names[0] + ".def", "x");
  write(names[3] + ".def", "left from before");
  LocationFiles files = files_of(static_cast<int>(names.size()), "x");
  for (std::size_t i = 0; i < 3; ++i) EXPECT_TRUE(write_location(files, i, "e"));
  EXPECT_FALSE(write_location(files, 3, "e"));
  EXPECT_FALSE(write_location(files, 4, "e"));  // nothing after a failure
  EXPECT_TRUE(files.failed());
  EXPECT_EQ(files.failure().what, "writing " + names[3] + ".def");
  EXPECT_EQ(files.failure().error_number, EEXIST);
  EXPECT_FALSE(fs::exists(names[4] + ".evt"));
}

TEST_F(LocationFilesTest, AnEventFileThatCannotBeMadeIsOneErrorNamingIt) {
  const std::vector<std::string> names = paths(3);
  write(names[0] + ".def", "x");
  fs::create_directory(names[1] + ".evt");
  LocationFiles files = files_of(static_cast<int>(names.size()), "x");
  EXPECT_TRUE(write_location(files, 0, "e"));
  EXPECT_FALSE(write_location(files, 1, "e"));
  EXPECT_EQ(files.failure().what, "writing " + names[1] + ".evt");
  EXPECT_EQ(files.failure().error_number, EISDIR);
}

TEST_F(LocationFilesTest, AMissingDirectoryIsOneErrorNamingIt) {
  fs::remove_all(dir_);
  LocationFiles files = files_of(2, "x");
  EXPECT_TRUE(files.failed());
  EXPECT_FALSE(write_location(files, 0, "e"));
  EXPECT_EQ(files.failure().what, "opening " + dir_.string());
  EXPECT_EQ(files.failure().error_number, ENOENT);
}

TEST_F(LocationFilesTest, WhereLinksAreRefusedEachDefinitionFileIsACopy) {
  // The first definition file is a directory's name here: link() refuses it (EPERM), and each
  // location gets a copy of the bytes instead.
  const std::vector<std::string> names = paths(4);
  fs::create_directory(names[0] + ".def");
  LocationFiles files = files_of(static_cast<int>(names.size()), "copied");
  for (std::size_t i = 0; i < names.size(); ++i) EXPECT_TRUE(write_location(files, i, "e")) << i;
  for (std::size_t i = 1; i < names.size(); ++i) {
    EXPECT_EQ(read(names[i] + ".def"), "copied") << i;
    struct stat copy {};
    ASSERT_EQ(stat((names[i] + ".def").c_str(), &copy), 0);
    EXPECT_EQ(copy.st_nlink, 1u) << i;
  }
}

}  // namespace
