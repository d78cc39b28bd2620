#include <array>

#include "xo/hwmodels/collective.hpp"

namespace xo::hw {

namespace {

using A = Algorithm;

// The algorithms reference_mpi/collective implements per operation; a test checks the table there
// covers every pair listed here.
constexpr std::array kBarrier{A::Auto,        A::Linear,      A::KaryTree, A::Dissemination, A::TreeSelectiveBroadcast,
                              A::SyncNetwork, A::FetchAddTree};
constexpr std::array kBcast{A::Auto,   A::Linear, A::Binomial, A::KaryTree, A::ScatterAllgather, A::SelectiveBroadcast,
                            A::GpsPull};
constexpr std::array kGather{A::Auto, A::Linear, A::Binomial, A::GpsPush};
constexpr std::array kGatherv{A::Auto, A::Linear, A::GpsPush};
constexpr std::array kScatter{A::Auto, A::Linear, A::Binomial, A::SelectiveBroadcast, A::GpsPull};
constexpr std::array kScatterv{A::Auto, A::Linear, A::SelectiveBroadcast, A::GpsPull};
constexpr std::array kAllgather{A::Auto,       A::Ring, A::RecursiveDoubling, A::Bruck, A::SelectiveBroadcast,
                                A::GatherBcast};
constexpr std::array kAllgatherv{A::Auto, A::Ring, A::SelectiveBroadcast, A::GatherBcast};
constexpr std::array kAlltoall{A::Auto, A::Linear, A::Pairwise, A::Bruck, A::SelectiveBroadcast, A::GpsScan};
constexpr std::array kAlltoallv{A::Auto, A::Linear, A::Pairwise, A::SelectiveBroadcast, A::GpsScan};
constexpr std::array kReduce{A::Auto, A::Binomial, A::KaryTree, A::ReduceScatterGather, A::XyReduction, A::GpsFold};
constexpr std::array kAllreduce{
    A::Auto,        A::RecursiveDoubling, A::ReduceBcast, A::ReduceScatterAllgather, A::TreeSelectiveBroadcast,
    A::XyReduction, A::SmpAware};
constexpr std::array kReduceScatter{A::Auto, A::ReduceScatterv, A::Pairwise};
constexpr std::array kScan{A::Auto, A::Linear, A::RecursiveDoubling, A::GpsChain};

}  // namespace

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

std::span<const Algorithm> algorithms_for(CollectiveOp op) {
  switch (op) {
    case CollectiveOp::Barrier: return kBarrier;
    case CollectiveOp::Bcast: return kBcast;
    case CollectiveOp::Gather: return kGather;
    case CollectiveOp::Gatherv: return kGatherv;
    case CollectiveOp::Scatter: return kScatter;
    case CollectiveOp::Scatterv: return kScatterv;
    case CollectiveOp::Allgather: return kAllgather;
    case CollectiveOp::Allgatherv: return kAllgatherv;
    case CollectiveOp::Alltoall: return kAlltoall;
    case CollectiveOp::Alltoallv: return kAlltoallv;
    case CollectiveOp::Reduce: return kReduce;
    case CollectiveOp::Allreduce: return kAllreduce;
    case CollectiveOp::ReduceScatter: return kReduceScatter;
    case CollectiveOp::Scan: return kScan;
  }
  return {};
}

}  // namespace xo::hw
