// The digest Crossover's writer seals event files with, and the trace identifier over the anchor
// and global definitions: the same bytes in any pieces give the same value, any change another.

#include "xo/tracer/file_digest.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <string>

#include "xo/tracer/trace_identity.hpp"

namespace {

using xo::tracer::FileDigest;

std::string random_bytes(std::size_t size, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::string bytes(size, '\0');
  for (char& c : bytes) c = static_cast<char>(random());
  return bytes;
}

std::uint64_t digest(const std::string& bytes) {
  FileDigest d;
  d.add(bytes.data(), bytes.size());
  return d.value();
}

TEST(FileDigest, TheSameBytesInAnyPiecesGiveTheSameValue) {
  const std::string bytes = random_bytes(1000, 1);
  for (std::size_t piece : {1u, 7u, 31u, 32u, 33u, 999u}) {
    FileDigest d;
    for (std::size_t at = 0; at < bytes.size(); at += piece)
      d.add(bytes.data() + at, std::min(piece, bytes.size() - at));
    EXPECT_EQ(d.value(), digest(bytes)) << "pieces of " << piece;
  }
}

TEST(FileDigest, EveryFlippedBitLengthAndOrderChangesIt) {
  const std::string bytes = random_bytes(300, 2);
  std::set<std::uint64_t> seen = {digest(bytes)};
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string flipped = bytes;
      flipped[at] = static_cast<char>(flipped[at] ^ (1 << bit));
      EXPECT_TRUE(seen.insert(digest(flipped)).second) << "byte " << at << " bit " << bit;
    }
  }
  EXPECT_NE(digest(bytes + '\0'), digest(bytes));  // a zero byte more
  EXPECT_NE(digest(std::string(64, '\0')), digest(std::string(65, '\0')));
  EXPECT_NE(digest(bytes.substr(32) + bytes.substr(0, 32)), digest(bytes));  // blocks swapped
}

TEST(FileDigest, OfAFileIsThatOfItsBytesAndNothingForAFileThatIsNotRegular) {
  const std::string path = testing::TempDir() + "/digested";
  const std::string bytes = random_bytes(200000, 3);
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  EXPECT_EQ(xo::tracer::digest_of_file(path), digest(bytes));
  EXPECT_FALSE(xo::tracer::digest_of_file(testing::TempDir()).has_value());
  EXPECT_FALSE(xo::tracer::digest_of_file(path + ".missing").has_value());
}

TEST(TraceIdentity, CoversTheAnchorButItsOwnBytesAndTheDefinitions) {
  const std::uint64_t written = 0x1122334455667788ull;
  std::string anchor = "header";
  anchor.append(reinterpret_cast<const char*>(&written), sizeof written);
  anchor += "trailer";
  const auto id = xo::tracer::content_trace_id(anchor, written, "definitions");
  ASSERT_TRUE(id.has_value());
  // Whatever the identifier's bytes hold, the same: the writer replaces them by the result.
  std::string rewritten = anchor;
  std::memcpy(rewritten.data() + 6, &*id, sizeof *id);
  EXPECT_EQ(xo::tracer::content_trace_id(rewritten, *id, "definitions"), id);
  EXPECT_NE(xo::tracer::content_trace_id(anchor, written, "definitionz"), id);
  std::string other = anchor;
  other[0] = 'H';
  EXPECT_NE(xo::tracer::content_trace_id(other, written, "definitions"), id);
  // An anchor that does not hold the identifier once cannot be told.
  EXPECT_FALSE(xo::tracer::content_trace_id("header", written, "definitions").has_value());
  EXPECT_FALSE(xo::tracer::content_trace_id(anchor + anchor, written, "definitions").has_value());
}

}  // namespace
