#pragma once
// Cray XE6: Magny-Cours nodes on the Gemini network, MPICH2 with the GNI netmod.
// Source: ../shared/seeds/004 (Pritchard and Gorodetsky, Cray User Group 2011).

#include "cray_mpt_machine.hpp"

namespace xo::hw {

class Xe6Machine final : public CrayMptMachine {
 public:
  Xe6Machine();
  std::vector<ProtocolInfo> protocols() const override;
  std::vector<SwitchPoint> switch_points() const override;
  ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const override;
  double copy_per_byte() const override;
  MemoryRegistration memory_registration() const override;
  double pull_penalty(std::uintptr_t source, std::uintptr_t destination, std::int64_t bytes) const override;
  std::int64_t mailbox_credits() const override;
  CollectiveChoice choose_collective(const CollectiveQuery& query) const override;
  const CollectiveHardware& collective_hardware() const override { return hardware_; }
  std::int64_t mailbox_bytes() const override;
  ReservedMemory reserved_memory() const override;
  // Largest user payload of an E0 (mailbox) message for this job size, seed 004 slide 12.
  std::int64_t mailbox_payload_limit() const;
  std::int64_t env_in_effect(std::string_view name) const override;

 private:
  void refresh() override;
  LinkCost network_link(int src_world_rank, int dst_world_rank) const override;
  bool has_shared_memory_path() const override { return true; }
  LinkCost shared_memory_link() const override { return shared_memory_; }
  ProtocolChoice choose_shared_memory_protocol(std::int64_t bytes, SendMode mode) const override;
  CollectiveHardware hardware_;

  // Derived in refresh(): what each send's choice and cost need.
  LinkCost cost_;
  LinkCost shared_memory_;
  std::int64_t single_copy_from_ = 0;  // MPICH_SMP_SINGLE_COPY_SIZE, or never with MPICH_SMP_SINGLE_COPY_OFF
  std::int64_t mailbox_payload_limit_ = 0;
  std::int64_t eager_limit_ = 0;      // MPICH_GNI_MAX_EAGER_MSG_SIZE
  std::int64_t lmt_write_above_ = 0;  // XO_GNI_LMT_WRITE_ABOVE
  std::int64_t lmt_write_chunk_ = 0;
  std::int64_t credits_ = 0;              // XO_GNI_MBOX_CREDITS
  double misaligned_extra_per_byte_ = 0;  // seconds
  MemoryRegistration registration_;
};

}  // namespace xo::hw
