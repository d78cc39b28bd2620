#include <array>

#include "xo/hwmodels/collective.hpp"

namespace xo::hw {

using A = Algorithm;

std::string_view collective_name(CollectiveOp op) {
  constexpr std::array<std::string_view, kCollectiveOps> names{
      "MPI_Barrier",  "MPI_Bcast",     "MPI_Gather",         "MPI_Gatherv",  "MPI_Scatter",
      "MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv",     "MPI_Alltoall", "MPI_Alltoallv",
      "MPI_Reduce",   "MPI_Allreduce", "MPI_Reduce_scatter", "MPI_Scan"};
  return names[static_cast<std::size_t>(op)];
}

std::string_view collective_knob_suffix(CollectiveOp op) {
  constexpr std::array<std::string_view, kCollectiveOps> names{
      "BARRIER",    "BCAST",    "GATHER",    "GATHERV", "SCATTER",   "SCATTERV",       "ALLGATHER",
      "ALLGATHERV", "ALLTOALL", "ALLTOALLV", "REDUCE",  "ALLREDUCE", "REDUCE_SCATTER", "SCAN"};
  return names[static_cast<std::size_t>(op)];
}

bool uses_branching(Algorithm algorithm) {
  return algorithm == A::KaryTree || algorithm == A::TreeSelectiveBroadcast || algorithm == A::FetchAddTree;
}

std::string_view algorithm_name(Algorithm algorithm) {
  switch (algorithm) {
    case A::Auto: return "auto";
    case A::Linear: return "linear";
    case A::KaryTree: return "kary_tree";
    case A::Binomial: return "binomial";
    case A::Dissemination: return "dissemination";
    case A::RecursiveDoubling: return "recursive_doubling";
    case A::Ring: return "ring";
    case A::Bruck: return "bruck";
    case A::Pairwise: return "pairwise";
    case A::ScatterAllgather: return "scatter_allgather";
    case A::ReduceScatterGather: return "reduce_scatter_gather";
    case A::ReduceScatterAllgather: return "reduce_scatter_allgather";
    case A::ReduceBcast: return "reduce_bcast";
    case A::GatherBcast: return "gather_bcast";
    case A::ReduceScatterv: return "reduce_scatterv";
    case A::SmpAware: return "smp_aware";
    case A::SelectiveBroadcast: return "selective_broadcast";
    case A::TreeSelectiveBroadcast: return "tree_selective_broadcast";
    case A::SyncNetwork: return "sync_network";
    case A::XyReduction: return "xy_reduction";
    case A::FetchAddTree: return "fetch_add_tree";
    case A::GpsPull: return "gps_pull";
    case A::GpsPush: return "gps_push";
    case A::GpsFold: return "gps_fold";
    case A::GpsChain: return "gps_chain";
    case A::GpsScan: return "gps_scan";
  }
  return "unknown";
}

}  // namespace xo::hw
