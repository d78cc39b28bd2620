#include "xt3_machine.hpp"

#include "xo/hwmodels/machine_error.hpp"

namespace xo::hw {

namespace {

constexpr const char* kSeed = "seed 002 (MPT on XT3, CUG 2006), environment variable summary";
// Brightwell et al., "Implementation and Performance of Portals 3.3 on the Cray XT3", IEEE Cluster
// 2005: zero-length one-way MPI latency under 6 us, uni-directional bandwidth above 1.1 GB/s.
constexpr const char* kPortalsPaper = "Brightwell et al., Portals 3.3 on the Cray XT3, Cluster 2005";
constexpr std::int64_t kMaxInt = 2147483647;

}  // namespace

Xt3Machine::Xt3Machine()
    : CrayMptMachine("xt3", "Cray XT3: Opteron nodes, SeaStar 3D torus, MPICH2-based MPI over Portals 3.3") {
  // The zero-byte one-way time o_s + L + o_r = 5.8 us and G = 1/1.1 GB/s follow the Portals paper;
  // together they put half of the asymptotic bandwidth at (o_s + L + o_r) / G = 6.4 KB, inside the
  // seed's "~1/2 of asymptotic bandwidth at ~4-8 KB". The split between L and the overheads is
  // an assumption (the paper blames host interrupt processing for much of the latency).
  add_parameter({"L", 2.8, "us", 0, 1e6, "latency: wire and NIC time of a small message",
                 std::string(kPortalsPaper) + "; split from the overheads is an assumption"});
  add_parameter({"o_s", 1.5, "us", 0, 1e6, "send overhead on the Opteron", "assumption (see L)"});
  add_parameter({"o_r", 1.5, "us", 0, 1e6, "receive overhead on the Opteron", "assumption (see L)"});
  add_parameter({"g", 1.0, "us", 0, 1e6, "gap between message injections at the SeaStar", "assumption"});
  add_parameter({"G", 0.909, "ns/byte", 0, 1e6, "inverse bandwidth: 1.1 GB/s uni-directional", kPortalsPaper});
  add_parameter({"copy_G", 0.5, "ns/byte", 0, 1e6,
                 "host memory copy (vshort send buffer, unexpected buffer to receive buffer)",
                 "assumption: 2 GB/s memcpy on a 2.4 GHz Opteron"});
  add_cpu_factor_parameter();

  add_env_var({"MPICH_MAX_SHORT_MSG_SIZE", 128000, 0, kMaxInt, "bytes",
               "largest message sent by the short (eager) protocol", kSeed});
  add_env_var({"MPICH_MAX_VSHORT_MSG_SIZE", 1024, 0, 16384, "bytes",
               "largest message copied into a vshort send buffer before the Portals put", kSeed});
  add_env_var({"MPICH_VSHORT_BUFFERS", 32, 1, 1 << 20, "buffers",
               "number of 16384-byte send buffers for the vshort path", kSeed});
  add_env_var({"MPICH_UNEX_BUFFER_SIZE", 62914560, 0, kMaxInt, "bytes",
               "buffer space for unexpected short messages at each receiver (60 MB)", kSeed});
  add_env_var({"MPICH_PTL_UNEX_EVENTS", 20480, 1, kMaxInt, "events",
               "unexpected event queue; each unexpected message takes 2 events", kSeed});
  add_env_var({"MPICH_PTL_UNEXPECTED_EVENTS", -1, -1, kMaxInt, "events",
               "the same queue as MPICH_PTL_UNEX_EVENTS, by the spelling of the seed's advice on PtlEQAlloc "
               "(-1: unset, MPICH_PTL_UNEX_EVENTS applies)",
               "seed 002, \"What does this mean? (5)\""});
  add_env_var({"MPICH_PTL_OTHER_EVENTS", 2048, 1, kMaxInt, "events",
               "event queue for everything else: each posted receive and each pending send holds one", kSeed});
  add_env_var({"MPICH_DBMASK", 0, 0, kMaxInt, "mask",
               "0x200: a traceback (the rank's MPI call) with the message when MPI hits an error or an internal "
               "resource limit (MSMDB_MASK before release 1.4)",
               kSeed});
  add_parameter({"portals_eq_events", 1048576, "events", 1, 1e12,
                 "event queue space Portals can allocate to one process; MPI's two queues must fit in it",
                 "assumption: the seed gives the error (5), not the size"});
  add_parameter({"send_event", 1.0, "us", 0, 1e6,
                 "from the SeaStar finishing a send to the sender seeing its Portals event (SEND_END, REPLY_END, "
                 "ACK): the send completes then, unless a vshort copy completed it already",
                 "assumption: Brightwell et al. (Cluster 2005) blame host interrupt processing for much of the "
                 "latency; the split is not given"});
  add_parameter({"cop_delay", 10, "us", 0, 1e6,
                 "delay CAM overflow protection adds to the return of a blocking send on the eager-long path",
                 "assumption: seed 002 (\"significant delays in returns from blocking sends\") gives no number"});
  add_env_var({"MPICH_PTL_EAGER_LONG", 0, 0, 1, "flag",
               "1: long messages go eagerly (good when receives are pre-posted); 0: receiver pulls", kSeed});
  add_collective_env_vars(kSeed);
  // Dual-core XT3 nodes ran two ranks (Catamount virtual-node mode; seed 002's "ppn=2" Allreduce
  // figure). Their messages to each other pass through Portals on the node's one SeaStar, as any
  // other: Catamount had no shared memory between processes until SMARTMAP (Brightwell, "A
  // prototype implementation of MPI for SMARTMAP", EuroPVM/MPI 2008, compares against "the
  // existing MPI transport layer" on a Cray XT node). So the on-node path is the NIC's loopback:
  // no router hop, injection and ejection on the one shared SeaStar.
  add_placement({1,
                 2,
                 "Cray XT3: one Opteron per node, single or dual core (seed 002: ppn=1 and ppn=2)",
                 {NetworkShape::Torus, 3},
                 0.05,
                 "assumption: about 50 ns per SeaStar router hop, small beside the 5.8 us of Portals latency",
                 0.5,
                 "Brightwell et al., Portals 3.3 on the Sandia/Cray Red Storm System: 2.0 GB/s of link "
                 "bandwidth per direction"});
  add_collective_knobs(2);
  refresh();
}

// Seed 002, "Collective Operations": "XT3 MPI mainly uses MPICH2 default collectives", with the
// switch points its table of MPICH_* variables moves (MPICH_ALLTOALL_SHORT_MSG 512 bytes,
// MPICH_BCAST_ONLY_TREE 1, MPICH_REDUCE_SHORT_MSG 64K, MPICH_ALLTOALLVW_SENDRECV).
CollectiveChoice Xt3Machine::choose_collective(const CollectiveQuery& q) const {
  return mpich2_choice(q, collective_thresholds());
}

void Xt3Machine::refresh() {
  read_collective_env_vars();
  cost_ = loggp_parameters();
  vshort_limit_ = env("MPICH_MAX_VSHORT_MSG_SIZE");
  short_limit_ = env("MPICH_MAX_SHORT_MSG_SIZE");
  eager_long_ = env("MPICH_PTL_EAGER_LONG") != 0;
  vshort_buffers_ = env("MPICH_VSHORT_BUFFERS");
  send_event_ = param("send_event") * 1e-6;
  cop_delay_ = param("cop_delay") * 1e-6;
}

std::vector<Machine::ProtocolInfo> Xt3Machine::protocols() const {
  return {
      {"vshort",
       "messages up to MPICH_MAX_VSHORT_MSG_SIZE: copied into one of MPICH_VSHORT_BUFFERS send "
       "buffers, then sent eagerly; the send completes after the copy"},
      {"short",
       "messages up to MPICH_MAX_SHORT_MSG_SIZE: eager; unexpected ones land in the unexpected buffer "
       "(MPICH_UNEX_BUFFER_SIZE) and take 2 of the MPICH_PTL_UNEX_EVENTS events"},
      {"long-pull",
       "longer messages (default) and synchronous sends: a Portals header, then the receiver GETs "
       "the data from the sender's buffer once a receive matches"},
      {"eager-long",
       "longer messages with MPICH_PTL_EAGER_LONG=1: the data goes at once and is ACKed if a "
       "receive is posted; otherwise only the header is kept and the receiver GETs the data"},
  };
}

LinkCost Xt3Machine::network_link(int, int) const { return cost_; }

ProtocolChoice Xt3Machine::choose_protocol(std::int64_t bytes, SendMode mode) const {
  // Assumption: a synchronous send needs the match to complete, so it takes the pull path.
  // Every path but vshort completes the send on a Portals event, which the sender sees send_event
  // after the NIC is done: what the vshort copy saves for very short messages.
  ProtocolChoice long_pull{Protocol::ReceiverPull, "long-pull"};
  long_pull.completion_delay = send_event_;
  if (mode == SendMode::Synchronous) return long_pull;
  if (bytes <= vshort_limit_) return {Protocol::Eager, "vshort", true};
  if (bytes <= short_limit_) {
    ProtocolChoice eager{Protocol::Eager, "short"};
    eager.completion_delay = send_event_;
    return eager;
  }
  if (eager_long_) {
    ProtocolChoice eager_long{Protocol::EagerPull, "eager-long"};
    eager_long.completion_delay = send_event_ + cop_delay_;
    return eager_long;
  }
  return long_pull;
}

// MPICH2's Alltoall takes Bruck's algorithm up to MPICH_ALLTOALL_SHORT_MSG on 8 ranks or more,
// and the isend/irecv (linear) one above it, up to the medium size.
std::vector<SwitchPoint> Xt3Machine::switch_points() const {
  return {
      {"MPICH_MAX_VSHORT_MSG_SIZE", "", "vshort", "short", SwitchUnit::MessageBytes},
      {"MPICH_MAX_SHORT_MSG_SIZE", "", "short", eager_long_ ? "eager-long" : "long-pull", SwitchUnit::MessageBytes},
      {"MPICH_ALLTOALL_SHORT_MSG", "MPI_Alltoall", "bruck", "linear", SwitchUnit::BytesPerRank},
      {"MPICH_REDUCE_SHORT_MSG", "MPI_Reduce", "binomial", "reduce_scatter_gather", SwitchUnit::BytesPerRank},
  };
}

// Seed 002: "Applications that insure receives are pre-posted should use the eager method"; it is
// off by default for its COP delay on blocking sends.
std::vector<ProtocolOption> Xt3Machine::protocol_options() const {
  if (eager_long_) return {{"MPICH_PTL_EAGER_LONG", "0", "eager-long", "long-pull"}};
  return {{"MPICH_PTL_EAGER_LONG", "1", "long-pull", "eager-long"}};
}

double Xt3Machine::copy_per_byte() const { return param("copy_G") * 1e-9; }

std::int64_t Xt3Machine::sender_copy_buffers() const { return vshort_buffers_; }

ReceiveResources Xt3Machine::receive_resources() const {
  // The messages are the ones the seed lists under "What does this mean?" (2), (3) and (4).
  ReceiveResources r;
  r.unexpected_buffer_bytes = env("MPICH_UNEX_BUFFER_SIZE");
  r.unexpected_buffer_variable = "MPICH_UNEX_BUFFER_SIZE";
  r.unexpected_events = unexpected_event_queue();
  r.traceback = (env("MPICH_DBMASK") & 0x200) != 0;
  r.events_per_unexpected = 2;
  r.other_events = env("MPICH_PTL_OTHER_EVENTS");
  r.unexpected_buffer_exhausted =
      "internal ABORT - Other MPI error, error stack: MPIDI_PortalsU_Request_PUPE(317): exhausted unexpected "
      "receive queue buffering increase via env. var. MPICH_UNEX_BUFFER_SIZE (too many short unexpected "
      "messages reached this rank: raise MPICH_UNEX_BUFFER_SIZE, lower MPICH_MAX_SHORT_MSG_SIZE, or pre-post "
      "receives)";
  r.unexpected_events_exhausted =
      "MPIDI_PortalsU_Request_FDU_or_AEP: dropped event on unexpected receive queue, increase queue size by "
      "setting the environment variable MPICH_PTL_UNEX_EVENTS (each unexpected message takes 2 events)";
  r.other_events_exhausted =
      "MPIDI_Portals_Progress: dropped event on \"other\" queue, increase queue size by setting the environment "
      "variable MPICH_PTL_OTHER_EVENTS; aborting job: Dropped Portals event (each pending send, each "
      "pre-posted receive and each one-sided operation of an open epoch holds one: wait for some, or end the "
      "epoch, before posting more, or raise MPICH_PTL_OTHER_EVENTS)";
  return r;
}

std::string Xt3Machine::self_send_error() const {
  return "the XT3's MPI aborts the application on MPI_Send to self, whatever the size (seed 002, 'Odds and "
         "Ends'); use MPI_Isend/MPI_Irecv pairs or copy the data locally";
}

std::int64_t Xt3Machine::unexpected_event_queue() const {
  const std::int64_t seed_spelling = env("MPICH_PTL_UNEXPECTED_EVENTS");
  return seed_spelling >= 0 ? seed_spelling : env("MPICH_PTL_UNEX_EVENTS");
}

void Xt3Machine::check_settings() const {
  const std::int64_t queues = unexpected_event_queue() + env("MPICH_PTL_OTHER_EVENTS");
  if (static_cast<double>(queues) > param("portals_eq_events")) {
    // Seed 002, "What does this mean? (5)".
    throw MachineError(
        "portals_progress.c: PtlEQAlloc failed : PTL_NO_SPACE: the unexpected and other event "
        "queues (" +
        std::to_string(queues) +
        " events) exceed the Portals event queue space; "
        "decrease MPICH_PTL_UNEXPECTED_EVENTS (MPICH_PTL_UNEX_EVENTS) and MPICH_PTL_OTHER_EVENTS");
  }
  const std::int64_t unexpected = env("MPICH_UNEX_BUFFER_SIZE");
  const std::int64_t short_limit = env("MPICH_MAX_SHORT_MSG_SIZE");
  if (unexpected <= short_limit) {
    // Seed 002, "What does this mean? (1)": the MPI asserted this at start-up.
    throw MachineError(
        "Assertion failed in portals_init.c: MPIDI_Portals_unex_block_size > "
        "MPIDI_Portals_short_size: MPICH_UNEX_BUFFER_SIZE=" +
        std::to_string(unexpected) + " cannot hold one short message of MPICH_MAX_SHORT_MSG_SIZE=" +
        std::to_string(short_limit) + " bytes; raise MPICH_UNEX_BUFFER_SIZE or lower MPICH_MAX_SHORT_MSG_SIZE");
  }
}

}  // namespace xo::hw
