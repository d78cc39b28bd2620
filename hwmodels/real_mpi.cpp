#include "xo/hwmodels/real_mpi.hpp"

#include <algorithm>

namespace xo::hw {

namespace {

// Open MPI 4.1.4 as Debian 12 builds it: `ompi_info --all --level 9` (parameter, current value,
// help text). The ob1 PML sends a message eagerly up to the eager limit of the transport (BTL) it
// takes: vader between ranks on a node, tcp between nodes on this build; coll/tuned's fixed
// decision rules pick collective algorithms unless use_dynamic_rules lets the forced ones apply.
RealMpi open_mpi() {
  const std::string forced = "; applies only with OMPI_MCA_coll_tuned_use_dynamic_rules=1";
  const std::vector<std::pair<std::string, std::string>> dynamic = {{"OMPI_MCA_coll_tuned_use_dynamic_rules", "1"}};
  return {
      "openmpi",
      "Open MPI 4.1",
      "Open MPI v4.1",
      "ompi_info --all --level 9, Open MPI 4.1.4 (Debian 12)",
      {{"OMPI_MCA_btl_vader_eager_limit",
        "4096",
        "bytes, header included, at least 1",
        "on a node: messages up to it go eagerly through shared memory, larger ones by rendezvous",
        {"1024", "2048", "8192", "16384", "32768", "65536", "131072", "262144"},
        "",
        {},
        RealMpiPath::OnNode},
       {"OMPI_MCA_btl_vader_rndv_eager_limit", "32768", "bytes, header included, from 0 to the eager limit",
        "on a node: the first fragment of a rendezvous message, sent with its header"},
       {"OMPI_MCA_btl_vader_single_copy_mechanism", "cma", "cma, xpmem, knem, none",
        "on a node: how rendezvous data moves in one copy (none: through shared-memory fragments)"},
       {"OMPI_MCA_btl_vader_max_send_size", "32768", "bytes", "on a node: the fragment size of large messages"},
       {"OMPI_MCA_btl_vader_fbox_size", "4096", "bytes",
        "on a node: each peer's fast-box buffer, which small messages take once set up"},
       {"OMPI_MCA_btl_vader_fbox_threshold", "16", "sends",
        "on a node: the sends to a peer before its fast box is set up"},
       {"OMPI_MCA_btl_tcp_eager_limit",
        "65536",
        "bytes, header included, at least 1",
        "between nodes over TCP: messages up to it go eagerly, larger ones by rendezvous",
        {"16384", "32768", "131072", "262144", "1048576"},
        "",
        {},
        RealMpiPath::BetweenNodes},
       {"OMPI_MCA_btl_tcp_rndv_eager_limit", "65536", "bytes, header included, from 0 to the eager limit",
        "between nodes over TCP: the first fragment of a rendezvous message"},
       {"OMPI_MCA_btl_tcp_max_send_size", "131072", "bytes",
        "between nodes over TCP: the fragment size of large messages"},
       {"OMPI_MCA_pml_ob1_send_pipeline_depth", "3", "fragments", "large messages: fragments a sender keeps in flight"},
       {"OMPI_MCA_pml_ob1_recv_pipeline_depth", "4", "fragments",
        "large messages: fragments a receiver keeps in flight"},
       {"OMPI_MCA_coll_tuned_use_dynamic_rules", "false", "true, false",
        "let the coll_tuned_*_algorithm variables force collective algorithms"},
       {"OMPI_MCA_coll_tuned_allreduce_algorithm",
        "0",
        "0 ignore, 1 basic linear, 2 nonoverlapping, 3 recursive doubling, 4 ring, 5 segmented ring",
        "MPI_Allreduce's algorithm" + forced,
        {"1", "2", "3", "4", "5"},
        "MPI_Allreduce",
        dynamic},
       {"OMPI_MCA_coll_tuned_bcast_algorithm",
        "0",
        "0 ignore, 1 basic linear, 2 chain, 3 pipeline, 4 split binary tree, 5 binary tree, 6 binomial tree, "
        "7 knomial tree, 8 scatter allgather, 9 scatter allgather ring",
        "MPI_Bcast's algorithm" + forced,
        {"1", "2", "3", "4", "5", "6", "7", "8", "9"},
        "MPI_Bcast",
        dynamic},
       {"OMPI_MCA_coll_tuned_alltoall_algorithm",
        "0",
        "0 ignore, 1 basic linear, 2 pairwise, 3 modified bruck, 4 linear with sync, 5 two proc only",
        "MPI_Alltoall's algorithm" + forced,
        {"1", "2", "3", "4", "5"},
        "MPI_Alltoall",
        dynamic},
       {"OMPI_MCA_coll_tuned_allgather_algorithm",
        "0",
        "0 ignore, 1 basic linear, 2 bruck, 3 recursive doubling, 4 ring, 5 neighbor exchange, 6 two proc only",
        "MPI_Allgather's algorithm" + forced,
        {"1", "2", "3", "4", "5", "6"},
        "MPI_Allgather",
        dynamic},
       {"OMPI_MCA_coll_tuned_barrier_algorithm",
        "0",
        "0 ignore, 1 linear, 2 double ring, 3 recursive doubling, 4 bruck, 5 two proc only, 6 tree",
        "MPI_Barrier's algorithm" + forced,
        {"1", "2", "3", "4", "5", "6"},
        "MPI_Barrier",
        dynamic},
       {"OMPI_MCA_coll_tuned_reduce_algorithm",
        "0",
        "0 ignore, 1 linear, 2 chain, 3 pipeline, 4 binary, 5 binomial, 6 in-order binary, 7 rabenseifner",
        "MPI_Reduce's algorithm" + forced,
        {"1", "2", "3", "4", "5", "6", "7"},
        "MPI_Reduce",
        dynamic}}};
}

// MPICH 4.0.2 as Debian 12 builds it (device ch4:ucx): `mpivars` lists the control variables with
// their defaults. On ch4:ucx the eager/rendezvous switch of point-to-point messages is UCX's own
// (UCX_RNDV_THRESH, "auto" by default; a size in bytes, ucx_info -c); the collectives' algorithms
// are MPICH's. xo bench --mpi sweeps the threshold over powers of four from 1 KiB to 256 KiB.
RealMpi mpich() {
  const std::string forced = "; auto lets MPICH choose (or MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE)";
  // mpivars: with MPIR_CVAR_DEVICE_COLLECTIVES=percoll (the default) each call's
  // MPIR_CVAR_<CALL>_DEVICE_COLLECTIVE=1 "will allow the device to override the MPIR-level"
  // choice, so a forced algorithm needs that variable at 0.
  const auto device_off = [](const std::string& call) {
    return std::vector<std::pair<std::string, std::string>>{{"MPIR_CVAR_" + call + "_DEVICE_COLLECTIVE", "0"}};
  };
  return {"mpich",
          "MPICH 4.0",
          "MPICH Version: 4.0",
          "mpivars, MPICH 4.0.2 ch4:ucx (Debian 12)",
          {{"UCX_RNDV_THRESH",
            "auto",
            "bytes or auto",
            "messages above it go by rendezvous (UCX's threshold under MPICH's ch4:ucx device)",
            {"1024", "4096", "16384", "65536", "262144"}},
           {"MPIR_CVAR_DEVICE_COLLECTIVES", "percoll", "all, none, percoll",
            "whether the ch4 device may override MPICH's collective algorithm choice (percoll: per call, by "
            "MPIR_CVAR_<CALL>_DEVICE_COLLECTIVE)"},
           {"MPIR_CVAR_ALLREDUCE_INTRA_ALGORITHM",
            "auto",
            "auto, nb, smp, recursive_doubling, reduce_scatter_allgather",
            "MPI_Allreduce's algorithm" + forced,
            {"nb", "smp", "recursive_doubling", "reduce_scatter_allgather"},
            "MPI_Allreduce",
            device_off("ALLREDUCE")},
           {"MPIR_CVAR_BCAST_INTRA_ALGORITHM",
            "auto",
            "auto, binomial, nb, smp, scatter_recursive_doubling_allgather, scatter_ring_allgather",
            "MPI_Bcast's algorithm" + forced,
            {"binomial", "nb", "smp", "scatter_recursive_doubling_allgather", "scatter_ring_allgather"},
            "MPI_Bcast",
            device_off("BCAST")},
           {"MPIR_CVAR_ALLTOALL_INTRA_ALGORITHM",
            "auto",
            "auto, brucks, nb, pairwise, pairwise_sendrecv_replace, scattered",
            "MPI_Alltoall's algorithm" + forced,
            {"brucks", "nb", "pairwise", "pairwise_sendrecv_replace", "scattered"},
            "MPI_Alltoall",
            device_off("ALLTOALL")},
           {"MPIR_CVAR_BARRIER_INTRA_ALGORITHM",
            "auto",
            "auto, nb, smp, dissemination",
            "MPI_Barrier's algorithm" + forced,
            {"nb", "smp", "dissemination"},
            "MPI_Barrier",
            device_off("BARRIER")}}};
}

}  // namespace

std::string RealMpiKnob::value_name(const std::string& value) const {
  // choices read "0 ignore, 1 basic linear, ...": a number, a space and the name, comma-separated.
  const std::string key = value + " ";
  for (std::size_t start = 0; start < choices.size();) {
    const std::size_t comma = std::min(choices.find(", ", start), choices.size());
    if (choices.compare(start, key.size(), key) == 0)
      return choices.substr(start + key.size(), comma - start - key.size());
    start = comma + 2;
  }
  return "";
}

const std::vector<RealMpi>& real_mpis() {
  static const std::vector<RealMpi> all = {open_mpi(), mpich()};
  return all;
}

const RealMpi* real_mpi_for(std::string_view library_version) {
  for (const RealMpi& mpi : real_mpis()) {
    if (library_version.substr(0, mpi.library_prefix.size()) == mpi.library_prefix) return &mpi;
  }
  return nullptr;
}

const RealMpi* real_mpi_named(std::string_view key) {
  for (const RealMpi& mpi : real_mpis()) {
    if (mpi.key == key) return &mpi;
  }
  return nullptr;
}

}  // namespace xo::hw
