#pragma once
// The machines the X1 paper compares against (IBM Power4, NEC SX-6), modelled at the LogGP level
// only: one eager protocol (a handshake for synchronous sends), costs fitted to the paper's
// published bandwidths, and a bandwidth that may drop once a message outgrows a cache. Barriers
// synchronise through shared memory on an SMP node (a fetch-and-add tree); other collectives are
// MPICH2's. Source: ../shared/seeds/000 (Nicholson and Goozen, "Cray X1 MPI Implementation"),
// Figures 1 and 2.

#include <memory>
#include <string>
#include <vector>

#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

class ComparisonMachine final : public Machine {
 public:
  // `barrier_fan_in`: words of the barrier's arrival tree are shared by this many ranks.
  ComparisonMachine(std::string name, std::string description, std::vector<Parameter> parameters,
                    int barrier_fan_in);
  std::vector<ProtocolInfo> protocols() const override;
  ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const override;
  CollectiveChoice choose_collective(const CollectiveQuery& query) const override;
  const CollectiveHardware& collective_hardware() const override { return hardware_; }

 private:
  LinkCost network_link(int src_world_rank, int dst_world_rank) const override;
  double network_wire_time(int src_world_rank, int dst_world_rank, std::int64_t bytes) const override;
  void refresh() override;

  LinkCost cost_;
  double cache_bytes_ = 0;
  double gap_per_byte_beyond_cache_ = 0;
  CollectiveHardware hardware_;
};

std::unique_ptr<Machine> make_power4();
std::unique_ptr<Machine> make_sx6();

}  // namespace xo::hw
