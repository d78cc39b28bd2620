#pragma once
// Cray X1: vector MSPs (four SSPs each) with globally addressable memory; Cray MPT ported from
// SGI and rewritten around remote loads and stores and atomic memory operations.
// Source: ../shared/seeds/000 (Nicholson and Goozen, "Cray X1 MPI Implementation").

#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

class X1Machine final : public Machine {
 public:
  X1Machine();
  std::vector<ProtocolInfo> protocols() const override;
  std::vector<SwitchPoint> switch_points() const override;
  ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const override;
  double copy_per_byte() const override;
  std::int64_t sender_copy_buffers() const override { return 1 << 20; }  // MPI_BUFFER_MAX bounds by size

  CollectiveChoice choose_collective(const CollectiveQuery& query) const override;
  const CollectiveHardware& collective_hardware() const override { return hardware_; }

  bool ssp_mode() const { return env("XO_X1_SSP") != 0; }

 private:
  LinkCost network_link(int src_world_rank, int dst_world_rank) const override;
  double network_wire_time(int src_world_rank, int dst_world_rank, std::int64_t bytes) const override;
  int ranks_per_node_setting() const override;
  int ranks_per_endpoint() const override { return ssp_mode() ? 4 : 1; }
  void refresh() override;
  CollectiveHardware hardware_;

  // Derived in refresh(): what each send's choice and cost need.
  LinkCost cost_;
  double multistream_min_bytes_ = 0;  // infinite in SSP mode
  double msp_startup_ = 0;            // seconds
  double msp_gap_per_byte_ = 0;       // seconds per byte
  std::int64_t packet_payload_ = 0;
  std::int64_t buffer_max_ = -1;  // MPI_BUFFER_MAX
};

}  // namespace xo::hw
