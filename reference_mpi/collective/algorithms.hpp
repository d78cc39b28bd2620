#pragma once
// Every collective algorithm of the reference MPI: one free function each, in the file named after
// it, listed in the collective table (hwmodels/include/xo/hwmodels/collective_table.def, whose
// function column algorithm_table.cpp reads). Each runs one rank's part of the call described by
// `run`. The AP1000's xy reduction serves Reduce and Allreduce from one file (xy_reduction.cpp).

namespace xo::mpi {

struct CollectiveRun;

// Software algorithms over point-to-point messages.
void barrier_linear(CollectiveRun& run);
void barrier_kary_tree(CollectiveRun& run);
void barrier_dissemination(CollectiveRun& run);
void bcast_linear(CollectiveRun& run);
void bcast_binomial(CollectiveRun& run);
void bcast_kary_tree(CollectiveRun& run);
void bcast_scatter_allgather(CollectiveRun& run);
void gather_linear(CollectiveRun& run);
void gather_binomial(CollectiveRun& run);
void scatter_linear(CollectiveRun& run);
void scatter_binomial(CollectiveRun& run);
void allgather_ring(CollectiveRun& run);
void allgather_recursive_doubling(CollectiveRun& run);
void allgather_bruck(CollectiveRun& run);
void allgather_gather_bcast(CollectiveRun& run);
void alltoall_linear(CollectiveRun& run);
void alltoall_pairwise(CollectiveRun& run);
void alltoall_bruck(CollectiveRun& run);
void reduce_binomial(CollectiveRun& run);
void reduce_kary_tree(CollectiveRun& run);
void reduce_scatter_gather(CollectiveRun& run);
void allreduce_recursive_doubling(CollectiveRun& run);
void allreduce_reduce_bcast(CollectiveRun& run);
void allreduce_reduce_scatter_allgather(CollectiveRun& run);
void allreduce_smp_aware(CollectiveRun& run);
void reduce_scatter_reduce_scatterv(CollectiveRun& run);
void reduce_scatter_pairwise(CollectiveRun& run);
void scan_linear(CollectiveRun& run);
void scan_recursive_doubling(CollectiveRun& run);

// Hardware and remote-memory algorithms.
void barrier_tree_selective_broadcast(CollectiveRun& run);
void barrier_sync_network(CollectiveRun& run);
void barrier_fetch_add_tree(CollectiveRun& run);
void bcast_selective_broadcast(CollectiveRun& run);
void scatter_selective_broadcast(CollectiveRun& run);
void allgather_selective_broadcast(CollectiveRun& run);
void alltoall_selective_broadcast(CollectiveRun& run);
void allreduce_tree_selective_broadcast(CollectiveRun& run);
void reduce_xy(CollectiveRun& run);
void allreduce_xy(CollectiveRun& run);
void bcast_gps_pull(CollectiveRun& run);
void scatter_gps_pull(CollectiveRun& run);
void gather_gps_push(CollectiveRun& run);

}  // namespace xo::mpi
