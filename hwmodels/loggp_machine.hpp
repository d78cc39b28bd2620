#pragma once
// The generic LogGP machine: a switched network where every pair of nodes costs the same, with one
// eager and one rendezvous protocol switched at an eager limit. It is the baseline the seed
// machines are compared with, and the machine tests perturb to check the analyzer.

#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

class LoggpMachine final : public Machine {
 public:
  LoggpMachine();
  std::vector<ProtocolInfo> protocols() const override;
  std::vector<SwitchPoint> switch_points() const override;
  ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const override;

 private:
  LinkCost network_link(int src_world_rank, int dst_world_rank) const override;
  void refresh() override;

  LinkCost cost_;
  std::int64_t eager_limit_ = 0;
};

}  // namespace xo::hw
