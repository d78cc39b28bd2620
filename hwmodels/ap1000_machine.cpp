#include "ap1000_machine.hpp"

#include "xo/hwmodels/machine_error.hpp"

namespace xo::hw {

namespace {

constexpr const char* kSeed = "seed 001 (Sitsky, MPI on the AP1000, 1994)";
// Ishihata, Horie, Inano, Shimizu, Kato, "Architecture of Highly Parallel AP1000 Computer",
// Systems and Computers in Japan 24(7), 1993: T-net links of 25 MB/s, B-net of 50 MB/s.
constexpr const char* kArchitecture = "Ishihata et al., Architecture of Highly Parallel AP1000 Computer";
constexpr const char* kFigure3 = "fitted to seed 001 Figure 3 (xo calibrate shows the error)";

}  // namespace

Ap1000Machine::Ap1000Machine()
    : Machine("ap1000", "Fujitsu AP1000: SPARC cells, T-net torus, B-net and S-net, MPI over CellOS and domains") {
  // Figure 3's ping-pong gives 246 us (CellOS) and 318 us (MPI) of latency and 2.79 MB/s. The
  // MPI layer (domains package, matching) is the 72 us difference. Per byte: a copy into the
  // sender's system buffer, the DMA onto the T-net, a copy out of the receiver's system buffer:
  // 2 copy_G + G = 1 / 2.79 MB/s. Figure 3 fixes only o_s + L + o_r; the split comes from the
  // collective figures, which weigh a send and a receive differently: a gather tree's parent
  // receives from each child in turn (Figure 8: branching factor 3 is best only while o_s <= about
  // 155 us) and the reduction tree's time sets where the xy routines stop winning (Figure 10: 25
  // elements for o_s from about 145 to 155 us, with bnet_startup 1000 us).
  add_parameter({"L", 46, "us", 0, 1e6, "latency: T-net wormhole transfer and the receiving cell's interrupt",
                 std::string(kFigure3) + "; L itself is an assumption"});
  add_parameter({"o_s", 150, "us", 0, 1e6, "CellOS l_asend: system call, buffer management, DMA start",
                 std::string(kFigure3) + "; split from o_r fitted to Figures 8 and 10"});
  add_parameter({"o_r", 50, "us", 0, 1e6, "CellOS l_arecv: system call and buffer management",
                 std::string(kFigure3) + "; split from o_s fitted to Figures 8 and 10"});
  add_parameter({"mpi_layer", 72, "us", 0, 1e6,
                 "MPI and domains-package software per message, half at each end (0 gives CellOS-level costs)",
                 std::string(kSeed) + " Figure 3: 318 us MPI minus 246 us CellOS latency"});
  add_parameter({"g", 10, "us", 0, 1e6, "gap between message injections at a cell's message controller", "assumption"});
  add_parameter({"G", 40, "ns/byte", 0, 1e6, "T-net link: 25 MB/s", kArchitecture});
  add_parameter({"copy_G", 159.2, "ns/byte", 0, 1e6,
                 "memory copy to or from a CellOS system buffer (6.3 MB/s on the 25 MHz SPARC)",
                 std::string(kFigure3) + ": (1/2.79 MB/s - G) / 2"});
  add_parameter({"host_L", 500, "us", 0, 1e6, "latency between the host workstation and a cell",
                 "assumption: host messages cross the host interface and the B-net"});
  add_parameter({"host_G", 182, "ns/byte", 0, 1e6, "host to cell transfer (5.49 MB/s)",
                 std::string(kSeed) + " Figure 4: B-net broadcast rate"});
  // Collective hardware (seed 001 sections 7 and 9).
  add_parameter({"bnet_G", 20, "ns/byte", 0, 1e6, "B-net broadcast network: 50 MB/s", kArchitecture});
  add_parameter({"bnet_startup", 1000, "us", 0, 1e7,
                 "CellOS selective broadcast start-up, from the send to the data at every cell",
                 std::string(kSeed) + " section 7: point-to-point trees beat the B-net below about 10 cells; "
                                      "the value puts the crossover there (a fit to an estimate)"});
  add_parameter({"bnet_mpi_layer", 50.1, "us", 0, 1e6, "MPI's extra time per broadcast over CellOS",
                 std::string(kSeed) + " Figure 4: 53 us more than CellOS at 100 doubles (fit)"});
  add_parameter({"bnet_mpi_G", 3.577, "ns/byte", 0, 1e6, "MPI's extra time per broadcast byte over CellOS",
                 std::string(kSeed) + " Figure 4: 336 us more at 9990 doubles (fit)"});
  add_parameter({"bnet_send", 10, "us", 0, 1e6, "time the broadcasting cell spends before it continues",
                 "assumption: seed 001 section 9, dcbroad \"returns almost immediately for the sender\""});
  add_parameter({"snet_sync", 290, "us", 0, 1e7, "S-net sync of every cell, as MPI_Barrier calls it",
                 std::string(kSeed) + " Figure 8: 0.29 ms at 128 cells (one figure, one parameter: a fit)"});
  add_parameter({"xy_call", 160, "us", 0, 1e7, "one xy reduction call (one number, every cell)",
                 std::string(kSeed) + " Figure 9: xy_isum 0.16 ms at 128 cells (a fit)"});
  add_cpu_factor_parameter();

  add_env_var({"XO_AP1000_LINESENDING", 0, 0, 1, "flag",
               "1: linesending mode (the sender blocks until the message is on the network, no copy into a "
               "system buffer); 0: l_asend through system buffers",
               "knob of this tool for the AP1000 mpirun switch, " + std::string(kSeed) + " section 5"});
  add_env_var({"XO_AP1000_HOST", 0, 0, 1, "flag",
               "1: MPI_COMM_WORLD is the host (rank 0) plus the cells (cell n is rank n+1); 0: cells only",
               "knob of this tool for the AP1000 mpirun switch, " + std::string(kSeed) + " section 2"});
  add_env_var({"XO_AP1000_SSEND_PUT", 0, 0, 1, "flag",
               "1: MPI_Ssend puts the data straight into the receiver's buffer once it answers (no copies), "
               "as section 10 proposes; 0: the released library's handshake, then l_asend",
               "knob of this tool for " + std::string(kSeed) + " section 10 (future work)"});
  add_env_var({"XO_AP1000_SYSTEM_BUFFERS", 4, 1, 1024, "buffers",
               "CellOS send-side system buffers a cell may fill before l_asend waits for the DMA",
               "knob of this tool: the seed gives no number (assumption)"});
  add_env_var({"XO_AP1000_XY_MAX_ELEMENTS", 25, 0, 1 << 20, "elements",
               "longest vector whole-machine Reduce/Allreduce send through the xy routines (trees above)",
               std::string(kSeed) + " section 9, Figure 10: 25"});
  add_env_var({"XO_AP1000_BNET_MIN_GROUP", 1, 1, 1 << 20, "ranks",
               "smallest communicator whose collectives use the B-net (point-to-point trees below)",
               std::string(kSeed) + " section 7: the seed's MPI always used the B-net (1); it suggests about 10"});
  add_placement({1,
                 1,
                 "AP1000 hardware: one SPARC per cell",
                 {NetworkShape::Torus, 2},
                 0.16,
                 "assumption: T-net wormhole routing, a few 25 MHz cycles per router hop",
                 40,
                 std::string(kArchitecture) + ": T-net links of 25 MB/s"});
  add_collective_knobs(3);  // seed 001 section 9: the barrier's gather tree has branching factor 3
  refresh();
}

void Ap1000Machine::refresh() {
  cell_ = loggp_parameters();
  const double half_layer = param("mpi_layer") * 0.5e-6;
  cell_.send_overhead += half_layer;
  cell_.recv_overhead += half_layer;
  host_ = cell_;
  host_.latency = param("host_L") * 1e-6;
  host_.gap_per_byte = param("host_G") * 1e-9;
  host_in_world_ = env("XO_AP1000_HOST") != 0;
  linesending_ = env("XO_AP1000_LINESENDING") != 0;
  ssend_put_ = env("XO_AP1000_SSEND_PUT") != 0;
  system_buffers_ = env("XO_AP1000_SYSTEM_BUFFERS");
  xy_max_elements_ = env("XO_AP1000_XY_MAX_ELEMENTS");
  bnet_min_group_ = env("XO_AP1000_BNET_MIN_GROUP");
  hardware_.broadcast_startup = (param("bnet_startup") + param("bnet_mpi_layer")) * 1e-6;
  hardware_.broadcast_per_byte = param("bnet_G") * 1e-9;
  hardware_.broadcast_copy_per_byte = (param("copy_G") + param("bnet_mpi_G")) * 1e-9;
  hardware_.broadcast_send_overhead = param("bnet_send") * 1e-6;
  hardware_.sync = param("snet_sync") * 1e-6;
  hardware_.xy_reduction = param("xy_call") * 1e-6;
}

// Seed 001 section 7: the B-net serves Barrier, Scatter(v), Allgather(v), Alltoall(v), Allreduce and
// Bcast; sync for whole-machine barriers; xy routines for whole-machine reductions of int, float
// and double vectors up to 25 elements (Figure 10), logical reduction trees otherwise.
// Seed 001 (Sitsky, MPI on the AP1000), section 7: Barrier, Scatter(v), Allgather(v), Alltoall(v),
// Allreduce and Bcast use the selective broadcast; Barrier takes the S-net `sync` on every cell,
// Reduce and Allreduce the `xy` routines on every cell for int, float or double; Gather was not
// given the CellOS gather routines. Section 9: the barrier's gather tree has branching factor 3
// (Figure 8), the xy routines win up to 25 elements and reduction trees above (Figure 10), and
// Allreduce is MPI_Reduce followed by a selective broadcast. XO_AP1000_BNET_MIN_GROUP adds the
// point-to-point trees that section 7 says beat the B-net on small groups (the seed's MPI: never).
CollectiveChoice Ap1000Machine::choose_collective(const CollectiveQuery& q) const {
  using A = Algorithm;
  const bool bnet = q.ranks >= bnet_min_group_;
  const bool xy =
      q.whole_machine && q.builtin_op && q.count <= xy_max_elements_ &&
      (q.element == ElementType::Int || q.element == ElementType::Float || q.element == ElementType::Double);
  switch (q.op) {
    case CollectiveOp::Barrier:
      if (q.whole_machine) return {A::SyncNetwork};
      return {bnet ? A::TreeSelectiveBroadcast : A::KaryTree};
    case CollectiveOp::Bcast: return {bnet ? A::SelectiveBroadcast : A::Binomial};
    case CollectiveOp::Scatter:
    case CollectiveOp::Scatterv:
    case CollectiveOp::Allgather:
    case CollectiveOp::Allgatherv:
    case CollectiveOp::Alltoall:
    case CollectiveOp::Alltoallv:
      if (bnet) return {A::SelectiveBroadcast};
      return Machine::choose_collective(q);
    case CollectiveOp::Reduce: return {xy ? A::XyReduction : A::KaryTree};
    case CollectiveOp::Allreduce:
      if (xy) return {A::XyReduction};
      return {bnet ? A::TreeSelectiveBroadcast : A::ReduceBcast};
    case CollectiveOp::Gather:
    case CollectiveOp::Gatherv: return {A::Linear};
    case CollectiveOp::ReduceScatter: return {A::ReduceScatterv};
    case CollectiveOp::Scan: return {A::Linear};
  }
  return Machine::choose_collective(q);
}

void Ap1000Machine::check_settings() const {
  if (host_in_world() && job_size() < 2) {
    throw MachineError(
        "XO_AP1000_HOST=1 puts the host at rank 0, so the job needs at least 2 ranks (the host "
        "and one cell); run with -n 2 or more, or unset XO_AP1000_HOST");
  }
}

std::vector<Machine::ProtocolInfo> Ap1000Machine::protocols() const {
  return {
      {"l_asend",
       "default: the sender copies into a CellOS system buffer and continues while DMA sends it; the "
       "message lands in a receive-side system buffer and is copied out by l_arecv"},
      {"linesending",
       "XO_AP1000_LINESENDING=1: the sender blocks until the message has left its buffer, no "
       "send-side copy; the receive side still copies out of a system buffer"},
      {"ssend",
       "MPI_Ssend: a request, the receiver's answer once a receive matches, then the data as l_asend "
       "sends it (copied into and out of CellOS system buffers)"},
      {"ssend-put",
       "MPI_Ssend with XO_AP1000_SSEND_PUT=1 (the seed's future work): the receiver answers with its "
       "buffer address and the sender puts the data straight into it (no copy at either end)"},
  };
}

// The xy limit applies to whole-machine reductions of int, float and double; the B-net minimum to
// every operation the B-net serves (Bcast stands for them: its software side is one algorithm).
std::vector<SwitchPoint> Ap1000Machine::switch_points() const {
  return {
      {"XO_AP1000_XY_MAX_ELEMENTS", "MPI_Allreduce", "xy_reduction", "tree_selective_broadcast", SwitchUnit::Elements},
      {"XO_AP1000_XY_MAX_ELEMENTS", "MPI_Reduce", "xy_reduction", "kary_tree", SwitchUnit::Elements},
      {"XO_AP1000_BNET_MIN_GROUP", "MPI_Bcast", "binomial", "selective_broadcast", SwitchUnit::Ranks, true},
  };
}

LinkCost Ap1000Machine::network_link(int src_world_rank, int dst_world_rank) const {
  return is_host(src_world_rank) || is_host(dst_world_rank) ? host_ : cell_;
}

ProtocolChoice Ap1000Machine::choose_protocol(std::int64_t, SendMode mode) const {
  if (mode == SendMode::Synchronous) {
    // Section 10 lists the put-based Ssend (section 3's design) as future work: the released
    // library answers the request, then sends the data as l_asend does, through system buffers.
    if (ssend_put_) return {Protocol::Rendezvous, "ssend-put"};
    ProtocolChoice handshake{Protocol::Rendezvous, "ssend"};
    handshake.sender_copy = true;
    handshake.receiver_copy = true;
    return handshake;
  }
  ProtocolChoice choice{Protocol::Eager, "l_asend", true};
  if (linesending_) choice = {Protocol::Eager, "linesending", false};
  choice.receiver_copy = true;  // CellOS has no pre-receive: every message lands in a system buffer
  return choice;
}

double Ap1000Machine::copy_per_byte() const { return param("copy_G") * 1e-9; }

std::int64_t Ap1000Machine::sender_copy_buffers() const { return system_buffers_; }

}  // namespace xo::hw
