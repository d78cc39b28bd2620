#include "mpich2_collectives.hpp"

#include <bit>

namespace xo::hw {

namespace {

bool power_of_two(int n) { return n > 0 && std::has_single_bit(static_cast<unsigned>(n)); }
// MPICH2 takes Rabenseifner's algorithms only when every rank of the power-of-two core gets at
// least one element (count >= pof2, allreduce.c and reduce.c).
bool one_element_per_core_rank(const CollectiveQuery& q) {
  return q.count >= static_cast<std::int64_t>(std::bit_floor(static_cast<unsigned>(q.ranks)));
}

}  // namespace

CollectiveChoice mpich2_choice(const CollectiveQuery& q, const Mpich2Thresholds& t) {
  using A = Algorithm;
  const bool pof2 = power_of_two(q.ranks);
  switch (q.op) {
    case CollectiveOp::Barrier: return {A::Dissemination};
    case CollectiveOp::Bcast:
      if (q.bytes < t.bcast_short || q.ranks < t.bcast_min_procs) return {A::Binomial};
      if (!pof2 && t.bcast_only_tree) return {A::Binomial};
      return {A::ScatterAllgather};
    case CollectiveOp::Gather:
    case CollectiveOp::Scatter: return {A::Binomial};
    case CollectiveOp::Gatherv:
    case CollectiveOp::Scatterv: return {A::Linear};
    case CollectiveOp::Allgather:
      if (q.total_bytes < t.allgather_long && pof2) return {A::RecursiveDoubling};
      if (q.total_bytes < t.allgather_short) return {A::Bruck};
      return {A::Ring};
    case CollectiveOp::Allgatherv: return {A::Ring};
    case CollectiveOp::Alltoall:
      if (q.bytes <= t.alltoall_short && q.ranks >= 8) return {A::Bruck};
      if (q.bytes < t.alltoall_medium) return {A::Linear};
      return {A::Pairwise};
    case CollectiveOp::Alltoallv:
      if (t.alltoallv_sendrecv) return {A::Pairwise};
      return {A::Linear};
    case CollectiveOp::Reduce:
      if (q.commutative && q.bytes > t.reduce_short && one_element_per_core_rank(q)) return {A::ReduceScatterGather};
      return {A::Binomial};
    case CollectiveOp::Allreduce:
      if (q.commutative && q.bytes > t.allreduce_short && one_element_per_core_rank(q))
        return {A::ReduceScatterAllgather};
      return {A::RecursiveDoubling};
    case CollectiveOp::ReduceScatter:
      if (q.commutative && q.total_bytes >= t.reduce_scatter_long) return {A::Pairwise};
      return {A::ReduceScatterv};
    case CollectiveOp::Scan: return {A::RecursiveDoubling};
  }
  return {A::Binomial};
}

}  // namespace xo::hw
