// The OTF2 writer, driven by synthetic observer calls: the archive passes `otf2-print -Werror`, reads
// back with OTF2's reader as what was reported, is byte-identical for identical calls, and a
// directory it cannot use is one clear error.

#include "xo/tracer/otf2_writer.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "archive_contents.hpp"
#include "support/scratch_dir.hpp"
#include "xo/tracer/trace_properties.hpp"

namespace {

namespace fs = std::filesystem;
using xo::mpi::CollectiveEvent;
using xo::mpi::CommInfo;
using xo::mpi::MessageEvent;
using xo::mpi::Phase;
using xo::mpi::PhaseRecord;
using xo::mpi::RunObserver;
using xo::test::ArchiveContents;
using xo::test::read_archive;
using xo::test::ReadEvent;
using xo::tracer::Otf2Writer;
using xo::tracer::Otf2WriterOptions;

Otf2WriterOptions options() { return {"xo 0.1.0", "xo record -n 4 --machine xt3 -o trace -- ./app"}; }

xo::mpi::RunInfo run_info() {
  xo::mpi::RunInfo info;
  info.ranks = 4;
  info.ranks_per_node = 2;
  info.machine = "xt3";
  info.machine_description = "Cray XT3 (SeaStar, Portals)";
  info.parameters = {{"L", "5.5"}, {"g", "1.0"}, {"G", "0.1"}, {"o_s", "2"}, {"copy_G", "0.05"}};
  info.environment = {{"MPICH_MAX_SHORT_MSG_SIZE", "128000"}, {"XO_AP1000_HOST", "auto"}};
  info.compute_mode = "none";
  info.program_args = {"./app", "--size", "a b"};
  return info;
}

// The observer ids of the communicators, deliberately not dense: OTF2's refs must be.
constexpr int kWorld = 1;
constexpr int kSelf = 2;
constexpr int kOddRanks = 5;   // split of world: world ranks 1 and 3
constexpr int kEvenRanks = 7;  // split of world: world ranks 2 and 0, in that rank order

void call(RunObserver& o, int rank, const char* name, std::int64_t enter, std::int64_t leave) {
  o.call_entered(rank, name, enter, 0);
  o.call_left(rank, name, leave);
}

void allreduce_and_finalize(RunObserver& o, int rank) {
  o.call_entered(rank, "MPI_Allreduce", 9000, 0);
  o.collective_begin(rank, 9000);
  CollectiveEvent c;
  c.call = "MPI_Allreduce";
  c.comm_id = kWorld;
  c.bytes_sent = 8;
  c.bytes_received = 8;
  o.collective_end(rank, c, 9500);
  o.call_left(rank, "MPI_Allreduce", 9500);
  call(o, rank, "MPI_Finalize", 10000, 10100);
}

void bcast_on_even_ranks(RunObserver& o, int rank, std::int64_t end, std::int64_t sent, std::int64_t received) {
  o.call_entered(rank, "MPI_Bcast", 7000, 0);
  o.collective_begin(rank, 7000);
  CollectiveEvent c;
  c.call = "MPI_Bcast";
  c.comm_id = kEvenRanks;
  c.root = 0;
  c.bytes_sent = sent;
  c.bytes_received = received;
  c.algorithm = "binomial";
  o.collective_end(rank, c, end);
  o.call_left(rank, "MPI_Bcast", end);
}

PhaseRecord phase(Phase p, std::string_view path, int from, int to, std::int64_t bytes, std::int64_t start,
                  std::int64_t end) {
  return {p, path, from, to, bytes, start, end};
}

// Four ranks on two nodes: a blocking message, a nonblocking one, a cancelled receive, a split
// into two communicators, a broadcast and a message on one of them, a free, an allreduce, and
// protocol phases (rank 0's overlap and need two lanes; rank 2 has one without a peer).
void report_run(RunObserver& o) {
  o.run_started(run_info());
  o.comm_defined({kWorld, "MPI_COMM_WORLD", {0, 1, 2, 3}, 0});
  o.comm_defined({kSelf, "MPI_COMM_SELF", {}, 0});

  // Rank 0.
  call(o, 0, "MPI_Init", 0, 100);
  o.call_entered(0, "MPI_Send", 1000, 0);
  o.send(0, MessageEvent{kWorld, 1, 7, 1024, 0}, 1000);
  o.call_left(0, "MPI_Send", 2000);
  o.comm_defined({kEvenRanks, "split of MPI_COMM_WORLD", {2, 0}, kWorld});
  o.call_entered(0, "MPI_Comm_split", 6000, 0);
  o.comm_created(0, kEvenRanks, 6500);
  o.call_left(0, "MPI_Comm_split", 6600);
  bcast_on_even_ranks(o, 0, 7800, 0, 256);
  o.call_entered(0, "MPI_Recv", 8000, 0);
  o.recv(0, MessageEvent{kEvenRanks, 0, 3, 16, 0}, 8500);
  o.call_left(0, "MPI_Recv", 8500);
  allreduce_and_finalize(o, 0);
  // Reported out of order, as a protocol learns each phase's end.
  o.phase(phase(Phase::Data, "rendezvous", 0, 1, 1024, 1800, 1900));
  o.phase(phase(Phase::Eager, "short", 0, 1, 1024, 1100, 1800));
  o.phase(phase(Phase::Header, "rendezvous", 0, 1, 0, 1200, 1300));

  // Rank 1.
  call(o, 1, "MPI_Init", 0, 100);
  o.call_entered(1, "MPI_Recv", 1000, 0);
  o.recv(1, MessageEvent{kWorld, 0, 7, 1024, 0}, 2500);
  o.call_left(1, "MPI_Recv", 2500);
  o.phase(phase(Phase::ClearToSend, "rendezvous", 1, 0, 0, 1250, 1260));
  o.call_entered(1, "MPI_Irecv", 3000, 0);
  o.irecv_request(1, 31, 3000);
  o.call_left(1, "MPI_Irecv", 3100);
  o.call_entered(1, "MPI_Cancel", 3200, 0);
  o.request_cancelled(1, 31, 3300);
  o.call_left(1, "MPI_Cancel", 3300);
  o.comm_defined({kOddRanks, "split of MPI_COMM_WORLD", {1, 3}, kWorld});
  o.call_entered(1, "MPI_Comm_split", 6000, 0);
  o.comm_created(1, kOddRanks, 6400);
  o.call_left(1, "MPI_Comm_split", 6600);
  o.call_entered(1, "MPI_Comm_free", 7000, 0);
  o.comm_destroyed(1, kOddRanks, 7100);
  o.call_left(1, "MPI_Comm_free", 7200);
  allreduce_and_finalize(o, 1);

  // Rank 2.
  call(o, 2, "MPI_Init", 0, 100);
  o.call_entered(2, "MPI_Isend", 3000, 0);
  o.isend(2, MessageEvent{kWorld, 3, 9, 64, 11}, 3000);
  o.call_left(2, "MPI_Isend", 3100);
  o.phase(phase(Phase::Eager, "short", 2, 3, 64, 3000, 3400));
  o.call_entered(2, "MPI_Wait", 4000, 0);
  o.isend_complete(2, 11, 5000, 3400);
  o.call_left(2, "MPI_Wait", 5000);
  o.call_entered(2, "MPI_Comm_split", 6000, 0);
  o.comm_created(2, kEvenRanks, 6500);
  o.call_left(2, "MPI_Comm_split", 6600);
  bcast_on_even_ranks(o, 2, 7500, 256, 0);
  o.phase(phase(Phase::Data, "bnet", 2, -1, 256, 7100, 7400));
  o.call_entered(2, "MPI_Send", 8000, 0);
  o.send(2, MessageEvent{kEvenRanks, 1, 3, 16, 0}, 8000);
  o.call_left(2, "MPI_Send", 8100);
  allreduce_and_finalize(o, 2);

  // Rank 3.
  call(o, 3, "MPI_Init", 0, 100);
  o.call_entered(3, "MPI_Irecv", 3000, 0);
  o.irecv_request(3, 21, 3000);
  o.call_left(3, "MPI_Irecv", 3050);
  o.call_entered(3, "MPI_Wait", 4000, 0);
  o.irecv(3, MessageEvent{kWorld, 2, 9, 64, 21}, 5500, 4800);
  o.call_left(3, "MPI_Wait", 5500);
  o.call_entered(3, "MPI_Comm_split", 6000, 0);
  o.comm_created(3, kOddRanks, 6400);
  o.call_left(3, "MPI_Comm_split", 6600);
  o.call_entered(3, "MPI_Comm_free", 7000, 0);
  o.comm_destroyed(3, kOddRanks, 7100);
  o.call_left(3, "MPI_Comm_free", 7200);
  allreduce_and_finalize(o, 3);

  o.run_finished(10100, 0);
}

// Writes the run into `dir`; returns the events written.
std::uint64_t write_run(const xo::test::ScratchDir& dir) {
  Otf2Writer writer(dir.path(), options());
  report_run(writer);
  writer.finish();
  EXPECT_EQ(writer.repaired_events(), 0u);
  return writer.events_written();
}

std::string anchor(const xo::test::ScratchDir& dir) { return (fs::path(dir.path()) / "traces.otf2").string(); }

std::vector<std::string> records(const std::vector<ReadEvent>& events) {
  std::vector<std::string> out;
  for (const ReadEvent& e : events) out.push_back(e.record);
  return out;
}

const ReadEvent* first(const std::vector<ReadEvent>& events, const std::string& record) {
  for (const ReadEvent& e : events) {
    if (e.record == record) return &e;
  }
  return nullptr;
}

class WrittenRun : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new xo::test::ScratchDir("xo-otf2-writer");
    events_ = write_run(*dir_);
    contents_ = new ArchiveContents(read_archive(anchor(*dir_)));
  }
  static void TearDownTestSuite() {
    delete contents_;
    delete dir_;
  }
  const ArchiveContents& c() const { return *contents_; }
  std::uint64_t comm(const std::string& name) const { return static_cast<std::uint64_t>(c().comm_ref(name)); }
  std::uint64_t region(const std::string& name) const { return static_cast<std::uint64_t>(c().region_ref(name)); }

  static xo::test::ScratchDir* dir_;
  static std::uint64_t events_;
  static ArchiveContents* contents_;
};
xo::test::ScratchDir* WrittenRun::dir_ = nullptr;
std::uint64_t WrittenRun::events_ = 0;
ArchiveContents* WrittenRun::contents_ = nullptr;

TEST_F(WrittenRun, PassesOtf2PrintWithWarningsAsErrors) {
  const std::string command = "otf2-print --silent -Werror '" + anchor(*dir_) + "' > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
}

TEST_F(WrittenRun, HasScorePsLayout) {
  EXPECT_TRUE(fs::is_regular_file(fs::path(dir_->path()) / "traces.otf2"));
  EXPECT_TRUE(fs::is_regular_file(fs::path(dir_->path()) / "traces.def"));
  EXPECT_TRUE(fs::is_directory(fs::path(dir_->path()) / "traces"));
}

TEST_F(WrittenRun, ALocationPerRank) {
  std::vector<std::pair<OTF2_LocationRef, std::string>> got;
  for (const auto& l : c().locations) {
    got.emplace_back(l.id, l.name);
    EXPECT_EQ(l.type, OTF2_LOCATION_TYPE_CPU_THREAD) << l.name;
    EXPECT_EQ(l.group, l.id) << "in its rank's location group";
  }
  const std::vector<std::pair<OTF2_LocationRef, std::string>> expected = {
      {0, "MPI Rank 0"}, {1, "MPI Rank 1"}, {2, "MPI Rank 2"}, {3, "MPI Rank 3"}};
  EXPECT_EQ(got, expected);
}

// The network lanes' thread team: a communicator whose hardware-paradigm group lists the rank
// locations, thread r being rank r (trace_contract.hpp).
TEST_F(WrittenRun, NetworkLanesAreTasksOfOneThreadTeam) {
  const long long team = c().comm_ref("network lanes");
  ASSERT_GE(team, 0);
  const auto& comm = c().comms.at(static_cast<OTF2_CommRef>(team));
  const auto& group = c().groups.at(comm.group);
  EXPECT_EQ(group.type, OTF2_GROUP_TYPE_COMM_GROUP);
  EXPECT_EQ(group.paradigm, OTF2_PARADIGM_HARDWARE);
  EXPECT_EQ(group.members, (std::vector<std::uint64_t>{0, 1, 2, 3}));
  const ArchiveContents::Group* threads = nullptr;
  for (const auto& [ref, g] : c().groups) {
    if (g.type == OTF2_GROUP_TYPE_COMM_LOCATIONS && g.paradigm == OTF2_PARADIGM_HARDWARE) threads = &g;
  }
  ASSERT_NE(threads, nullptr);
  EXPECT_EQ(threads->members, (std::vector<std::uint64_t>{0, 1, 2, 3}));
  // Every task record names the team and its rank as the creating thread; each lane's task is
  // created once, before it runs, and completed once, after its last phase.
  for (OTF2_LocationRef rank = 0; rank < 4; ++rank) {
    std::map<std::uint64_t, std::vector<std::string>> life;  // by generation
    for (const ReadEvent& e : c().events.at(rank)) {
      if (e.record.rfind("ThreadTask", 0) != 0) continue;
      EXPECT_EQ(e.fields.at(0), static_cast<std::uint64_t>(team)) << e.record;
      EXPECT_EQ(e.fields.at(1), rank) << e.record;
      if (e.fields.at(2) != 0) life[e.fields.at(2)].push_back(e.record);
    }
    for (const auto& [generation, records] : life) {
      ASSERT_GE(records.size(), 3u) << "rank " << rank << " generation " << generation;
      EXPECT_EQ(records.front(), "ThreadTaskCreate");
      EXPECT_EQ(records[1], "ThreadTaskSwitch");
      EXPECT_EQ(records.back(), "ThreadTaskComplete");
    }
    EXPECT_EQ(life.size(), rank == 0 ? 2u : rank == 3 ? 0u : 1u) << "rank " << rank << "'s lanes";
  }
}

TEST_F(WrittenRun, SystemTreeIsMachineThenNodes) {
  ASSERT_EQ(c().nodes.size(), 3u);
  EXPECT_EQ(c().nodes.at(0).name, "xt3");
  EXPECT_EQ(c().nodes.at(0).class_name, "machine");
  EXPECT_EQ(c().nodes.at(0).parent, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  for (OTF2_SystemTreeNodeRef node : {1u, 2u}) {
    EXPECT_EQ(c().nodes.at(node).class_name, "node");
    EXPECT_EQ(c().nodes.at(node).parent, 0u);
  }
  ASSERT_EQ(c().location_groups.size(), 4u);
  const std::vector<OTF2_SystemTreeNodeRef> node_of_rank = {1, 1, 2, 2};  // two ranks per node
  for (OTF2_LocationGroupRef rank = 0; rank < 4; ++rank) {
    const auto& g = c().location_groups.at(rank);
    EXPECT_EQ(g.name, "MPI Rank " + std::to_string(rank));
    EXPECT_EQ(g.type, OTF2_LOCATION_GROUP_TYPE_PROCESS);
    EXPECT_EQ(g.parent, node_of_rank[rank]);
  }
}

TEST_F(WrittenRun, EveryLocationsEventsAreInTimeOrderAndCounted) {
  std::uint64_t total = 0;
  for (const auto& l : c().locations) {
    const std::vector<ReadEvent>& events = c().events.count(l.id) ? c().events.at(l.id) : std::vector<ReadEvent>{};
    EXPECT_EQ(events.size(), l.events) << l.name;
    EXPECT_TRUE(std::is_sorted(events.begin(), events.end(), [](const ReadEvent& a, const ReadEvent& b) {
      return a.time < b.time;
    })) << l.name;
    total += l.events;
  }
  EXPECT_EQ(total, events_);
  EXPECT_GT(total, 0u);
}

TEST_F(WrittenRun, MpiCallsAreMpiRegionsWithTheirRoles) {
  const std::vector<std::pair<std::string, OTF2_RegionRole>> calls = {
      {"MPI_Init", OTF2_REGION_ROLE_FUNCTION},          {"MPI_Send", OTF2_REGION_ROLE_POINT2POINT},
      {"MPI_Wait", OTF2_REGION_ROLE_POINT2POINT},       {"MPI_Bcast", OTF2_REGION_ROLE_COLL_ONE2ALL},
      {"MPI_Allreduce", OTF2_REGION_ROLE_COLL_ALL2ALL}, {"MPI_Comm_split", OTF2_REGION_ROLE_COLL_OTHER}};
  for (const auto& [name, role] : calls) {
    const long long ref = c().region_ref(name);
    ASSERT_GE(ref, 0) << name;
    const auto& r = c().regions.at(static_cast<OTF2_RegionRef>(ref));
    EXPECT_EQ(r.canonical_name, name);
    EXPECT_EQ(r.paradigm, OTF2_PARADIGM_MPI) << name;
    EXPECT_EQ(r.role, role) << name;
    EXPECT_EQ(r.source_file, "MPI");
  }
}

TEST_F(WrittenRun, ProtocolPhasesAreHardwareRegionsNamedByPhase) {
  for (Phase p : {Phase::Eager, Phase::Header, Phase::ClearToSend, Phase::Data}) {
    const long long ref = c().region_ref(xo::mpi::phase_name(p));
    ASSERT_GE(ref, 0) << xo::mpi::phase_name(p);
    const auto& r = c().regions.at(static_cast<OTF2_RegionRef>(ref));
    EXPECT_EQ(r.paradigm, OTF2_PARADIGM_HARDWARE);
    EXPECT_EQ(r.source_file, "xo protocol");
  }
  EXPECT_EQ(c().region_ref(xo::mpi::phase_name(Phase::Ack)), -1) << "only the phases that occurred";
  // 12 distinct MPI calls and 4 phases.
  EXPECT_EQ(c().regions.size(), 16u);
}

TEST_F(WrittenRun, OverlappingPhasesGoToTheFirstFreeLane) {
  const auto lane0 = c().task_events(0, 1);
  const auto lane1 = c().task_events(0, 2);
  EXPECT_EQ(records(lane0), (std::vector<std::string>{"Enter", "Leave", "Enter", "Leave"}));
  EXPECT_EQ(lane0[0].fields[0], region("eager"));
  EXPECT_EQ(lane0[0].time, 1100u);
  EXPECT_EQ(lane0[1].time, 1800u);
  EXPECT_EQ(lane0[2].fields[0], region("data")) << "starts as the eager phase ends: lane 0 is free again";
  EXPECT_EQ(lane0[2].time, 1800u);
  ASSERT_EQ(records(lane1), (std::vector<std::string>{"Enter", "Leave"}));
  EXPECT_EQ(lane1[0].fields[0], region("header"));
  EXPECT_EQ(lane1[0].time, 1200u);
  EXPECT_EQ(lane1[1].time, 1300u);
}

TEST_F(WrittenRun, PhaseEntersCarryProtocolBytesAndPeer) {
  const auto lane = c().task_events(0, 1);
  EXPECT_EQ(lane[0].attributes,
            (std::map<std::string, std::string>{{"protocol", "short"}, {"bytes", "1024"}, {"peer", "1"}}));
  EXPECT_TRUE(lane[1].attributes.empty()) << "a Leave carries none";
  const auto cts = c().task_events(1, 1).at(0);
  EXPECT_EQ(cts.attributes.at("protocol"), "rendezvous");
  EXPECT_EQ(cts.attributes.at("peer"), "0");
  // Rank 2's second phase has no single peer.
  const auto group = c().task_events(2, 1).at(2);
  EXPECT_EQ(group.record, "Enter");
  EXPECT_EQ(group.attributes, (std::map<std::string, std::string>{{"protocol", "bnet"}, {"bytes", "256"}}));
  EXPECT_EQ(c().attributes.size(), 7u);
}

// The analyzer credits a copy protocol with the sender's early release: the completion of an
// MPI_Isend says when its buffer became free, which is before the MPI_Wait that saw it.
TEST_F(WrittenRun, IsendCompletionsCarryWhenTheBufferBecameFree) {
  const auto& rank2 = c().events.at(2);
  const auto complete =
      std::find_if(rank2.begin(), rank2.end(), [](const auto& e) { return e.record == "MpiIsendComplete"; });
  ASSERT_NE(complete, rank2.end());
  EXPECT_EQ(complete->time, 5000u);
  EXPECT_EQ(complete->attributes, (std::map<std::string, std::string>{{"buffer_free", "3400"}}));
}

// And the completion of an MPI_Irecv says when the message had arrived: here while rank 3 waited.
TEST_F(WrittenRun, IrecvCompletionsCarryWhenTheMessageArrived) {
  const auto& rank3 = c().events.at(3);
  const auto irecv = std::find_if(rank3.begin(), rank3.end(), [](const auto& e) { return e.record == "MpiIrecv"; });
  ASSERT_NE(irecv, rank3.end());
  EXPECT_EQ(irecv->time, 5500u);
  EXPECT_EQ(irecv->attributes, (std::map<std::string, std::string>{{"arrived", "4800"}}));
}

TEST_F(WrittenRun, CommunicatorsAreGroupsOfRankLocations) {
  // The COMM_LOCATIONS group lists the rank locations by world rank.
  const ArchiveContents::Group* all = nullptr;
  for (const auto& [ref, g] : c().groups) {
    if (g.type == OTF2_GROUP_TYPE_COMM_LOCATIONS && g.paradigm == OTF2_PARADIGM_MPI) all = &g;
  }
  ASSERT_NE(all, nullptr);
  EXPECT_EQ(all->members, (std::vector<std::uint64_t>{0, 1, 2, 3}));

  // Refs are dense, in the order of the observer's ids: world 1, self 2, odd 5, even 7; then the
  // network lanes' team.
  ASSERT_EQ(c().comms.size(), 5u);
  EXPECT_EQ(c().comms.at(4).name, "network lanes");
  const auto& world = c().comms.at(0);
  EXPECT_EQ(world.name, "MPI_COMM_WORLD");
  EXPECT_EQ(world.parent, OTF2_UNDEFINED_COMM);
  EXPECT_EQ(world.flags, OTF2_COMM_FLAG_NONE);
  EXPECT_EQ(c().groups.at(world.group).type, OTF2_GROUP_TYPE_COMM_GROUP);
  EXPECT_EQ(c().groups.at(world.group).members, (std::vector<std::uint64_t>{0, 1, 2, 3}));
  const auto& self = c().comms.at(1);
  EXPECT_EQ(self.name, "MPI_COMM_SELF");
  EXPECT_EQ(c().groups.at(self.group).type, OTF2_GROUP_TYPE_COMM_SELF);
  const auto& odd = c().comms.at(2);
  const auto& even = c().comms.at(3);
  EXPECT_EQ(c().groups.at(odd.group).members, (std::vector<std::uint64_t>{1, 3}));
  EXPECT_EQ(c().groups.at(even.group).members, (std::vector<std::uint64_t>{2, 0})) << "in communicator rank order";
  for (const auto* split : {&odd, &even}) {
    EXPECT_EQ(split->parent, 0u);
    EXPECT_EQ(split->flags, OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS);
    EXPECT_EQ(c().groups.at(split->group).type, OTF2_GROUP_TYPE_COMM_GROUP);
  }
}

TEST_F(WrittenRun, BlockingMessagesCarryPeerTagCommAndLength) {
  EXPECT_EQ(records(c().task_events(0, 0)), (std::vector<std::string>{"Enter",
                                                                      "Leave",
                                                                      "Enter",
                                                                      "MpiSend",
                                                                      "Leave",
                                                                      "Enter",
                                                                      "MpiCollectiveBegin",
                                                                      "CommCreate",
                                                                      "MpiCollectiveEnd",
                                                                      "Leave",
                                                                      "Enter",
                                                                      "MpiCollectiveBegin",
                                                                      "MpiCollectiveEnd",
                                                                      "Leave",
                                                                      "Enter",
                                                                      "MpiRecv",
                                                                      "Leave",
                                                                      "Enter",
                                                                      "MpiCollectiveBegin",
                                                                      "MpiCollectiveEnd",
                                                                      "Leave",
                                                                      "Enter",
                                                                      "Leave"}));
  const ReadEvent* send = first(c().events.at(0), "MpiSend");
  ASSERT_NE(send, nullptr);
  EXPECT_EQ(send->time, 1000u);
  EXPECT_EQ(send->fields, (std::vector<std::uint64_t>{1, 0, 7, 1024}));  // peer, comm, tag, length
  const ReadEvent* recv = first(c().events.at(1), "MpiRecv");
  ASSERT_NE(recv, nullptr);
  EXPECT_EQ(recv->time, 2500u);
  EXPECT_EQ(recv->fields, (std::vector<std::uint64_t>{0, 0, 7, 1024}));
  // On the split communicator, peers are its ranks: world 2 is rank 0 there, world 0 rank 1.
  const ReadEvent* split_send = first(c().events.at(2), "MpiSend");
  ASSERT_NE(split_send, nullptr);
  EXPECT_EQ(split_send->fields, (std::vector<std::uint64_t>{1, 3, 3, 16}));
  const ReadEvent* split_recv = first(c().events.at(0), "MpiRecv");
  ASSERT_NE(split_recv, nullptr);
  EXPECT_EQ(split_recv->fields, (std::vector<std::uint64_t>{0, 3, 3, 16}));
}

TEST_F(WrittenRun, NonblockingMessagesCarryTheirRequests) {
  const ReadEvent* isend = first(c().events.at(2), "MpiIsend");
  ASSERT_NE(isend, nullptr);
  EXPECT_EQ(isend->fields, (std::vector<std::uint64_t>{3, 0, 9, 64, 11}));
  const ReadEvent* complete = first(c().events.at(2), "MpiIsendComplete");
  ASSERT_NE(complete, nullptr);
  EXPECT_EQ(complete->fields, (std::vector<std::uint64_t>{11}));
  EXPECT_EQ(complete->time, 5000u);
  const ReadEvent* request = first(c().events.at(3), "MpiIrecvRequest");
  ASSERT_NE(request, nullptr);
  EXPECT_EQ(request->fields, (std::vector<std::uint64_t>{21}));
  const ReadEvent* irecv = first(c().events.at(3), "MpiIrecv");
  ASSERT_NE(irecv, nullptr);
  EXPECT_EQ(irecv->fields, (std::vector<std::uint64_t>{2, 0, 9, 64, 21}));
  const ReadEvent* cancelled = first(c().events.at(1), "MpiRequestCancelled");
  ASSERT_NE(cancelled, nullptr);
  EXPECT_EQ(cancelled->fields, (std::vector<std::uint64_t>{31}));
}

TEST_F(WrittenRun, CollectivesCarryOperationRootSizesAndAlgorithm) {
  const auto rank0 = c().task_events(0, 0);
  const ReadEvent& bcast = rank0[12];
  ASSERT_EQ(bcast.record, "MpiCollectiveEnd");
  EXPECT_EQ(bcast.fields, (std::vector<std::uint64_t>{OTF2_COLLECTIVE_OP_BCAST, 3, 0, 0, 256}));
  EXPECT_EQ(bcast.attributes, (std::map<std::string, std::string>{{"algorithm", "binomial"}}));
  const ReadEvent& allreduce = rank0[19];
  ASSERT_EQ(allreduce.record, "MpiCollectiveEnd");
  EXPECT_EQ(allreduce.fields,
            (std::vector<std::uint64_t>{OTF2_COLLECTIVE_OP_ALLREDUCE, 0, OTF2_UNDEFINED_UINT32, 8, 8}));
  EXPECT_TRUE(allreduce.attributes.empty()) << "no algorithm reported, no attribute";
}

TEST_F(WrittenRun, CommCreateAndDestroyAreInsideTheirHandleCollectives) {
  const auto rank0 = c().task_events(0, 0);
  EXPECT_EQ(rank0[7].record, "CommCreate");
  EXPECT_EQ(rank0[7].fields, (std::vector<std::uint64_t>{3}));
  EXPECT_EQ(rank0[6].time, 6500u);
  EXPECT_EQ(rank0[8].fields,
            (std::vector<std::uint64_t>{OTF2_COLLECTIVE_OP_CREATE_HANDLE, 3, OTF2_UNDEFINED_UINT32, 0, 0}));
  const auto rank1 = c().task_events(1, 0);
  const std::vector<std::string> free_call = {"Enter", "MpiCollectiveBegin", "CommDestroy", "MpiCollectiveEnd",
                                              "Leave"};
  auto it = std::find_if(rank1.begin(), rank1.end(), [](const ReadEvent& e) { return e.record == "CommDestroy"; });
  ASSERT_NE(it, rank1.end());
  EXPECT_EQ(it->fields, (std::vector<std::uint64_t>{2}));
  EXPECT_EQ((it - 2)->fields, (std::vector<std::uint64_t>{region("MPI_Comm_free")}));
  EXPECT_EQ((it + 1)->fields,
            (std::vector<std::uint64_t>{OTF2_COLLECTIVE_OP_DESTROY_HANDLE, 2, OTF2_UNDEFINED_UINT32, 0, 0}));
  std::vector<std::string> around;
  for (auto e = it - 2; e <= it + 2; ++e) around.push_back(e->record);
  EXPECT_EQ(around, free_call);
}

TEST_F(WrittenRun, ClockIsPicosecondsFromZero) {
  EXPECT_EQ(c().timer_resolution, 1000000000000u);
  EXPECT_EQ(c().global_offset, 0u);
  EXPECT_EQ(c().trace_length, 10100u);
}

TEST_F(WrittenRun, RunDescriptionIsInTheArchiveProperties) {
  EXPECT_EQ(c().creator, "xo 0.1.0");
  EXPECT_EQ(c().machine_name, "xt3");
  EXPECT_NE(c().description.find("xt3"), std::string::npos) << c().description;
  const std::map<std::string, std::string> expected = {
      {"CROSSOVER::MACHINE", "xt3"},
      {"CROSSOVER::MACHINE_DESCRIPTION", "Cray XT3 (SeaStar, Portals)"},
      {"CROSSOVER::RANKS", "4"},
      {"CROSSOVER::RANKS_PER_NODE", "2"},
      {"CROSSOVER::COMPUTE_MODE", "none"},
      {"CROSSOVER::PROGRAM_ARGS", "./app --size 'a b'"},
      {"CROSSOVER::COMMAND_LINE", "xo record -n 4 --machine xt3 -o trace -- ./app"},
      {"CROSSOVER::CREATOR", "xo 0.1.0"},
      {"CROSSOVER::EXIT_CODE", "0"},
      {"CROSSOVER::FILE_DIGESTS", "xo-digest-1"},
      {"CROSSOVER::PARAM::__L", "5.5"},
      {"CROSSOVER::PARAM::G", "1.0"},
      {"CROSSOVER::PARAM::__G", "0.1"},
      {"CROSSOVER::PARAM::O_S", "2"},
      {"CROSSOVER::PARAM::COPY___G", "0.05"},
      {"CROSSOVER::ENV::MPICH_MAX_SHORT_MSG_SIZE", "128000"},
      {"CROSSOVER::ENV::XO_AP1000_HOST", "auto"},
  };
  EXPECT_EQ(c().properties, expected);
}

TEST_F(WrittenRun, SettingsReadBackUnderTheirOwnNames) {
  std::map<std::string, std::string> parameters;
  std::map<std::string, std::string> environment;
  for (const auto& [name, value] : c().properties) {
    if (auto p = xo::tracer::setting_name_of_property(xo::tracer::SettingKind::Parameter, name)) parameters[*p] = value;
    if (auto e = xo::tracer::setting_name_of_property(xo::tracer::SettingKind::Environment, name))
      environment[*e] = value;
  }
  std::map<std::string, std::string> expected_parameters;
  for (const auto& s : run_info().parameters) expected_parameters[s.name] = s.value;
  std::map<std::string, std::string> expected_environment;
  for (const auto& s : run_info().environment) expected_environment[s.name] = s.value;
  EXPECT_EQ(parameters, expected_parameters);
  EXPECT_EQ(environment, expected_environment);
}

// Every file under `root`, by path relative to it, with its bytes.
std::map<std::string, std::string> files_under(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    out[fs::relative(entry.path(), root).string()] =
        std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return out;
}

TEST(Otf2Writer, SameCallsGiveByteIdenticalArchives) {
  xo::test::ScratchDir first{"xo-otf2-writer"};
  xo::test::ScratchDir second{"xo-otf2-writer"};
  write_run(first);
  write_run(second);
  const auto a = files_under(first.path());
  const auto b = files_under(second.path());
  ASSERT_EQ(a.size(), 3u + 2u * 4u)
      << "anchor, global definitions, the profile, and per rank events and local definitions";
  EXPECT_EQ(a.count("profile.xop"), 1u);
  ASSERT_EQ(a.size(), b.size());
  for (const auto& [name, bytes] : a) {
    ASSERT_TRUE(b.count(name)) << name;
    EXPECT_TRUE(b.at(name) == bytes) << name << " differs";
  }
}

TEST(Otf2Writer, ARunThatNeverEndedStillGivesAValidTrace) {
  xo::test::ScratchDir dir{"xo-otf2-writer"};
  {
    Otf2Writer writer(dir.path(), options());
    xo::mpi::RunInfo info = run_info();
    info.ranks = 2;
    writer.run_started(info);
    writer.comm_defined({kWorld, "MPI_COMM_WORLD", {0, 1}, 0});
    // A deadlock: rank 0 waits in a receive, rank 1 in a barrier nobody else enters.
    writer.call_entered(0, "MPI_Recv", 100, 0);
    writer.call_entered(1, "MPI_Barrier", 200, 0);
    writer.collective_begin(1, 200);
    writer.run_finished(5000, 1);
    writer.finish();
  }
  const std::string command = "otf2-print --silent -Werror '" + anchor(dir) + "' > /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0);
  const ArchiveContents c = read_archive(anchor(dir));
  EXPECT_EQ(records(c.events.at(0)), (std::vector<std::string>{"Enter", "Leave"}));
  EXPECT_EQ(c.events.at(0)[1].time, 5000u) << "left at the run's end";
  EXPECT_EQ(records(c.events.at(1)), (std::vector<std::string>{"Enter", "Leave"}))
      << "the unfinished collective is left out";
  EXPECT_EQ(c.properties.at("CROSSOVER::EXIT_CODE"), "1");
}

TEST(Otf2Writer, AnEventBackInTimeIsClampedAndCounted) {
  xo::test::ScratchDir dir{"xo-otf2-writer"};
  Otf2Writer writer(dir.path(), options());
  xo::mpi::RunInfo info = run_info();
  info.ranks = 1;
  writer.run_started(info);
  writer.call_entered(0, "MPI_Barrier", 1000, 0);
  EXPECT_DEBUG_DEATH(writer.call_left(0, "MPI_Barrier", 900), "time order");
#ifdef NDEBUG
  writer.run_finished(1000, 0);
  writer.finish();
  EXPECT_EQ(writer.repaired_events(), 1u);
  const ArchiveContents c = read_archive(anchor(dir));
  ASSERT_EQ(c.events.at(0).size(), 2u);
  EXPECT_EQ(c.events.at(0)[1].time, 1000u);
#endif
}

TEST(Otf2Writer, ACollectiveOtf2CannotNameIsLeftOutAndCounted) {
  xo::test::ScratchDir dir{"xo-otf2-writer"};
  Otf2Writer writer(dir.path(), options());
  xo::mpi::RunInfo info = run_info();
  info.ranks = 1;
  writer.run_started(info);
  writer.comm_defined({kWorld, "MPI_COMM_WORLD", {0}, 0});
  writer.call_entered(0, "MPI_Frobnicate", 100, 0);
  writer.collective_begin(0, 100);
  CollectiveEvent c;
  c.call = "MPI_Frobnicate";
  c.comm_id = kWorld;
  EXPECT_DEBUG_DEATH(writer.collective_end(0, c, 200), "ends once begun");
#ifdef NDEBUG
  writer.call_left(0, "MPI_Frobnicate", 200);
  writer.run_finished(200, 0);
  writer.finish();
  EXPECT_EQ(writer.repaired_events(), 1u);
  const ArchiveContents c2 = read_archive(anchor(dir));
  EXPECT_EQ(records(c2.events.at(0)), (std::vector<std::string>{"Enter", "Leave"}));
#endif
}

TEST(Otf2Writer, DestroyedWithoutFinishingWritesNothing) {
  xo::test::ScratchDir dir{"xo-otf2-writer"};
  {
    Otf2Writer writer(dir.path(), options());
    report_run(writer);
  }
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

void expect_runtime_error_naming(const std::function<void()>& f, const std::string& path, const std::string& cause) {
  try {
    f();
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find(cause), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(Otf2Writer, RefusesADirectoryThatIsMissingOrNotOneOrHoldsATrace) {
  xo::test::ScratchDir dir{"xo-otf2-writer"};
  const std::string missing = (fs::path(dir.path()) / "missing").string();
  expect_runtime_error_naming([&] { Otf2Writer(missing, options()); }, missing, "no such directory");
  const std::string file = (fs::path(dir.path()) / "file").string();
  std::ofstream(file) << "x";
  expect_runtime_error_naming([&] { Otf2Writer(file, options()); }, file, "not a directory");
  std::ofstream(fs::path(dir.path()) / "traces.otf2") << "x";
  expect_runtime_error_naming([&] { Otf2Writer(dir.path(), options()); }, dir.path(), "already holds a trace");
}

TEST(Otf2Writer, AnUnwritableDirectoryIsOneErrorNamingIt) {
  xo::test::ScratchDir parent{"xo-otf2-writer"};
  const fs::path dir = fs::path(parent.path()) / "trace";
  fs::create_directory(dir);
  Otf2Writer writer(dir.string(), options());
  report_run(writer);
  // The directory goes away during the run, and a file takes its place: OTF2 cannot write there
  // (a read-only directory would not do: the tests may run as root).
  fs::remove(dir);
  std::ofstream(dir) << "x";
  expect_runtime_error_naming([&] { writer.finish(); }, dir.string(), "failed");
}

TEST(SettingPropertyName, KeepsCaseThatOtf2WouldDrop) {
  using xo::tracer::setting_property_name;
  using xo::tracer::SettingKind;
  EXPECT_EQ(setting_property_name(SettingKind::Parameter, "o_s"), "CROSSOVER::PARAM::O_S");
  EXPECT_EQ(setting_property_name(SettingKind::Parameter, "G"), "CROSSOVER::PARAM::__G");
  EXPECT_EQ(setting_property_name(SettingKind::Parameter, "copy_G"), "CROSSOVER::PARAM::COPY___G");
  EXPECT_EQ(setting_property_name(SettingKind::Parameter, "a.b"), "CROSSOVER::PARAM::A__046B");
  EXPECT_EQ(setting_property_name(SettingKind::Parameter, "a__b"), "CROSSOVER::PARAM::A__095_B");
  EXPECT_EQ(setting_property_name(SettingKind::Environment, "MPICH_MAX_SHORT_MSG_SIZE"),
            "CROSSOVER::ENV::MPICH_MAX_SHORT_MSG_SIZE");
  EXPECT_EQ(setting_property_name(SettingKind::Environment, "Xo"), "CROSSOVER::ENV::X__O");
}

TEST(SettingPropertyName, EveryNameReadsBackAsItself) {
  using xo::tracer::SettingKind;
  const std::vector<std::string> names = {"L",   "g",   "G", "o_s", "copy_G", "_x",  "x_",      "__", "a___B",
                                          "_G_", "a:b", "9", "é",   "x__G",   "a-b", "MPICH_X", "Tn", "__095"};
  for (SettingKind kind : {SettingKind::Parameter, SettingKind::Environment}) {
    for (const std::string& name : names) {
      const std::string property = xo::tracer::setting_property_name(kind, name);
      std::string upper = property;  // as OTF2 returns it
      std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char ch) { return std::toupper(ch); });
      EXPECT_EQ(xo::tracer::setting_name_of_property(kind, upper), name) << property;
    }
  }
  EXPECT_EQ(xo::tracer::setting_name_of_property(SettingKind::Parameter, "CROSSOVER::ENV::L"), std::nullopt);
  EXPECT_EQ(xo::tracer::setting_name_of_property(SettingKind::Parameter, "CROSSOVER::PARAM::A__9"), std::nullopt);
}

}  // namespace
