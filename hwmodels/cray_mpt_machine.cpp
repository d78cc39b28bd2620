#include "cray_mpt_machine.hpp"

namespace xo::hw {

namespace {
constexpr std::int64_t kMaxInt = 2147483647;
}  // namespace

void CrayMptMachine::add_collective_env_vars(const std::string& source) {
  add_env_var({"MPICH_ALLTOALL_SHORT_MSG", 512, 0, kMaxInt, "bytes",
               "largest per-rank block of MPI_Alltoall sent by the store-and-forward (Bruck) algorithm", source});
  add_env_var({"MPICH_BCAST_ONLY_TREE", 1, 0, 1, "flag",
               "1: MPI_Bcast uses the binomial tree on communicators of non-power-of-two size; 0: the "
               "scatter and ring allgather for long messages there too",
               source});
  add_env_var({"MPICH_REDUCE_SHORT_MSG", 65536, 0, kMaxInt, "bytes",
               "MPI_Reduce above this size uses reduce-scatter then gather (commutative operations); a "
               "binomial tree below",
               source});
  add_env_var({"MPICH_ALLTOALLVW_SENDRECV", 0, 0, 1, "flag",
               "1: MPI_Alltoallv always uses pairwise sendrecv instead of the flow-controlled algorithm", source});
}

void CrayMptMachine::read_collective_env_vars() {
  thresholds_ = Mpich2Thresholds{};
  thresholds_.alltoall_short = env("MPICH_ALLTOALL_SHORT_MSG");
  thresholds_.bcast_only_tree = env("MPICH_BCAST_ONLY_TREE") != 0;
  thresholds_.reduce_short = env("MPICH_REDUCE_SHORT_MSG");
  thresholds_.alltoallv_sendrecv = env("MPICH_ALLTOALLVW_SENDRECV") != 0;
}

}  // namespace xo::hw
