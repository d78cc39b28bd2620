#pragma once
// Fujitsu AP1000: SPARC cells on the T-net torus, a host workstation, the B-net broadcast network,
// MPI over CellOS (l_asend/l_arecv through system buffers) and the ANU domains package.
// Source: ../shared/seeds/001 (Sitsky, "Implementation of MPI on the Fujitsu AP1000", 1994).

#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

class Ap1000Machine final : public Machine {
 public:
  Ap1000Machine();
  std::vector<ProtocolInfo> protocols() const override;
  std::vector<SwitchPoint> switch_points() const override;
  ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const override;
  double copy_per_byte() const override;
  // Seed 001 section 5, Figure 1: a strided buffer is packed into a contiguous one before it is
  // sent, and a message unpacked into a strided one after it is received.
  bool system_buffer_copies_pack() const override { return false; }
  std::int64_t sender_copy_buffers() const override;
  void check_settings() const override;
  CollectiveChoice choose_collective(const CollectiveQuery& query) const override;
  const CollectiveHardware& collective_hardware() const override { return hardware_; }

  // True if COMM_WORLD holds the host as rank 0 (the mpirun host+cells mode).
  bool host_in_world() const { return host_in_world_; }
  bool is_host(int world_rank) const { return host_in_world_ && world_rank == 0; }

 private:
  LinkCost network_link(int src_world_rank, int dst_world_rank) const override;
  void refresh() override;

  // Derived in refresh(): what each message's choice and cost need.
  LinkCost cell_;  // cell to cell over the T-net
  LinkCost host_;  // host to or from a cell
  bool host_in_world_ = false;
  bool ssend_put_ = false;
  bool linesending_ = false;
  std::int64_t system_buffers_ = 1;
  std::int64_t xy_max_elements_ = 25;
  std::int64_t bnet_min_group_ = 1;
  CollectiveHardware hardware_;
};

}  // namespace xo::hw
