#pragma once
// Cray T3D and T3E: MPI built on SHMEM (EPCC's library, later Cray MPT). Matching is done with
// protocol messages (4-word packets in a SHMEM queue guarded by atomic swaps; on the T3E from MPT
// 1.3.0.5 on, 8-word packets in the hardware message queues), data moves by shmem_get or put.
// Source: ../shared/seeds/003 (EPCC, optimised MPI library for the T3E).

#include <memory>

#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

class T3Machine final : public Machine {
 public:
  enum class Model { T3d, T3e };
  T3Machine(Model model, std::string description);

  std::vector<ProtocolInfo> protocols() const override;
  std::vector<SwitchPoint> switch_points() const override;
  double pull_penalty(std::uintptr_t source, std::uintptr_t destination, std::int64_t bytes) const override;
  ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const override;
  double copy_per_byte() const override;
  std::int64_t sender_copy_buffers() const override { return 1 << 20; }  // buffering is bounded by size only

  CollectiveChoice choose_collective(const CollectiveQuery& query) const override;
  const CollectiveHardware& collective_hardware() const override { return hardware_; }

  // True on the T3E with the library that uses the hardware message queues (the default).
  bool hardware_queues() const;
  // Bytes of user data a protocol message carries inline (the T protocol).
  std::int64_t inline_limit() const { return inline_limit_; }

 private:
  LinkCost network_link(int src_world_rank, int dst_world_rank) const override;
  void refresh() override;

  Model model_;
  // Derived in refresh(): what each send's choice and cost need.
  LinkCost cost_;
  std::int64_t inline_limit_ = 0;
  std::int64_t tn_limit_ = -1;    // largest Tn message; -1 without Tn (hardware queues)
  std::int64_t buffer_max_ = -1;  // MPP_BUFFER_MAX
  double get_setup_ = 0;
  double get_extra_per_byte_ = 0;  // seconds a get costs per byte beyond a put
  CollectiveHardware hardware_;
};

std::unique_ptr<Machine> make_t3d();
std::unique_ptr<Machine> make_t3e();

}  // namespace xo::hw
