#pragma once
// The machines the X1 paper compares against (IBM Power4, NEC SX-6), modelled at the LogGP level
// only: one eager protocol (a handshake for synchronous sends) through a node's shared memory or
// across the switch between nodes. The paper's bandwidths (Figure 2, NPES=2) were measured by a
// two-rank job, which these machines' launchers place on one SMP node: they are fitted to the
// shared-memory path, whose rate may drop once a message outgrows a cache; the switch between
// nodes comes from public figures. Barriers synchronise through shared memory on a node (a
// fetch-and-add tree); other collectives are MPICH2's. Source: ../shared/seeds/000 (Nicholson and
// Goozen, "Cray X1 MPI Implementation"), Figures 1 and 2.

#include <memory>
#include <string>
#include <vector>

#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

class ComparisonMachine final : public Machine {
 public:
  // `barrier_fan_in`: words of the barrier's arrival tree are shared by this many ranks.
  ComparisonMachine(std::string name, std::string description, std::vector<Parameter> parameters, int barrier_fan_in);
  std::vector<ProtocolInfo> protocols() const override;
  ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const override;
  CollectiveChoice choose_collective(const CollectiveQuery& query) const override;
  const CollectiveHardware& collective_hardware() const override { return hardware_; }

 private:
  LinkCost network_link(int src_world_rank, int dst_world_rank) const override;
  bool has_shared_memory_path() const override { return true; }
  LinkCost shared_memory_link() const override { return shared_memory_; }
  double shared_memory_wire_time(std::int64_t bytes) const override;
  ProtocolChoice choose_shared_memory_protocol(std::int64_t bytes, SendMode mode) const override;
  void refresh() override;

  LinkCost shared_memory_;
  LinkCost network_;
  double cache_bytes_ = 0;
  double gap_per_byte_beyond_cache_ = 0;
  CollectiveHardware hardware_;
};

std::unique_ptr<Machine> make_power4();
std::unique_ptr<Machine> make_sx6();

}  // namespace xo::hw
