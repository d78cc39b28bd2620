#pragma once
// Cray XT3: Opteron nodes on the SeaStar network, MPI (MPICH2-based) over Portals 3.3.
// Source: ../shared/seeds/002 (Pritchard, "Message Passing Toolkit (MPT) on XT3", CUG 2006).

#include "cray_mpt_machine.hpp"

namespace xo::hw {

class Xt3Machine final : public CrayMptMachine {
 public:
  Xt3Machine();
  std::vector<ProtocolInfo> protocols() const override;
  std::vector<SwitchPoint> switch_points() const override;
  std::vector<ProtocolOption> protocol_options() const override;
  ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const override;
  double copy_per_byte() const override;
  std::int64_t sender_copy_buffers() const override;
  ReceiveResources receive_resources() const override;
  std::string self_send_error() const override;
  void check_settings() const override;
  CollectiveChoice choose_collective(const CollectiveQuery& query) const override;

 private:
  LinkCost network_link(int src_world_rank, int dst_world_rank) const override;
  void refresh() override;
  std::int64_t unexpected_event_queue() const;  // MPICH_PTL_UNEXPECTED_EVENTS, else MPICH_PTL_UNEX_EVENTS

  // Derived in refresh(): what each send's choice needs.
  LinkCost cost_;
  std::int64_t vshort_limit_ = 0;
  std::int64_t short_limit_ = 0;
  bool eager_long_ = false;
  std::int64_t vshort_buffers_ = 1;
  double send_event_ = 0;  // seconds
  double cop_delay_ = 0;   // seconds
};

}  // namespace xo::hw
