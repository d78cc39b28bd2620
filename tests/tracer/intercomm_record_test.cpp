// `xo record` on a program that uses intercommunicators (tests/programs/intercomm.c): on every
// machine the archive passes otf2-print and the trace checker; intercommunicators are OTF2
// InterComm definitions (group A holds the lower world rank, the common communicator is the peer
// or parent communicator), and their rooted collectives record OTF2's ROOT_SELF and ROOT_THIS_GROUP;
// the analyzer reads them without a problem and pairs the messages between the groups.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "archive_contents.hpp"
#include "support/run_command.hpp"
#include "support/scratch_dir.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/tracer/trace_check.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace fs = std::filesystem;

namespace {

const std::string kXo = XO_BINARY;
const std::string kProgram = std::string(XO_TEST_PROGRAMS_DIR) + "/intercomm";
const std::string kIntercomm = "intercommunicator of the groups led by world ranks 0 and 1";

class RecordIntercomm : public ::testing::Test {
 protected:
  xo::test::CommandResult record(const std::string& options) {
    return run_command("cd " + dir_ + " && " + kXo + " record " + options + " " + kProgram);
  }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }

  xo::test::ScratchDir scratch_{"xo-record-intercomm"};
  const std::string dir_ = scratch_.path();
};

constexpr const char* kMachines[] = {"loggp", "ap1000", "t3d", "t3e", "x1", "power4", "sx6", "xt3", "xe6"};

// The MpiCollectiveEnd records of `op` on communicator `comm` at the location named `name`.
std::vector<const xo::test::ReadEvent*> collective_ends(const xo::test::ArchiveContents& archive,
                                                        const std::string& name, OTF2_CollectiveOp op, long long comm) {
  std::vector<const xo::test::ReadEvent*> out;
  const auto* location = archive.location_named(name);
  if (location == nullptr) return out;
  for (const auto& e : archive.events.at(location->id)) {
    if (e.record == "MpiCollectiveEnd" && e.fields[0] == op && static_cast<long long>(e.fields[1]) == comm) {
      out.push_back(&e);
    }
  }
  return out;
}

}  // namespace

TEST_F(RecordIntercomm, EveryMachinePassesOtf2PrintAndTheChecker) {
  for (const char* machine : kMachines) {
    for (int ranks : {2, 5}) {
      SCOPED_TRACE(std::string(machine) + ", " + std::to_string(ranks) + " ranks");
      const std::string trace = std::string(machine) + "-" + std::to_string(ranks) + ".otf2";
      auto r = record("-n " + std::to_string(ranks) + " --machine " + machine + " -o " + trace);
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_TRUE(contains(r.out, "intercomm ok")) << r.out << r.err;

      const std::string anchor = path(trace + "/traces.otf2");
      auto print = run_command(std::string(XO_OTF2_PRINT) + " --silent -Werror " + anchor);
      EXPECT_EQ(print.status, 0) << print.out << print.err;
      const auto report = xo::tracer::check_trace(anchor);
      EXPECT_TRUE(report.ok()) << xo::tracer::describe(report);
      EXPECT_GT(report.messages_matched, 0u);
    }
  }
}

TEST_F(RecordIntercomm, IntercommunicatorsAreInterCommDefinitionsWithTheirRoots) {
  auto r = record("-q -n 5 --compute=none -o t.otf2");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto archive = xo::test::read_archive(path("t.otf2/traces.otf2"));

  const long long inter = archive.comm_ref(kIntercomm);
  ASSERT_GE(inter, 0) << "no communicator named " << kIntercomm;
  const auto& ic = archive.comms.at(static_cast<OTF2_CommRef>(inter));
  ASSERT_NE(ic.remote_group, OTF2_UNDEFINED_GROUP) << "not an InterComm";
  EXPECT_EQ(archive.groups.at(ic.group).members, (std::vector<std::uint64_t>{0, 2, 4}));
  EXPECT_EQ(archive.groups.at(ic.remote_group).members, (std::vector<std::uint64_t>{1, 3}));
  EXPECT_EQ(archive.groups.at(ic.group).type, OTF2_GROUP_TYPE_COMM_GROUP);
  EXPECT_EQ(static_cast<long long>(ic.parent), archive.comm_ref("MPI_COMM_WORLD")) << "peer_comm is the common one";
  EXPECT_EQ(ic.flags, OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS);

  const long long dup = archive.comm_ref("dup of " + kIntercomm);
  ASSERT_GE(dup, 0);
  EXPECT_NE(archive.comms.at(static_cast<OTF2_CommRef>(dup)).remote_group, OTF2_UNDEFINED_GROUP);
  EXPECT_EQ(static_cast<long long>(archive.comms.at(static_cast<OTF2_CommRef>(dup)).parent), inter);
  const long long merged = archive.comm_ref("merge of " + kIntercomm);
  ASSERT_GE(merged, 0);
  const auto& m = archive.comms.at(static_cast<OTF2_CommRef>(merged));
  EXPECT_EQ(m.remote_group, OTF2_UNDEFINED_GROUP);
  EXPECT_EQ(archive.groups.at(m.group).members, (std::vector<std::uint64_t>{0, 2, 4, 1, 3}));

  // The first MPI_Bcast on the intercommunicator: root at the evens' local rank 0 (world rank 0).
  const auto at_root = collective_ends(archive, "MPI Rank 0", OTF2_COLLECTIVE_OP_BCAST, inter);
  const auto beside_root = collective_ends(archive, "MPI Rank 2", OTF2_COLLECTIVE_OP_BCAST, inter);
  const auto other_group = collective_ends(archive, "MPI Rank 3", OTF2_COLLECTIVE_OP_BCAST, inter);
  ASSERT_EQ(at_root.size(), 2u);
  ASSERT_EQ(beside_root.size(), 2u);
  ASSERT_EQ(other_group.size(), 2u);
  EXPECT_EQ(at_root[0]->fields[2], static_cast<std::uint64_t>(OTF2_COLLECTIVE_ROOT_SELF));
  EXPECT_EQ(beside_root[0]->fields[2], static_cast<std::uint64_t>(OTF2_COLLECTIVE_ROOT_THIS_GROUP));
  EXPECT_EQ(other_group[0]->fields[2], 0u);
  EXPECT_EQ(at_root[0]->fields[3], 4u) << "the root sends one int";
  EXPECT_EQ(other_group[0]->fields[4], 4u) << "the other group receives it";
  EXPECT_EQ(at_root[0]->attributes.at("algorithm"), "intercomm_leaders");
  // The second: root at the odds' local rank 0, named by rank 0 in the evens.
  EXPECT_EQ(other_group[1]->fields[2], static_cast<std::uint64_t>(OTF2_COLLECTIVE_ROOT_THIS_GROUP));
  EXPECT_EQ(at_root[1]->fields[2], 0u);
}

TEST_F(RecordIntercomm, TheAnalyzerPairsMessagesBetweenTheGroups) {
  auto r = record("-q -n 5 --compute=none -o t.otf2");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto model = xo::analyzer::read_trace(path("t.otf2/traces.otf2"));
  EXPECT_EQ(model.problems.total(), 0u) << (model.problems.examples.empty() ? "" : model.problems.examples.front());
  xo::analyzer::Index inter = xo::analyzer::kNoIndex;
  for (xo::analyzer::Index c = 0; c < model.communicators.size(); ++c) {
    if (model.communicators.name[c] == kIntercomm) inter = c;
  }
  ASSERT_NE(inter, xo::analyzer::kNoIndex);
  EXPECT_EQ(model.communicators.members[inter], (std::vector<xo::analyzer::RankId>{0, 2, 4, 1, 3}));
  std::size_t between = 0;
  for (std::size_t m = 0; m < model.messages.sender.size(); ++m) {
    if (model.messages.communicator[m] != inter) continue;
    ++between;
    EXPECT_NE(model.messages.sender[m] % 2, model.messages.receiver[m] % 2) << "a message inside one group";
  }
  EXPECT_EQ(between, 4u) << "local ranks 0 and 1 of each group exchange one message each way";
}
