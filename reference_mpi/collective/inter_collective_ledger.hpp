#pragma once
// Checks that the members of both groups of an intercommunicator call the same collectives in the
// same order and agree on the root and the amount of data, as CollectiveLedger does for an
// intracommunicator. Roots follow MPI-3.1 section 5.2.2: the root passes MPI_ROOT, the other
// members of its group MPI_PROC_NULL, and the other group the root's rank in the root's group.
// Amounts are compared per direction: what one group sends per block is what the other receives.

#include <array>
#include <cstdint>
#include <map>
#include <utility>

#include "xo/hwmodels/collective.hpp"

namespace xo::mpi {

struct CollectiveRun;

class InterCollectiveLedger {
 public:
  // Records this member's call on an intercommunicator; throws MpiError if it contradicts an
  // earlier member's. `out_block` (`in_block`): bytes per block this rank sends to (receives from)
  // the other group, or -1 where the call does not say (v-variants, the root's group's bystanders).
  void check(const CollectiveRun& run, std::int64_t out_block, std::int64_t in_block);

 private:
  struct Entry {
    hw::CollectiveOp op;
    int first_world = 0;  // world rank of the first member to call
    int members = 0;      // both groups
    int seen = 0;
    int root_side = -1;                        // the side of the root's group, once known
    int root_rank = -1;                        // the root's rank in its group, once known
    bool root_called = false;                  // a member passed MPI_ROOT
    int root_witness = -1;                     // world rank whose argument told root_side or root_rank
    int root_witness_value = 0;                // and the root it passed
    std::array<std::int64_t, 2> flow{-1, -1};  // bytes per block sent by side 0 and by side 1
    std::array<int, 2> flow_witness{-1, -1};
  };
  std::map<std::pair<int, std::uint64_t>, Entry> calls_;  // by (context, call sequence number)
};

}  // namespace xo::mpi
