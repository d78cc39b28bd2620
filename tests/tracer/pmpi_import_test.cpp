// The PMPI tracer's logs made an archive (import_pmpi_job), from logs written here by hand: each
// rank's clock moved onto rank 0's by the offsets measured at MPI_Init and MPI_Finalize, linearly
// between them (drift); communicators matched across ranks by their members; the clock error kept.

#include "xo/tracer/pmpi_import.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "support/scratch_dir.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/tracer/pmpi_log.h"

namespace fs = std::filesystem;

namespace {

struct Log {
  int rank;
  std::vector<xo_pmpi_record> records;
  std::string comms;  // the .comms file
};

xo_pmpi_record record(xo_pmpi_record_kind kind, std::int64_t t, std::int32_t a = 0, std::int32_t b = 0,
                      std::int32_t c = 0, std::uint64_t wide = 0) {
  return {t, wide, a, b, c, static_cast<std::uint32_t>(kind)};
}

void write(const std::string& dir, const Log& log, int size) {
  xo_pmpi_log_header header{};
  std::memcpy(header.magic, XO_PMPI_LOG_MAGIC, sizeof header.magic);
  header.world_rank = log.rank;
  header.world_size = size;
  std::strcpy(header.library, "Test MPI 1.0");
  std::ofstream out(dir + "/rank-" + std::to_string(log.rank) + ".log", std::ios::binary);
  out.write(reinterpret_cast<const char*>(&header), sizeof header);
  out.write(reinterpret_cast<const char*>(log.records.data()),
            static_cast<std::streamsize>(log.records.size() * sizeof(xo_pmpi_record)));
  std::ofstream(dir + "/rank-" + std::to_string(log.rank) + ".comms") << log.comms;
}

class PmpiImport : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir_ + "/logs");
    fs::create_directories(dir_ + "/trace");
  }
  xo::test::ScratchDir scratch_{"xo-pmpi-import"};
  const std::string dir_ = scratch_.path();
};

// Rank 1's clock is 1 ms ahead of rank 0's at MPI_Init and 1 ms + 500 ns at MPI_Finalize, 5 µs
// later: its receive, 0.91 µs after its first clock reading, is on rank 0's clock at
// 1,001,060 - 1,000,000 - 500 x 910 / 4,900 ns.
TEST_F(PmpiImport, RanksClocksGoOntoRankZerosWithTheirDrift) {
  constexpr std::int64_t kAhead = 1'000'000;
  const Log rank0{0,
                  {record(XO_PMPI_ENTER, 100, XO_PMPI_MPI_Init), record(XO_PMPI_CLOCK, 150, 0, 0, 0, 0),
                   record(XO_PMPI_LEAVE, 200, XO_PMPI_MPI_Init), record(XO_PMPI_ENTER, 880, XO_PMPI_MPI_Send),
                   record(XO_PMPI_SEND, 900, 1, XO_PMPI_COMM_WORLD, 5, 64),
                   record(XO_PMPI_LEAVE, 950, XO_PMPI_MPI_Send), record(XO_PMPI_ENTER, 5000, XO_PMPI_MPI_Finalize),
                   record(XO_PMPI_CLOCK, 5050, 0, 0, 0, 0), record(XO_PMPI_LEAVE, 5100, XO_PMPI_MPI_Finalize)},
                  ""};
  auto ahead = [&](std::int64_t t) { return t + kAhead; };
  const Log rank1{
      1,
      {record(XO_PMPI_ENTER, ahead(100), XO_PMPI_MPI_Init),
       record(XO_PMPI_CLOCK, ahead(150), 40, 0, 0, static_cast<std::uint64_t>(-kAhead)),
       record(XO_PMPI_LEAVE, ahead(200), XO_PMPI_MPI_Init), record(XO_PMPI_ENTER, ahead(900), XO_PMPI_MPI_Recv),
       record(XO_PMPI_RECV, ahead(1060), 0, XO_PMPI_COMM_WORLD, 5, 64),
       record(XO_PMPI_LEAVE, ahead(1060), XO_PMPI_MPI_Recv), record(XO_PMPI_ENTER, ahead(5000), XO_PMPI_MPI_Finalize),
       record(XO_PMPI_CLOCK, ahead(5050), 60, 0, 0, static_cast<std::uint64_t>(-kAhead - 500)),
       record(XO_PMPI_LEAVE, ahead(5100), XO_PMPI_MPI_Finalize)},
      ""};
  write(dir_ + "/logs", rank0, 2);
  write(dir_ + "/logs", rank1, 2);
  const auto imported =
      xo::tracer::import_pmpi_job({dir_ + "/logs", {"mpirun", "./app"}, {}, 0}, dir_ + "/trace", {"test", "test"});
  EXPECT_EQ(imported.ranks, 2);
  EXPECT_EQ(imported.library, "Test MPI 1.0");
  EXPECT_EQ(imported.clock_error_ns, 60);
  const auto model = xo::analyzer::read_trace(dir_ + "/trace/traces.otf2");
  ASSERT_EQ(model.messages.size(), 1u);
  const double zero = 100e-9;  // the job's first record, rank 0's MPI_Init
  EXPECT_NEAR(model.messages.send_time[0], 900e-9 - zero, 1e-12);
  const double drift = 500.0 * 910 / 4900;
  EXPECT_EQ(imported.messages_moved, 0u) << "the receive, drift corrected, comes after the send";
  EXPECT_NEAR(model.receive_time(0), (1060 - drift) * 1e-9 - zero, 1.5e-9);
  ASSERT_TRUE(model.run.crossover);
  bool error_kept = false;
  for (const auto& p : model.run.crossover->parameters)
    error_kept = error_kept || (p.name == "clock_sync_error_ns" && p.value == "60");
  EXPECT_TRUE(error_kept);
}

// A receive that the clocks put before its send (ranks on hosts synchronised only so well) moves to
// just after it, and the rest of its rank with it, so that the archive is causal.
TEST_F(PmpiImport, NoMessageArrivesBeforeItWasSent) {
  const Log rank0{
      0,
      {record(XO_PMPI_ENTER, 100, XO_PMPI_MPI_Init), record(XO_PMPI_LEAVE, 200, XO_PMPI_MPI_Init),
       record(XO_PMPI_ENTER, 1000, XO_PMPI_MPI_Send), record(XO_PMPI_SEND, 1000, 1, XO_PMPI_COMM_WORLD, 5, 64),
       record(XO_PMPI_LEAVE, 1100, XO_PMPI_MPI_Send)},
      ""};
  const Log rank1{
      1,
      {record(XO_PMPI_ENTER, 100, XO_PMPI_MPI_Init), record(XO_PMPI_LEAVE, 200, XO_PMPI_MPI_Init),
       record(XO_PMPI_ENTER, 800, XO_PMPI_MPI_Recv), record(XO_PMPI_RECV, 900, 0, XO_PMPI_COMM_WORLD, 5, 64),
       record(XO_PMPI_LEAVE, 950, XO_PMPI_MPI_Recv), record(XO_PMPI_ENTER, 2000, XO_PMPI_MPI_Barrier),
       record(XO_PMPI_LEAVE, 2100, XO_PMPI_MPI_Barrier)},
      ""};
  write(dir_ + "/logs", rank0, 2);
  write(dir_ + "/logs", rank1, 2);
  const auto imported =
      xo::tracer::import_pmpi_job({dir_ + "/logs", {"mpirun"}, {}, 0}, dir_ + "/trace", {"test", "test"});
  EXPECT_EQ(imported.messages_moved, 1u);
  EXPECT_EQ(imported.largest_move_ns, 101);
  const auto model = xo::analyzer::read_trace(dir_ + "/trace/traces.otf2");
  ASSERT_EQ(model.messages.size(), 1u);
  const double zero = 100e-9;
  EXPECT_NEAR(model.receive_time(0), 1001e-9 - zero, 1e-12);
  const auto recv_call = model.messages.receive_call[0];
  EXPECT_NEAR(model.calls.leave[recv_call], 1051e-9 - zero, 1e-12) << "the rest of the rank moved as far";
  EXPECT_NEAR(model.calls.enter[recv_call], 800e-9 - zero, 1e-12) << "what came before stays";
}

// A communicator is one however each member numbered it: by its members and, for several with the
// same members, the order each member used them in.
TEST_F(PmpiImport, CommunicatorsAreMatchedByMembersAndOrder) {
  auto ring = [](int rank, int local_a, int local_b) {
    const int peer = 1 - rank;
    std::vector<xo_pmpi_record> r = {record(XO_PMPI_ENTER, 10, XO_PMPI_MPI_Init),
                                     record(XO_PMPI_LEAVE, 20, XO_PMPI_MPI_Init)};
    std::int64_t t = 100;
    for (int comm : {local_a, local_b}) {
      r.push_back(record(XO_PMPI_ENTER, t, XO_PMPI_MPI_Sendrecv));
      r.push_back(record(XO_PMPI_SEND, t, peer, comm, 7, 8));
      r.push_back(record(XO_PMPI_RECV, t + 50, peer, comm, 7, 8));
      r.push_back(record(XO_PMPI_LEAVE, t + 50, XO_PMPI_MPI_Sendrecv));
      t += 100;
    }
    return r;
  };
  // Both communicators hold ranks 0 and 1; rank 1 numbered them in the other order of ids but
  // made them in the same order.
  write(dir_ + "/logs", {0, ring(0, 3, 4), "3 2 0 1\n4 2 0 1\n"}, 2);
  write(dir_ + "/logs", {1, ring(1, 7, 9), "7 2 0 1\n9 2 0 1\n"}, 2);
  xo::tracer::import_pmpi_job({dir_ + "/logs", {"mpirun"}, {}, 0}, dir_ + "/trace", {"test", "test"});
  const auto model = xo::analyzer::read_trace(dir_ + "/trace/traces.otf2");
  EXPECT_EQ(model.messages.size(), 4u);
  EXPECT_EQ(model.unreceived.size(), 0u);
  EXPECT_EQ(model.problems.total(), 0u);
}

// An intercommunicator of world rank 0 and of world ranks 2 and 1 (in that rank order), as each
// member's .comms line gives its local group and then its remote one: a message's peer is a rank
// of the remote group, so rank 0's send to remote rank 1 is rank 1's receive from remote rank 0.
// The receive, found before the send, moves after it only if the two are paired; a barrier on it
// is one collective of all three ranks.
TEST_F(PmpiImport, IntercommunicatorPeersAreRanksOfTheRemoteGroup) {
  auto barrier = [](std::vector<xo_pmpi_record>& r, int comm) {
    r.push_back(record(XO_PMPI_ENTER, 2000, XO_PMPI_MPI_Barrier));
    r.push_back(record(XO_PMPI_COLLECTIVE_BEGIN, 2000));
    r.push_back(record(XO_PMPI_COLLECTIVE_END, 2100, XO_PMPI_MPI_Barrier, comm, XO_PMPI_ROOT_NONE, 0));
    r.push_back(record(XO_PMPI_EXTRA, 2100));
    r.push_back(record(XO_PMPI_LEAVE, 2100, XO_PMPI_MPI_Barrier));
  };
  Log rank0{0,
            {record(XO_PMPI_ENTER, 10, XO_PMPI_MPI_Init), record(XO_PMPI_LEAVE, 20, XO_PMPI_MPI_Init),
             record(XO_PMPI_ENTER, 1000, XO_PMPI_MPI_Send), record(XO_PMPI_SEND, 1000, 1, 3, 9, 4),
             record(XO_PMPI_LEAVE, 1100, XO_PMPI_MPI_Send)},
            "3 1 0 remote 2 2 1\n"};
  Log rank1{1,
            {record(XO_PMPI_ENTER, 10, XO_PMPI_MPI_Init), record(XO_PMPI_LEAVE, 20, XO_PMPI_MPI_Init),
             record(XO_PMPI_ENTER, 800, XO_PMPI_MPI_Recv), record(XO_PMPI_RECV, 900, 0, 5, 9, 4),
             record(XO_PMPI_LEAVE, 950, XO_PMPI_MPI_Recv)},
            "5 2 2 1 remote 1 0\n"};
  Log rank2{2,
            {record(XO_PMPI_ENTER, 10, XO_PMPI_MPI_Init), record(XO_PMPI_LEAVE, 20, XO_PMPI_MPI_Init)},
            "3 2 2 1 remote 1 0\n"};
  barrier(rank0.records, 3);
  barrier(rank1.records, 5);
  barrier(rank2.records, 3);
  for (const Log* log : {&rank0, &rank1, &rank2}) write(dir_ + "/logs", *log, 3);
  const auto imported =
      xo::tracer::import_pmpi_job({dir_ + "/logs", {"mpirun"}, {}, 0}, dir_ + "/trace", {"test", "test"});
  EXPECT_EQ(imported.messages_moved, 1u) << "the send and its receive were paired";
  EXPECT_EQ(imported.largest_move_ns, 101);
  const auto model = xo::analyzer::read_trace(dir_ + "/trace/traces.otf2");
  EXPECT_EQ(model.problems.total(), 0u);
  ASSERT_EQ(model.messages.size(), 1u);
  EXPECT_EQ(model.messages.sender[0], 0);
  EXPECT_EQ(model.messages.receiver[0], 1);
  EXPECT_NEAR(model.receive_time(0), 1001e-9 - 10e-9, 1e-12);
  ASSERT_EQ(model.collectives.size(), 1u);
  EXPECT_EQ(model.collectives.member_count[0], 3u);
  EXPECT_EQ(model.communicators.name[model.collectives.communicator[0]], "intercommunicator of 1 and 2 ranks");
}

}  // namespace
