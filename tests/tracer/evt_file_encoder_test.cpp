// Crossover's own OTF2 event file encoder against libotf2: the same records, attributes and times
// written through both must give the same bytes: every record the writer uses with small, large
// and special values, events at time 0 (each gets its timestamp), chunks filled to their ends, and
// an event earlier than the one before it (refused by both).

#include "evt_file_encoder.hpp"

#include <gtest/gtest.h>
#include <otf2/otf2.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using xo::tracer::EventAttributes;
using xo::tracer::EvtFileEncoder;
using Time = EvtFileEncoder::Time;

constexpr std::uint64_t kChunk = OTF2_CHUNK_SIZE_MIN;
constexpr std::uint32_t kMax32 = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMax64 = std::numeric_limits<std::uint64_t>::max();

OTF2_FlushType flush_always(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }
constexpr OTF2_FlushCallbacks kFlush = {flush_always, nullptr};

// The encoder's calls, made through libotf2's event writer of location 0 of an archive in `dir`;
// the file's bytes once closed. Each call's OTF2 code is kept: refused() counts the failures.
class Otf2EventFile {
 public:
  explicit Otf2EventFile(const fs::path& dir) : dir_(dir) {
    archive_ = OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, kChunk, OTF2_UNDEFINED_UINT64,
                                 OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    OTF2_Archive_SetFlushCallbacks(archive_, &kFlush, nullptr);
    OTF2_Archive_SetSerialCollectiveCallbacks(archive_);
    OTF2_Archive_SetDefChunkSize(archive_, OTF2_CHUNK_SIZE_MIN);
    OTF2_Archive_OpenEvtFiles(archive_);
    w_ = OTF2_Archive_GetEvtWriter(archive_, 0);
    list_ = OTF2_AttributeList_New();
  }
  std::string close() {
    OTF2_Archive_CloseEvtWriter(archive_, w_);
    OTF2_Archive_CloseEvtFiles(archive_);
    OTF2_Archive_Close(archive_);
    OTF2_AttributeList_Delete(list_);
    std::ifstream in(dir_ / "traces" / "0.evt", std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  int refused() const { return refused_; }

  void enter(Time t, EventAttributes* a, std::uint32_t r) { check(OTF2_EvtWriter_Enter(w_, list(a), t, r)); }
  void leave(Time t, EventAttributes* a, std::uint32_t r) { check(OTF2_EvtWriter_Leave(w_, list(a), t, r)); }
  void mpi_send(Time t, EventAttributes* a, std::uint32_t p, std::uint32_t c, std::uint32_t g, std::uint64_t n) {
    check(OTF2_EvtWriter_MpiSend(w_, list(a), t, p, c, g, n));
  }
  void mpi_isend(Time t, EventAttributes* a, std::uint32_t p, std::uint32_t c, std::uint32_t g, std::uint64_t n,
                 std::uint64_t q) {
    check(OTF2_EvtWriter_MpiIsend(w_, list(a), t, p, c, g, n, q));
  }
  void mpi_isend_complete(Time t, EventAttributes* a, std::uint64_t q) {
    check(OTF2_EvtWriter_MpiIsendComplete(w_, list(a), t, q));
  }
  void mpi_irecv_request(Time t, EventAttributes* a, std::uint64_t q) {
    check(OTF2_EvtWriter_MpiIrecvRequest(w_, list(a), t, q));
  }
  void mpi_recv(Time t, EventAttributes* a, std::uint32_t p, std::uint32_t c, std::uint32_t g, std::uint64_t n) {
    check(OTF2_EvtWriter_MpiRecv(w_, list(a), t, p, c, g, n));
  }
  void mpi_irecv(Time t, EventAttributes* a, std::uint32_t p, std::uint32_t c, std::uint32_t g, std::uint64_t n,
                 std::uint64_t q) {
    check(OTF2_EvtWriter_MpiIrecv(w_, list(a), t, p, c, g, n, q));
  }
  void mpi_request_cancelled(Time t, EventAttributes* a, std::uint64_t q) {
    check(OTF2_EvtWriter_MpiRequestCancelled(w_, list(a), t, q));
  }
  void mpi_collective_begin(Time t, EventAttributes* a) { check(OTF2_EvtWriter_MpiCollectiveBegin(w_, list(a), t)); }
  void mpi_collective_end(Time t, EventAttributes* a, std::uint8_t op, std::uint32_t c, std::uint32_t root,
                          std::uint64_t s, std::uint64_t r) {
    check(OTF2_EvtWriter_MpiCollectiveEnd(w_, list(a), t, op, c, root, s, r));
  }
  void non_blocking_collective_request(Time t, EventAttributes* a, std::uint64_t q) {
    check(OTF2_EvtWriter_NonBlockingCollectiveRequest(w_, list(a), t, q));
  }
  void non_blocking_collective_complete(Time t, EventAttributes* a, std::uint8_t op, std::uint32_t c,
                                        std::uint32_t root, std::uint64_t s, std::uint64_t r, std::uint64_t q) {
    check(OTF2_EvtWriter_NonBlockingCollectiveComplete(w_, list(a), t, op, c, root, s, r, q));
  }
  void comm_create(Time t, EventAttributes* a, std::uint32_t c) { check(OTF2_EvtWriter_CommCreate(w_, list(a), t, c)); }
  void comm_destroy(Time t, EventAttributes* a, std::uint32_t c) {
    check(OTF2_EvtWriter_CommDestroy(w_, list(a), t, c));
  }
  void rma_win_create(Time t, EventAttributes* a, std::uint32_t w) {
    check(OTF2_EvtWriter_RmaWinCreate(w_, list(a), t, w));
  }
  void rma_win_destroy(Time t, EventAttributes* a, std::uint32_t w) {
    check(OTF2_EvtWriter_RmaWinDestroy(w_, list(a), t, w));
  }
  void rma_collective_begin(Time t, EventAttributes* a) { check(OTF2_EvtWriter_RmaCollectiveBegin(w_, list(a), t)); }
  void rma_collective_end(Time t, EventAttributes* a, std::uint8_t op, std::uint32_t level, std::uint32_t w,
                          std::uint32_t root, std::uint64_t s, std::uint64_t r) {
    check(OTF2_EvtWriter_RmaCollectiveEnd(w_, list(a), t, op, level, w, root, s, r));
  }
  void rma_group_sync(Time t, EventAttributes* a, std::uint32_t level, std::uint32_t w, std::uint32_t g) {
    check(OTF2_EvtWriter_RmaGroupSync(w_, list(a), t, level, w, g));
  }
  void rma_request_lock(Time t, EventAttributes* a, std::uint32_t w, std::uint32_t r, std::uint64_t l,
                        std::uint8_t type) {
    check(OTF2_EvtWriter_RmaRequestLock(w_, list(a), t, w, r, l, type));
  }
  void rma_acquire_lock(Time t, EventAttributes* a, std::uint32_t w, std::uint32_t r, std::uint64_t l,
                        std::uint8_t type) {
    check(OTF2_EvtWriter_RmaAcquireLock(w_, list(a), t, w, r, l, type));
  }
  void rma_release_lock(Time t, EventAttributes* a, std::uint32_t w, std::uint32_t r, std::uint64_t l) {
    check(OTF2_EvtWriter_RmaReleaseLock(w_, list(a), t, w, r, l));
  }
  void rma_sync(Time t, EventAttributes* a, std::uint32_t w, std::uint32_t r, std::uint8_t type) {
    check(OTF2_EvtWriter_RmaSync(w_, list(a), t, w, r, type));
  }
  void rma_put(Time t, EventAttributes* a, std::uint32_t w, std::uint32_t r, std::uint64_t n, std::uint64_t m) {
    check(OTF2_EvtWriter_RmaPut(w_, list(a), t, w, r, n, m));
  }
  void rma_get(Time t, EventAttributes* a, std::uint32_t w, std::uint32_t r, std::uint64_t n, std::uint64_t m) {
    check(OTF2_EvtWriter_RmaGet(w_, list(a), t, w, r, n, m));
  }
  void rma_atomic(Time t, EventAttributes* a, std::uint32_t w, std::uint32_t r, std::uint8_t type, std::uint64_t s,
                  std::uint64_t got, std::uint64_t m) {
    check(OTF2_EvtWriter_RmaAtomic(w_, list(a), t, w, r, type, s, got, m));
  }
  void rma_op_complete_blocking(Time t, EventAttributes* a, std::uint32_t w, std::uint64_t m) {
    check(OTF2_EvtWriter_RmaOpCompleteBlocking(w_, list(a), t, w, m));
  }
  void thread_task_create(Time t, EventAttributes* a, std::uint32_t team, std::uint32_t th, std::uint32_t g) {
    check(OTF2_EvtWriter_ThreadTaskCreate(w_, list(a), t, team, th, g));
  }
  void thread_task_switch(Time t, EventAttributes* a, std::uint32_t team, std::uint32_t th, std::uint32_t g) {
    check(OTF2_EvtWriter_ThreadTaskSwitch(w_, list(a), t, team, th, g));
  }
  void thread_task_complete(Time t, EventAttributes* a, std::uint32_t team, std::uint32_t th, std::uint32_t g) {
    check(OTF2_EvtWriter_ThreadTaskComplete(w_, list(a), t, team, th, g));
  }

 private:
  // The attributes as libotf2's list (cleared, as the encoder clears them).
  OTF2_AttributeList* list(EventAttributes* a) {
    if (a == nullptr) return nullptr;
    OTF2_AttributeList_RemoveAllAttributes(list_);
    for (std::size_t i = 0; i < a->size(); ++i) {
      const EventAttributes::Entry& e = (*a)[i];
      OTF2_AttributeValue value{};
      switch (e.type) {
        case OTF2_TYPE_UINT64: value.uint64 = e.value; break;
        case OTF2_TYPE_INT32: value.int32 = static_cast<std::int32_t>(static_cast<std::uint32_t>(e.value)); break;
        case OTF2_TYPE_STRING: value.stringRef = static_cast<std::uint32_t>(e.value); break;
        default: value.callingContextRef = static_cast<std::uint32_t>(e.value); break;
      }
      OTF2_AttributeList_AddAttribute(list_, e.id, e.type, value);
    }
    a->clear();
    return list_;
  }
  void check(OTF2_ErrorCode code) { refused_ += code != OTF2_SUCCESS; }

  fs::path dir_;
  OTF2_Archive* archive_ = nullptr;
  OTF2_EvtWriter* w_ = nullptr;
  OTF2_AttributeList* list_ = nullptr;
  int refused_ = 0;
};

class EvtFileEncoderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("xo_encoder_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The bytes of `script` through libotf2 and through the encoder.
  template <typename Script>
  void expect_same_bytes(const Script& script) {
    Otf2EventFile otf2(dir_);
    script(otf2);
    const std::string expected = otf2.close();
    EvtFileEncoder encoder(kChunk);
    encoder.start();
    script(encoder);
    const std::span<const std::uint8_t> bytes = encoder.finish();
    const std::string got(bytes.begin(), bytes.end());
    EXPECT_EQ(got.size(), expected.size());
    const auto differ = std::mismatch(got.begin(), got.end(), expected.begin(), expected.end());
    EXPECT_TRUE(differ.first == got.end() && differ.second == expected.end())
        << "first difference at byte " << differ.first - got.begin() << " of " << got.size();
    EXPECT_EQ(encoder.in_time_order(), otf2.refused() == 0);
  }

  fs::path dir_;
};

// Every record kind, each with values of every compressed size and the special ones.
template <typename W>
void every_record(W& w, Time t, std::uint32_t u, std::uint64_t v) {
  EventAttributes a;
  w.enter(t, nullptr, u);
  a.add_calling_context_ref(6, u);
  w.enter(t, &a, u);
  a.add_string_ref(0, u);
  a.add_uint64(1, v);
  a.add_int32(2, static_cast<std::int32_t>(u));
  w.enter(t, &a, u);
  w.leave(t, nullptr, u);
  a.add_uint64(4, v);
  w.mpi_send(t, &a, u, u, u, v);
  w.mpi_send(t, nullptr, u, 1, 0, v);
  w.mpi_isend(t, nullptr, u, u, u, v, v);
  a.add_uint64(4, t);
  w.mpi_isend_complete(t, &a, v);
  w.mpi_irecv_request(t, nullptr, v);
  w.mpi_recv(t, nullptr, u, u, u, v);
  a.add_uint64(5, v);
  w.mpi_irecv(t, &a, u, u, u, v, v);
  w.mpi_request_cancelled(t, nullptr, v);
  w.mpi_collective_begin(t, nullptr);
  a.add_string_ref(3, u);
  w.mpi_collective_end(t, &a, static_cast<std::uint8_t>(u), u, u, v, v);
  w.non_blocking_collective_request(t, nullptr, v);
  w.non_blocking_collective_complete(t, nullptr, static_cast<std::uint8_t>(u), u, u, v, v, v);
  w.comm_create(t, nullptr, u);
  w.comm_destroy(t, nullptr, u);
  w.rma_win_create(t, nullptr, u);
  w.rma_win_destroy(t, nullptr, u);
  w.rma_collective_begin(t, nullptr);
  w.rma_collective_end(t, nullptr, 3, u, u, u, v, v);
  w.rma_group_sync(t, nullptr, u, u, u);
  w.rma_request_lock(t, nullptr, u, u, v, 1);
  w.rma_acquire_lock(t, nullptr, u, u, v, 0);
  w.rma_release_lock(t, nullptr, u, u, v);
  w.rma_sync(t, nullptr, u, u, 2);
  w.rma_put(t, nullptr, u, u, v, v);
  w.rma_get(t, nullptr, u, u, v, v);
  w.rma_atomic(t, nullptr, u, u, 4, v, v, v);
  w.rma_op_complete_blocking(t, nullptr, u, v);
  w.thread_task_create(t, nullptr, u, u, u);
  w.thread_task_switch(t, nullptr, u, u, u);
  w.thread_task_complete(t, nullptr, u, u, u);
}

TEST_F(EvtFileEncoderTest, EveryRecordWithValuesOfEverySizeAsLibotf2) {
  expect_same_bytes([](auto& w) {
    const std::uint32_t u32s[] = {0, 1, 255, 256, 65535, 65536, 0xffffff, 0x1000000, kMax32 - 1, kMax32};
    const std::uint64_t u64s[] = {0,          1,          255,   256, 0x10000, 0xffffffff, 0x100000000, 0xffffffffffff,
                                  1ull << 56, kMax64 - 1, kMax64};
    Time t = 0;
    for (const std::uint32_t u : u32s) {
      for (const std::uint64_t v : u64s) every_record(w, t += 977, u, v);
    }
    EventAttributes a;  // negative peers: an int32 takes all four bytes
    a.add_int32(2, -1);
    w.enter(t, &a, 1);
    a.add_int32(2, std::numeric_limits<std::int32_t>::min());
    w.enter(t, &a, 1);
  });
}

TEST_F(EvtFileEncoderTest, EventsAtTimeZeroEachHaveTheirTimestampAcrossChunks) {
  expect_same_bytes([](auto& w) {
    for (int i = 0; i < 30000; ++i) w.enter(0, nullptr, static_cast<std::uint32_t>(i));
    every_record(w, 0, 7, 9);
  });
}

TEST_F(EvtFileEncoderTest, ChunksBreakWhereLibotf2BreaksThem) {
  expect_same_bytes([](auto& w) {
    Time t = 1;
    for (std::uint32_t i = 0; i < 25000; ++i) {
      every_record(w, t, i * 2654435761u, std::uint64_t{i} * 0x9e3779b97f4a7c15ull);
      t += i % 3;  // some events share a time: no timestamp between them
    }
  });
}

TEST_F(EvtFileEncoderTest, AnEventBeforeTheOneBeforeItIsLeftOutAsLibotf2RefusesIt) {
  expect_same_bytes([](auto& w) {
    EventAttributes a;
    w.enter(100, nullptr, 1);
    a.add_uint64(1, 5);
    w.enter(50, &a, 2);  // refused, its attributes dropped
    w.leave(100, nullptr, 1);
  });
}

TEST_F(EvtFileEncoderTest, StartingAgainForgetsTheLastFile) {
  EvtFileEncoder encoder(kChunk);
  encoder.start();
  encoder.enter(10, nullptr, 1);
  const std::span<const std::uint8_t> made = encoder.finish();
  const std::vector<std::uint8_t> first(made.begin(), made.end());
  encoder.start();
  encoder.enter(5, nullptr, 1);
  encoder.leave(10, nullptr, 1);
  EXPECT_TRUE(encoder.in_time_order());
  EXPECT_EQ(encoder.events(), 2u);
  encoder.start();
  encoder.enter(10, nullptr, 1);
  const std::span<const std::uint8_t> again = encoder.finish();
  EXPECT_EQ(std::vector<std::uint8_t>(again.begin(), again.end()), first);
}

}  // namespace
