// A rank's record log: records come back in the order appended, across the blocks it grows by,
// and never move.

#include "record_log.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

using xo::tracer::RecordArena;
using xo::tracer::RecordLog;

struct Record {
  std::uint64_t value;
  std::uint64_t padding[3];
};

TEST(RecordLog, EmptyHasNothingToIterate) {
  const RecordLog<Record> log;
  EXPECT_TRUE(log.empty());
  EXPECT_TRUE(log.begin() == log.end());
}

TEST(RecordLog, GivesBackEveryRecordInOrderAcrossBlocks) {
  RecordArena arena;
  RecordLog<Record> a;
  RecordLog<Record> b;  // interleaved, as ranks are
  std::vector<const Record*> addresses;
  for (std::uint64_t i = 0; i < 10000; ++i) {
    addresses.push_back(&a.append(arena, {i, {}}));
    b.append(arena, {i * 7, {}});
  }
  ASSERT_EQ(a.size(), 10000u);
  std::uint64_t expected = 0;
  for (const Record& r : a) {
    ASSERT_EQ(r.value, expected);
    EXPECT_EQ(&r, addresses[expected]) << "records do not move";
    ++expected;
  }
  EXPECT_EQ(expected, 10000u);
  expected = 0;
  for (const Record& r : b) {
    ASSERT_EQ(r.value, expected * 7);
    ++expected;
  }
  EXPECT_EQ(expected, 10000u);
}

TEST(RecordLog, EachRecordIsFoundByItsIndex) {
  RecordArena arena;
  RecordLog<Record> log;
  std::vector<const Record*> addresses;
  // Past the doubling blocks into many of the largest size (2,048 records of 32 bytes).
  for (std::uint64_t i = 0; i < 20000; ++i) addresses.push_back(&log.append(arena, {i, {}}));
  for (std::size_t i = 0; i < addresses.size(); ++i) ASSERT_EQ(&log[i], addresses[i]) << i;
}

TEST(RecordLog, RecordsOfAnOddSizeAreFoundByIndexToo) {
  // Records of 3 KiB: blocks of 8, 16, then 21 (the most a 64 KiB block holds) each.
  struct Large {
    std::uint64_t value;
    char padding[3 * 1024 - 8];
  };
  RecordArena arena;
  RecordLog<Large> log;
  for (std::uint64_t i = 0; i < 200; ++i) log.append(arena, Large{i, {}});
  for (std::size_t i = 0; i < 200; ++i) ASSERT_EQ(log[i].value, i);
}

TEST(RecordLog, ARecordCanBeChangedThroughWhatAppendReturned) {
  RecordArena arena;
  RecordLog<Record> log;
  Record& first = log.append(arena, {1, {}});
  for (std::uint64_t i = 0; i < 100; ++i) log.append(arena, {i, {}});
  first.value = 42;
  EXPECT_EQ(log.begin()->value, 42u);
}

}  // namespace
