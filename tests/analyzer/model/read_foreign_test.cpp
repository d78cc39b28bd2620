// A foreign trace, laid out as Score-P lays out an MPI run: locations named "Master thread" whose
// ids say nothing of their rank, a COMM_LOCATIONS group that does, communicator groups of world
// ranks, user regions around the MPI calls, an OpenMP thread beside a rank, local definitions
// that map local region ids to global ones, records the model does not use (metrics, measurement
// switches), no attributes, and a message received, by the receiver's clock, before it was sent.

#include <gtest/gtest.h>
#include <otf2/otf2.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace {

using xo::analyzer::Index;
using xo::analyzer::kNoIndex;
using xo::analyzer::kNoRank;
using xo::analyzer::kNoString;
using xo::analyzer::LocationKind;
using xo::analyzer::TraceModel;

void ok(OTF2_ErrorCode code) {
  if (code != OTF2_SUCCESS) throw std::runtime_error(std::string("OTF2 writer: ") + OTF2_Error_GetName(code));
}

// Location refs: world rank 0 is location 3, world rank 1 is location 7 (only the COMM_LOCATIONS
// group says so), and an OpenMP thread of rank 0 has a Score-P-style wide id.
constexpr OTF2_LocationRef kRank0 = 3;
constexpr OTF2_LocationRef kRank1 = 7;
constexpr OTF2_LocationRef kThread = (OTF2_LocationRef{1} << 32) | 3;

// Global region refs, and the local ones rank 1's events use through its mapping table.
enum Region : OTF2_RegionRef { kMain, kCompute, kSend, kRecv, kAllreduce, kParallel };
constexpr OTF2_RegionRef kLocalOffset = 10;

// Comm refs.
enum Comm : OTF2_CommRef { kWorld, kSelf, kReversed };

constexpr std::uint64_t kOffset = 1000;  // ticks; 1 tick = 1 ns

OTF2_FlushType flush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool) { return OTF2_FLUSH; }

std::string write_foreign_archive(const std::string& dir) {
  OTF2_Archive* archive = OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, 1024 * 1024, 4 * 1024 * 1024,
                                            OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (archive == nullptr) throw std::runtime_error("cannot create an OTF2 archive in " + dir);
  const OTF2_FlushCallbacks callbacks{flush, nullptr};
  ok(OTF2_Archive_SetFlushCallbacks(archive, &callbacks, nullptr));
  ok(OTF2_Archive_SetSerialCollectiveCallbacks(archive));
  ok(OTF2_Archive_SetCreator(archive, "Score-P 8.0"));
  ok(OTF2_Archive_OpenEvtFiles(archive));

  std::map<OTF2_LocationRef, std::uint64_t> counts;
  auto events = [&](OTF2_LocationRef location, const std::function<void(OTF2_EvtWriter*)>& write) {
    OTF2_EvtWriter* w = OTF2_Archive_GetEvtWriter(archive, location);
    if (w == nullptr) throw std::runtime_error("no OTF2 event writer");
    write(w);
    ok(OTF2_EvtWriter_GetNumberOfEvents(w, &counts[location]));
    ok(OTF2_Archive_CloseEvtWriter(archive, w));
  };
  const OTF2_Type metric_type = OTF2_TYPE_UINT64;
  OTF2_MetricValue metric_value;
  metric_value.unsigned_int = 123456;

  // The receiver's file first. Its region ids are local ones (mapped below).
  events(kRank1, [&](OTF2_EvtWriter* w) {
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1050, kLocalOffset + kMain));
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1300, kLocalOffset + kRecv));
    ok(OTF2_EvtWriter_MpiRecv(w, nullptr, 1450, 0, kWorld, 5, 64));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 1460, kLocalOffset + kRecv));
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1600, kLocalOffset + kRecv));
    ok(OTF2_EvtWriter_MpiRecv(w, nullptr, 1650, 1, kReversed, 6, 32));  // comm rank 1 of kReversed: world 0
    ok(OTF2_EvtWriter_Leave(w, nullptr, 1660, kLocalOffset + kRecv));
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1900, kLocalOffset + kAllreduce));
    ok(OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, 1910));
    ok(OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, 2090, OTF2_COLLECTIVE_OP_ALLREDUCE, kWorld, OTF2_UNDEFINED_UINT32, 8,
                                       8));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 2095, kLocalOffset + kAllreduce));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 2300, kLocalOffset + kMain));
  });
  events(kRank0, [&](OTF2_EvtWriter* w) {
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1100, kMain));
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1200, kCompute));
    ok(OTF2_EvtWriter_Metric(w, nullptr, 1250, 0, 1, &metric_type, &metric_value));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 1300, kCompute));
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1400, kSend));
    ok(OTF2_EvtWriter_MpiSend(w, nullptr, 1410, 1, kWorld, 5, 64));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 1500, kSend));
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1600, kSend));
    ok(OTF2_EvtWriter_MpiSend(w, nullptr, 1700, 0, kReversed, 6, 32));  // comm rank 0 of kReversed: world 1
    ok(OTF2_EvtWriter_Leave(w, nullptr, 1800, kSend));
    ok(OTF2_EvtWriter_Enter(w, nullptr, 2000, kAllreduce));
    ok(OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, 2010));
    ok(OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, 2090, OTF2_COLLECTIVE_OP_ALLREDUCE, kWorld, OTF2_UNDEFINED_UINT32, 8,
                                       8));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 2100, kAllreduce));
    ok(OTF2_EvtWriter_MeasurementOnOff(w, nullptr, 2150, OTF2_MEASUREMENT_OFF));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 2200, kMain));
  });
  events(kThread, [&](OTF2_EvtWriter* w) {
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1200, kParallel));
    ok(OTF2_EvtWriter_Enter(w, nullptr, 1210, kCompute));
    ok(OTF2_EvtWriter_Metric(w, nullptr, 1250, 0, 1, &metric_type, &metric_value));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 1290, kCompute));
    ok(OTF2_EvtWriter_Leave(w, nullptr, 1300, kParallel));
  });
  ok(OTF2_Archive_CloseEvtFiles(archive));

  ok(OTF2_Archive_OpenDefFiles(archive));
  for (OTF2_LocationRef location : {kRank1, kRank0, kThread}) {
    OTF2_DefWriter* w = OTF2_Archive_GetDefWriter(archive, location);
    if (location == kRank1) {
      OTF2_IdMap* map = OTF2_IdMap_Create(OTF2_ID_MAP_SPARSE, 8);
      for (OTF2_RegionRef r : {kMain, kRecv, kAllreduce}) ok(OTF2_IdMap_AddIdPair(map, kLocalOffset + r, r));
      ok(OTF2_DefWriter_WriteMappingTable(w, OTF2_MAPPING_REGION, map));
      OTF2_IdMap_Free(map);
    }
    ok(OTF2_Archive_CloseDefWriter(archive, w));
  }
  ok(OTF2_Archive_CloseDefFiles(archive));

  OTF2_GlobalDefWriter* d = OTF2_Archive_GetGlobalDefWriter(archive);
  std::map<std::string, OTF2_StringRef> strings;
  auto s = [&](const std::string& text) {
    auto [it, added] = strings.try_emplace(text, static_cast<OTF2_StringRef>(strings.size()));
    if (added) ok(OTF2_GlobalDefWriter_WriteString(d, it->second, text.c_str()));
    return it->second;
  };
  ok(OTF2_GlobalDefWriter_WriteClockProperties(d, 1000000000, kOffset, 2000, OTF2_UNDEFINED_TIMESTAMP));
  ok(OTF2_GlobalDefWriter_WriteParadigm(d, OTF2_PARADIGM_MPI, s("MPI"), OTF2_PARADIGM_CLASS_PROCESS));
  ok(OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 0, s("cluster"), s("machine"), OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  // Process groups named unhelpfully on purpose: ranks come from the COMM_LOCATIONS group only.
  ok(OTF2_GlobalDefWriter_WriteLocationGroup(d, 0, s("process A"), OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                             OTF2_UNDEFINED_LOCATION_GROUP));
  ok(OTF2_GlobalDefWriter_WriteLocationGroup(d, 1, s("process B"), OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                             OTF2_UNDEFINED_LOCATION_GROUP));
  ok(OTF2_GlobalDefWriter_WriteLocation(d, kRank1, s("Master thread"), OTF2_LOCATION_TYPE_CPU_THREAD, counts[kRank1],
                                        1));
  ok(OTF2_GlobalDefWriter_WriteLocation(d, kRank0, s("Master thread"), OTF2_LOCATION_TYPE_CPU_THREAD, counts[kRank0],
                                        0));
  ok(OTF2_GlobalDefWriter_WriteLocation(d, kThread, s("OMP thread 1"), OTF2_LOCATION_TYPE_CPU_THREAD, counts[kThread],
                                        0));
  const std::map<OTF2_RegionRef, std::tuple<const char*, OTF2_RegionRole, OTF2_Paradigm>> regions = {
      {kMain, {"main", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER}},
      {kCompute, {"compute", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_COMPILER}},
      {kSend, {"MPI_Send", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI}},
      {kRecv, {"MPI_Recv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI}},
      {kAllreduce, {"MPI_Allreduce", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI}},
      {kParallel, {"!$omp parallel @app.c:12", OTF2_REGION_ROLE_PARALLEL, OTF2_PARADIGM_OPENMP}},
  };
  for (const auto& [ref, r] : regions) {
    const auto& [name, role, paradigm] = r;
    ok(OTF2_GlobalDefWriter_WriteRegion(d, ref, s(name), s(name), s(""), role, paradigm, OTF2_REGION_FLAG_NONE,
                                        s("app.c"), 0, 0));
  }
  const OTF2_MetricMemberRef member = 0;
  ok(OTF2_GlobalDefWriter_WriteMetricMember(d, member, s("PAPI_TOT_CYC"), s("cycles"), OTF2_METRIC_TYPE_PAPI,
                                            OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64, OTF2_BASE_DECIMAL, 0,
                                            s("#")));
  ok(OTF2_GlobalDefWriter_WriteMetricClass(d, 0, 1, &member, OTF2_METRIC_SYNCHRONOUS_STRICT, OTF2_RECORDER_KIND_CPU));
  const std::uint64_t locations[] = {kRank0, kRank1};
  const std::uint64_t world[] = {0, 1};
  const std::uint64_t reversed[] = {1, 0};
  ok(OTF2_GlobalDefWriter_WriteGroup(d, 0, s("MPI locations"), OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                     OTF2_GROUP_FLAG_NONE, 2, locations));
  ok(OTF2_GlobalDefWriter_WriteGroup(d, 1, s("world"), OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                     OTF2_GROUP_FLAG_NONE, 2, world));
  ok(OTF2_GlobalDefWriter_WriteGroup(d, 2, s("self"), OTF2_GROUP_TYPE_COMM_SELF, OTF2_PARADIGM_MPI,
                                     OTF2_GROUP_FLAG_NONE, 0, nullptr));
  ok(OTF2_GlobalDefWriter_WriteGroup(d, 3, s("reversed"), OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                     OTF2_GROUP_FLAG_NONE, 2, reversed));
  ok(OTF2_GlobalDefWriter_WriteComm(d, kWorld, s("MPI_COMM_WORLD"), 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
  ok(OTF2_GlobalDefWriter_WriteComm(d, kSelf, s("MPI_COMM_SELF"), 2, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE));
  ok(OTF2_GlobalDefWriter_WriteComm(d, kReversed, s("reversed"), 3, kWorld, OTF2_COMM_FLAG_NONE));
  ok(OTF2_Archive_Close(archive));
  return dir + "/traces.otf2";
}

double seconds(std::uint64_t tick) { return static_cast<double>(tick - kOffset) / 1e9; }

class ReadForeignTrace : public testing::Test {
 protected:
  void SetUp() override { model = xo::analyzer::read_trace(write_foreign_archive(dir.path() + "/trace")); }

  Index location(OTF2_LocationRef ref) const {
    for (Index row = 0; row < model.locations.size(); ++row) {
      if (model.locations.id[row] == ref) return row;
    }
    return kNoIndex;
  }
  std::string region(Index call) const { return model.regions.name[model.calls.region[call]]; }

  xo::test::ScratchDir dir;
  TraceModel model;
};

TEST_F(ReadForeignTrace, RanksComeFromTheCommLocationsGroup) {
  ASSERT_EQ(model.ranks(), 2);
  EXPECT_EQ(model.locations.id[model.locations.location_of_rank[0]], kRank0);
  EXPECT_EQ(model.locations.id[model.locations.location_of_rank[1]], kRank1);
  for (OTF2_LocationRef ref : {kRank0, kRank1}) {
    const Index row = location(ref);
    EXPECT_EQ(model.locations.kind[row], LocationKind::Rank);
    EXPECT_EQ(model.locations.name[row], "Master thread");
  }
  // The OpenMP thread shares rank 0's process but enters no protocol phase: not a network lane.
  const Index thread = location(kThread);
  ASSERT_NE(thread, kNoIndex);
  EXPECT_EQ(model.locations.kind[thread], LocationKind::Other);
  EXPECT_EQ(model.locations.world_rank[thread], 0);
  EXPECT_EQ(model.phases.size(), 0u);
}

TEST_F(ReadForeignTrace, NoCrossoverRunButTheAnchorAndClock) {
  EXPECT_FALSE(model.run.crossover.has_value());
  EXPECT_EQ(model.run.creator, "Score-P 8.0");
  EXPECT_EQ(model.run.timer_resolution, 1000000000u);
  EXPECT_EQ(model.run.global_offset, kOffset);
  EXPECT_EQ(model.problems.total(), 0u) << (model.problems.examples.empty() ? "" : model.problems.examples[0]);
  EXPECT_EQ(model.events, 12u + 16u + 5u);
}

TEST_F(ReadForeignTrace, CallsNestWithUserRegionsAndMappedIds) {
  // Rank 0: main { compute, MPI_Send, MPI_Send, MPI_Allreduce }; its thread's regions are not calls.
  const std::vector<std::string> names0 = {"main", "compute", "MPI_Send", "MPI_Send", "MPI_Allreduce"};
  const std::vector<std::uint64_t> enters0 = {1100, 1200, 1400, 1600, 2000};
  const std::vector<std::uint64_t> leaves0 = {2200, 1300, 1500, 1800, 2100};
  // Rank 1's events name local region ids, which its mapping table turns into the global ones.
  const std::vector<std::string> names1 = {"main", "MPI_Recv", "MPI_Recv", "MPI_Allreduce"};
  ASSERT_EQ(model.calls.first_of_rank, (std::vector<Index>{0, 5, 9}));
  for (Index c = 0; c < 5; ++c) {
    EXPECT_EQ(model.call_rank(c), 0);
    EXPECT_EQ(region(c), names0[c]);
    EXPECT_EQ(model.calls.depth_of(c), c == 0 ? 0 : 1);
    EXPECT_EQ(model.is_mpi_call(c), names0[c].rfind("MPI_", 0) == 0);
    EXPECT_DOUBLE_EQ(model.calls.enter[c], seconds(enters0[c]));
    EXPECT_DOUBLE_EQ(model.calls.leave[c], seconds(leaves0[c]));
  }
  for (Index c = 5; c < 9; ++c) {
    EXPECT_EQ(model.call_rank(c), 1);
    EXPECT_EQ(region(c), names1[c - 5]);
  }
}

TEST_F(ReadForeignTrace, MessagesMatchAcrossCommunicatorsWhateverTheFileOrder) {
  ASSERT_EQ(model.messages.size(), 2u);
  EXPECT_EQ(model.problems.unmatched_sends + model.problems.unmatched_receives, 0u);
  for (std::size_t i = 0; i < 2; ++i) {
    const bool world = model.messages.tag[i] == 5;
    EXPECT_EQ(model.messages.sender[i], 0);
    EXPECT_EQ(model.messages.receiver[i], 1);
    EXPECT_EQ(model.communicators.name[model.messages.communicator[i]], world ? "MPI_COMM_WORLD" : "reversed");
    EXPECT_EQ(model.messages.bytes[i], world ? 64u : 32u);
    EXPECT_DOUBLE_EQ(model.messages.send_time[i], seconds(world ? 1410 : 1700));
    EXPECT_DOUBLE_EQ(model.receive_time(i), seconds(world ? 1450 : 1650));
    EXPECT_DOUBLE_EQ(model.receive_posted(i), seconds(world ? 1300 : 1600));
    EXPECT_EQ(region(model.messages.send_call[i]), "MPI_Send");
    EXPECT_EQ(region(model.messages.receive_call[i]), "MPI_Recv");
    EXPECT_EQ(model.messages.protocol[i], kNoString);  // no phases in a foreign trace
  }
  const Index reversed = model.messages.communicator[model.messages.tag[0] == 6 ? 0 : 1];
  EXPECT_EQ(model.communicators.members[reversed], (std::vector<int>{1, 0}));
  EXPECT_EQ(model.communicators.name[model.communicators.parent[reversed]], "MPI_COMM_WORLD");
}

TEST_F(ReadForeignTrace, CollectiveWithoutAttributes) {
  ASSERT_EQ(model.collectives.size(), 1u);
  EXPECT_EQ(model.collectives.operation[0], OTF2_COLLECTIVE_OP_ALLREDUCE);
  EXPECT_EQ(model.collectives.root[0], kNoRank);
  EXPECT_EQ(model.collectives.algorithm[0], kNoString);
  ASSERT_EQ(model.collectives.member_count[0], 2u);
  const std::uint64_t begins[] = {2010, 1910};
  for (Index j = 0; j < 2; ++j) {
    EXPECT_EQ(model.collectives.rank[j], static_cast<int>(j));
    EXPECT_DOUBLE_EQ(model.collectives.begin[j], seconds(begins[j]));
    EXPECT_DOUBLE_EQ(model.collectives.end[j], seconds(2090));
    EXPECT_EQ(model.collectives.bytes_sent[j], 8u);
    EXPECT_EQ(model.collectives.bytes_received[j], 8u);
    EXPECT_EQ(region(model.collectives.call[j]), "MPI_Allreduce");
  }
}

}  // namespace

// `xo report` on the foreign trace: the profile, the fits and the wait states, and no bench (the
// trace names no machine model).
TEST_F(ReadForeignTrace, XoReportDescribesItWithoutABench) {
  const auto r = xo::test::run_command(std::string(XO_BINARY) + " report " + dir.path() + "/trace/traces.otf2");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* part : {"not a Crossover trace", "Score-P 8.0", "Time in MPI by call", "Wait states", "(unknown)"}) {
    EXPECT_TRUE(xo::test::contains(r.out, part)) << part << " missing from\n" << r.out;
  }
  EXPECT_FALSE(xo::test::contains(r.out, "Recommendations")) << r.out;
  const auto json =
      xo::test::run_command(std::string(XO_BINARY) + " report --format json " + dir.path() + "/trace/traces.otf2");
  EXPECT_EQ(json.status, 0) << json.err;
  for (const char* part : {"\"creator\": \"Score-P 8.0\"", "\"run\": null", "\"bench\": null",
                           "\"waits\": [{\"pattern\": \"wait at N x N\", \"protocol\": \"(unknown)\", \"count\": 1"}) {
    EXPECT_TRUE(xo::test::contains(json.out, part)) << part << "\n" << json.out;
  }
}
