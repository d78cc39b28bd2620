// The collective table (collective_table.def): the knobs list its rows, its needs decide which row
// can serve a call, and a machine's choice that cannot serve gives way to the machine's own and then
// to the operation's last resort.

#include "xo/hwmodels/collective_table.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "xo/hwmodels/machine_registry.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace {

using xo::hw::Algorithm;
using xo::hw::AlgorithmNeeds;
using xo::hw::CollectiveAlgorithm;
using xo::hw::CollectiveHardware;
using xo::hw::CollectiveOp;
using xo::hw::CollectiveQuery;

std::unique_ptr<xo::hw::Machine> machine_with(const std::string& name, int ranks,
                                              const std::map<std::string, std::string>& env) {
  return xo::hw::configured_machine(name, ranks, {}, xo::hw::lookup_in(env));
}

CollectiveQuery call(CollectiveOp op, int ranks, bool whole_machine) {
  CollectiveQuery q;
  q.op = op;
  q.ranks = ranks;
  q.whole_machine = whole_machine;
  q.count = 4;
  q.bytes = 32;
  q.total_bytes = q.bytes * ranks;
  q.element = xo::hw::ElementType::Double;
  return q;
}

// A machine whose MPI asks for the X1's remote stores, without them, for every call.
class WithoutItsHardware : public xo::hw::Machine {
 public:
  WithoutItsHardware() : Machine("without", "chooses gps_pull everywhere, has no remote stores") {}
  std::vector<ProtocolInfo> protocols() const override { return {}; }
  xo::hw::ProtocolChoice choose_protocol(std::int64_t, xo::hw::SendMode) const override { return {}; }
  xo::hw::CollectiveChoice choose_collective(const CollectiveQuery&) const override { return {Algorithm::GpsPull}; }

 protected:
  xo::hw::LinkCost network_link(int, int) const override { return {}; }
};

CollectiveAlgorithm row(AlgorithmNeeds needs) { return {CollectiveOp::Allreduce, Algorithm::Linear, needs, false, ""}; }

TEST(CollectiveTable, EveryMachinesKnobListsTheTableRowsInOrder) {
  for (const auto& entry : xo::hw::builtin_machines().entries()) {
    const auto m = xo::hw::builtin_machines().create(entry.name);
    for (int i = 0; i < xo::hw::kCollectiveOps; ++i) {
      const auto op = static_cast<CollectiveOp>(i);
      const xo::hw::EnvVar* knob = m->find_env_var("XO_COLL_" + std::string(xo::hw::collective_knob_suffix(op)));
      if (knob == nullptr) continue;
      std::vector<std::string> expected = {"auto"};
      for (const CollectiveAlgorithm& a : xo::hw::collective_table()) {
        if (a.op == op) expected.emplace_back(xo::hw::algorithm_name(a.algorithm));
      }
      EXPECT_EQ(m->env_choices(*knob), expected) << entry.name << " " << knob->name;
    }
  }
}

TEST(CollectiveTable, EveryRowHasADescriptionAndEveryOperationALastResort) {
  for (const CollectiveAlgorithm& a : xo::hw::collective_table()) {
    EXPECT_FALSE(a.description.empty()) << xo::hw::algorithm_name(a.algorithm);
    EXPECT_EQ(xo::hw::find_collective_algorithm(a.op, a.algorithm), &a);
  }
  for (int i = 0; i < xo::hw::kCollectiveOps; ++i) {
    const CollectiveAlgorithm& last = xo::hw::last_resort(static_cast<CollectiveOp>(i));
    EXPECT_TRUE(last.last_resort);
    EXPECT_EQ(last.needs, AlgorithmNeeds::Nothing);
  }
}

TEST(CollectiveTable, NeedsOfTheCallDecideWhetherARowServes) {
  const CollectiveHardware none;
  CollectiveQuery q = call(CollectiveOp::Allreduce, 6, false);
  EXPECT_TRUE(xo::hw::can_serve(row(AlgorithmNeeds::Nothing), none, q));
  EXPECT_FALSE(xo::hw::can_serve(row(AlgorithmNeeds::PowerOfTwoRanks), none, q));
  q.ranks = 8;
  EXPECT_TRUE(xo::hw::can_serve(row(AlgorithmNeeds::PowerOfTwoRanks), none, q));
  // Rabenseifner: an element for each rank of the power-of-two core (8 of 12 ranks).
  q.ranks = 12;
  q.count = 7;
  EXPECT_FALSE(xo::hw::can_serve(row(AlgorithmNeeds::CommutativeLong), none, q));
  q.count = 8;
  EXPECT_TRUE(xo::hw::can_serve(row(AlgorithmNeeds::CommutativeLong), none, q));
  q.commutative = false;
  EXPECT_FALSE(xo::hw::can_serve(row(AlgorithmNeeds::CommutativeLong), none, q));
  EXPECT_FALSE(xo::hw::can_serve(row(AlgorithmNeeds::Commutative), none, q));
}

TEST(CollectiveTable, HardwareNeedsAskForTheUnitAndSometimesTheWholeMachine) {
  CollectiveHardware hardware;
  CollectiveQuery q = call(CollectiveOp::Allreduce, 16, false);
  for (AlgorithmNeeds n : {AlgorithmNeeds::BroadcastNetwork, AlgorithmNeeds::SyncNetwork, AlgorithmNeeds::FetchAdd,
                           AlgorithmNeeds::RemoteFlags, AlgorithmNeeds::XyReduction}) {
    EXPECT_FALSE(xo::hw::has_hardware_for(n, hardware)) << xo::hw::needs_text(n);
  }
  hardware.sync = 1e-6;
  hardware.xy_reduction = 1e-6;
  EXPECT_FALSE(xo::hw::can_serve(row(AlgorithmNeeds::SyncNetwork), hardware, q));  // a subgroup
  EXPECT_FALSE(xo::hw::can_serve(row(AlgorithmNeeds::XyReduction), hardware, q));
  q.whole_machine = true;
  EXPECT_TRUE(xo::hw::can_serve(row(AlgorithmNeeds::SyncNetwork), hardware, q));
  EXPECT_TRUE(xo::hw::can_serve(row(AlgorithmNeeds::XyReduction), hardware, q));
  q.element = xo::hw::ElementType::Other;  // the xy routines reduce int, float and double only
  EXPECT_FALSE(xo::hw::can_serve(row(AlgorithmNeeds::XyReduction), hardware, q));
  q.element = xo::hw::ElementType::Int;
  q.builtin_op = false;
  EXPECT_FALSE(xo::hw::can_serve(row(AlgorithmNeeds::XyReduction), hardware, q));
}

// A forced algorithm that cannot serve the call gives way to the machine's own choice.
TEST(CollectiveTable, ForcedAlgorithmThatCannotServeGivesWayToTheMachinesChoice) {
  const auto own = machine_with("loggp", 6, {});
  const auto forced = machine_with("loggp", 6, {{"XO_COLL_ALLGATHER", "recursive_doubling"}});
  const CollectiveQuery six = call(CollectiveOp::Allgather, 6, true);
  EXPECT_NE(own->collective(six).algorithm, Algorithm::RecursiveDoubling);
  EXPECT_EQ(forced->collective(six).algorithm, own->collective(six).algorithm);
  EXPECT_EQ(forced->collective(call(CollectiveOp::Allgather, 8, true)).algorithm, Algorithm::RecursiveDoubling);
  // Hardware the machine lacks: loggp has no B-net.
  const auto bnet = machine_with("loggp", 6, {{"XO_COLL_BCAST", "selective_broadcast"}});
  EXPECT_EQ(bnet->collective(call(CollectiveOp::Bcast, 6, true)).algorithm,
            own->collective(call(CollectiveOp::Bcast, 6, true)).algorithm);
  // The AP1000 has one, so the same knob is obeyed there.
  const auto ap1000 = machine_with("ap1000", 6, {{"XO_COLL_BCAST", "selective_broadcast"}});
  EXPECT_EQ(ap1000->collective(call(CollectiveOp::Bcast, 6, true)).algorithm, Algorithm::SelectiveBroadcast);
}

// The S-net barrier serves only the whole machine: on a subgroup the AP1000's knob gives way to
// its own choice for subgroups (a tree and the B-net).
TEST(CollectiveTable, WholeMachineHardwareGivesWayOnASubgroup) {
  const auto ap1000 = machine_with("ap1000", 16, {{"XO_COLL_BARRIER", "sync_network"}});
  EXPECT_EQ(ap1000->collective(call(CollectiveOp::Barrier, 16, true)).algorithm, Algorithm::SyncNetwork);
  EXPECT_EQ(ap1000->collective(call(CollectiveOp::Barrier, 8, false)).algorithm, Algorithm::TreeSelectiveBroadcast);
}

// When the machine's own choice cannot serve either, the operation's last resort runs.
TEST(CollectiveTable, AChoiceNoneCanServeFallsToTheLastResort) {
  const WithoutItsHardware m;
  for (int i = 0; i < xo::hw::kCollectiveOps; ++i) {
    const auto op = static_cast<CollectiveOp>(i);
    EXPECT_EQ(m.collective(call(op, 7, true)).algorithm, xo::hw::last_resort(op).algorithm)
        << xo::hw::collective_name(op);
  }
}

}  // namespace
