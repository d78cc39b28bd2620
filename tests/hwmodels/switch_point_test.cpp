// Every switch point a machine lists is true to the machine: its variable exists, and with the
// variable set to a value v the machine really takes `below` at v and `above` just past it. The
// analyzer trusts these to know what a threshold separates.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "xo/hwmodels/machine_registry.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace {

using xo::hw::Machine;
using xo::hw::SwitchPoint;
using xo::hw::SwitchUnit;

std::unique_ptr<Machine> machine_with(const std::string& name, const std::map<std::string, std::string>& env) {
  return xo::hw::configured_machine(name, 64, {}, xo::hw::lookup_in(env));
}

// A whole-machine, commutative, predefined reduction of doubles: every condition the machines
// attach to their switches holds, so only the size decides.
xo::hw::CollectiveQuery query(const SwitchPoint& s, std::int64_t size) {
  xo::hw::CollectiveQuery q;
  for (int op = 0; op < xo::hw::kCollectiveOps; ++op) {
    if (xo::hw::collective_name(static_cast<xo::hw::CollectiveOp>(op)) == s.operation) {
      q.op = static_cast<xo::hw::CollectiveOp>(op);
    }
  }
  q.ranks = s.unit == SwitchUnit::Ranks ? static_cast<int>(size) : 16;
  q.whole_machine = true;
  q.element = xo::hw::ElementType::Double;
  q.count = s.unit == SwitchUnit::Elements ? size : s.unit == SwitchUnit::BytesPerRank ? size / 8 : 1;
  q.bytes = s.unit == SwitchUnit::BytesPerRank ? size : q.count * 8;
  q.total_bytes = q.bytes * q.ranks;
  return q;
}

// What the machine takes at `size` with the switch's variable at `value`.
std::string taken(const std::string& name, const SwitchPoint& s, std::int64_t value, std::int64_t size) {
  const auto m = machine_with(name, {{s.env_var, std::to_string(value)}});
  if (s.operation.empty()) return std::string(m->choose_protocol(size, xo::hw::SendMode::Standard).name);
  return std::string(xo::hw::algorithm_name(m->collective(query(s, size)).algorithm));
}

}  // namespace

TEST(SwitchPoints, EveryListedSwitchSeparatesWhatItSays) {
  int checked = 0;
  for (const auto& entry : xo::hw::builtin_machines().entries()) {
    const auto m = machine_with(entry.name, {});
    for (const SwitchPoint& s : m->switch_points()) {
      SCOPED_TRACE(entry.name + " " + s.env_var + " " + s.operation);
      const xo::hw::EnvVar* var = m->find_env_var(s.env_var);
      ASSERT_NE(var, nullptr) << "not a variable of the machine";
      // A value inside the variable's range that leaves room on both sides of it.
      const std::int64_t fallback = s.unit == SwitchUnit::Ranks ? 5 : 4000;
      const std::int64_t v = m->env_default(*var) >= 2 ? m->env_default(*var) : fallback;
      ASSERT_TRUE(v >= var->min && v < var->max) << v;
      const std::int64_t last_below = s.value_is_first_above ? v - 1 : v;
      EXPECT_EQ(taken(entry.name, s, v, last_below), s.below);
      EXPECT_EQ(taken(entry.name, s, v, last_below + 1), s.above);
      // Moving the variable moves the switch.
      EXPECT_EQ(taken(entry.name, s, v + 100, last_below + 1), s.below);
      ++checked;
    }
  }
  EXPECT_GE(checked, 12);
}

TEST(SwitchPoints, FollowTheSettingsThatChangeThem) {
  EXPECT_TRUE(machine_with("t3e", {})->switch_points().empty()) << "no Tn on the hardware queues";
  ASSERT_EQ(machine_with("t3e", {{"XO_T3E_HW_QUEUES", "0"}})->switch_points().size(), 1u);
  const auto eager_long = machine_with("xt3", {{"MPICH_PTL_EAGER_LONG", "1"}})->switch_points();
  ASSERT_GE(eager_long.size(), 2u);
  EXPECT_EQ(eager_long[1].above, "eager-long");
}
