#include "t3_machine.hpp"

namespace xo::hw {

namespace {

constexpr const char* kSeed = "seed 003 (EPCC, optimised T3E MPI)";
constexpr const char* kLatencyFit = "fitted to seed 003's asymptotic latency (xo calibrate shows the error)";
constexpr std::int64_t kMaxInt = 2147483647;

}  // namespace

T3Machine::T3Machine(Model model, std::string description)
    : Machine(model == Model::T3d ? "t3d" : "t3e", std::move(description)), model_(model) {
  const bool t3e = model == Model::T3e;
  add_parameter(
      {"L", t3e ? 1.0 : 2.0, "us", 0, 1e6, "latency of a remote memory reference (put, get, swap)", "assumption"});
  // A protocol message through the SHMEM queue takes an atomic swap to lock the remote queue, a
  // put and a swap to unlock; absorbing it takes the same locking. Through the T3E's hardware
  // queue it is one insertion: the seed says the T protocol's latency (one protocol message, o + L
  // + o) is then "almost the same as for a SHMEM operation", which public measurements put at
  // 1 us (CSC's T3E user's guide) to 2-3 us (Ames Laboratory's MP_Lite pages): 3 us here. An RTA
  // transfer's critical path is two protocol-message ends, three latencies and the receiver's
  // set-up of its shmem_get; the asymptotic latencies (51 and 12 us, old and new library) then fix
  // the get's set-up and the SHMEM queue's cost. The T3D ran the old library.
  add_parameter({"o_shmem_queue", 20.5, "us", 0, 1e6,
                 "CPU time to send or to absorb one protocol message through the SHMEM queue (swap, put, swap)",
                 t3e ? std::string(kLatencyFit) + ": old library, 51 us, given get_setup"
                     : "assumption: the T3E old library's fitted cost (the same EPCC code)"});
  if (t3e) {
    add_parameter({"o_hw_queue", 1.0, "us", 0, 1e6,
                   "CPU time to send or to absorb one protocol message through the hardware message queue",
                   std::string(kSeed) + ": T latency about one SHMEM operation (3 us: o + L + o; SHMEM latency "
                                        "1 us in CSC's Cray T3E User's Guide, 2-3 us on Ames Laboratory's MP_Lite "
                                        "T3E page)"});
  }
  add_parameter({"get_setup", 7.0, "us", 0, 1e6,
                 "the receiver's set-up of the shmem_get of a matched RTA request, before data moves",
                 t3e ? std::string(kLatencyFit) + ": new library, 12 us, given o_hw_queue"
                     : "assumption: the T3E's fitted cost (the same EPCC code)"});
  add_parameter({"g", 0.5, "us", 0, 1e6, "gap between remote references issued by one PE", "assumption"});
  add_parameter({"G", t3e ? 3.33 : 8.33, "ns/byte", 0, 1e6,
                 t3e ? "shmem_put and shmem_get bandwidth (300 MB/s)" : "shmem_put bandwidth (120 MB/s)",
                 "assumption"});
  add_parameter({"G_get", t3e ? 3.33 : 16.7, "ns/byte", 0, 1e6,
                 t3e ? "shmem_get bandwidth (same as put through the E-registers)"
                     : "shmem_get bandwidth (60 MB/s; the seed: put performed better than get on the T3D)",
                 t3e ? "assumption" : std::string(kSeed) + " (put faster than get); value an assumption"});
  add_parameter({"copy_G", t3e ? 2.5 : 10.0, "ns/byte", 0, 1e6,
                 "local memory copy (buffered sends, queue slots to the receive buffer)", "assumption"});
  add_parameter({"packet_bytes", 32, "bytes", 8, 4096, "SHMEM protocol queue slot: a 4-word T3D network packet",
                 std::string(kSeed) + " section 1"});
  add_parameter({"header_bytes", 16, "bytes", 0, 4096, "envelope words in a SHMEM queue slot",
                 std::string(kSeed) + ": the T protocol carries fewer than 3 of the 4 words"});
  if (t3e) {
    add_parameter({"hw_packet_bytes", 64, "bytes", 8, 4096, "hardware message queue packet (8 words)",
                   std::string(kSeed) + " section 2"});
    add_parameter({"hw_header_bytes", 8, "bytes", 0, 4096, "envelope words in a hardware queue packet",
                   std::string(kSeed) + ": up to 7 words of data in the T protocol"});
    add_parameter({"hw_barrier", 3.0, "us", 0, 1e6, "global barrier in the barrier/eureka hardware, polled",
                   "assumption: " + std::string(kSeed) + " Figure 2 gives no numbers in its text"});
  }
  add_cpu_factor_parameter();

  add_env_var({"MPP_BUFFER_MAX", 0, -1, kMaxInt, "bytes",
               "standard sends up to this size are copied into a buffer and complete at once; 0 (default): "
               "no buffering; -1: any size",
               std::string(kSeed) + ": its runs set 0 and its protocols assume it (RTA has \"better bandwidth due "
                                    "to fewer memory copies\" than Tn only without the buffer copy); the MPI "
                                    "implementations review at netlib.org/utk/mpi-review reports a T3E that "
                                    "buffers any size (-1)"});
  add_env_var({"XO_TN_MAX_BYTES", 1024, 0, kMaxInt, "bytes",
               "largest message packed into several SHMEM queue slots (Tn); larger ones use RTA. Not with the "
               "hardware queues",
               "knob of this tool: the seed names Tn for medium messages without a size (assumption)"});
  if (t3e) {
    add_env_var({"XO_T3E_HW_QUEUES", 1, 0, 1, "flag",
                 "1: MPT 1.3.0.5 or later (protocol messages through the hardware message queues, no Tn); 0: the "
                 "library ported from the T3D (SHMEM queue with lock and unlock swaps)",
                 "knob of this tool selecting the library version of " + std::string(kSeed)});
  }
  // T3D nodes hold two PEs sharing one network interface and block transfer engine; a T3E node is
  // one PE. Both place PEs on a 3-D torus.
  add_placement({t3e ? 1 : 2,
                 t3e ? 1 : 2,
                 t3e ? "Cray T3E hardware: one PE per router node"
                     : "Cray T3D hardware: two PEs per node share its network interface",
                 {NetworkShape::Torus, 3},
                 t3e ? 0.02 : 0.013,
                 t3e ? "assumption: a few 75 MHz router cycles per hop" : "assumption: two 150 MHz cycles per hop",
                 -1,
                 ""});  // no source at hand for the links' bandwidth: no link contention
  add_collective_knobs(2);
  refresh();
}

bool T3Machine::hardware_queues() const { return model_ == Model::T3e && env("XO_T3E_HW_QUEUES") != 0; }

void T3Machine::refresh() {
  const bool queues = hardware_queues();
  cost_.latency = param("L") * 1e-6;
  cost_.gap = param("g") * 1e-6;
  cost_.gap_per_byte = param("G") * 1e-9;
  const double message = queues ? param("o_hw_queue") : param("o_shmem_queue");
  cost_.send_overhead = message * 1e-6;
  cost_.recv_overhead = message * 1e-6;
  inline_limit_ = queues ? static_cast<std::int64_t>(param("hw_packet_bytes") - param("hw_header_bytes"))
                         : static_cast<std::int64_t>(param("packet_bytes") - param("header_bytes"));
  tn_limit_ = queues ? -1 : env("XO_TN_MAX_BYTES");  // Tn cannot use the hardware queues
  buffer_max_ = env("MPP_BUFFER_MAX");
  get_extra_per_byte_ = (param("G_get") - param("G")) * 1e-9;
  get_setup_ = param("get_setup") * 1e-6;
  // Seed 003 section 2: the T3E library polls the barrier hardware for global barriers (MPT 1.3.0.5
  // and later, the version with the hardware queues); the T3D's MPI could not use it.
  hardware_.sync = queues ? param("hw_barrier") * 1e-6 : -1;
}

// Seed 003 section 2: the T3E's global barriers poll the barrier hardware (with the hardware
// queues); everything else, and the T3D, keeps the software collectives (MPICH2's choices here, as
// the seed gives no others).
CollectiveChoice T3Machine::choose_collective(const CollectiveQuery& q) const {
  if (q.op == CollectiveOp::Barrier && q.whole_machine && hardware_.sync >= 0) return {Algorithm::SyncNetwork};
  return Machine::choose_collective(q);
}

std::vector<Machine::ProtocolInfo> T3Machine::protocols() const {
  std::vector<ProtocolInfo> list = {
      {"T",
       "data inline in the protocol message: under 3 words in a 4-word SHMEM slot, up to 7 words in an "
       "8-word hardware queue packet"},
      {"Tn",
       "SHMEM queue only (T3D, old T3E library): up to XO_TN_MAX_BYTES packed into contiguous queue slots, "
       "copied out by the receiver"},
      {"RTA",
       "request; the matched receiver shmem_gets the data (from the send buffer, or from a copy when the "
       "message is within MPP_BUFFER_MAX) and acknowledges"},
      {"RAT", "MPI_Ssend: request, acknowledge from the matched receiver, then shmem_put of the data"},
  };
  return list;
}

std::vector<SwitchPoint> T3Machine::switch_points() const {
  if (tn_limit_ < 0) return {};  // the hardware queues carry no Tn
  return {{"XO_TN_MAX_BYTES", "", "Tn", "RTA", SwitchUnit::MessageBytes}};
}

LinkCost T3Machine::network_link(int, int) const { return cost_; }

double T3Machine::pull_penalty(std::uintptr_t, std::uintptr_t, std::int64_t bytes) const {
  return get_setup_ + static_cast<double>(bytes) * get_extra_per_byte_;
}

ProtocolChoice T3Machine::choose_protocol(std::int64_t bytes, SendMode mode) const {
  if (mode == SendMode::Synchronous) return {Protocol::Rendezvous, "RAT"};
  ProtocolChoice choice;
  choice.receiver_copy = true;  // T and Tn data sit in the protocol queue until the receive copies them
  if (bytes <= inline_limit_) {
    choice.name = "T";
    return choice;
  }
  if (bytes <= tn_limit_) {
    choice.name = "Tn";
    return choice;
  }
  ProtocolChoice rta{Protocol::ReceiverPull, "RTA"};
  rta.sender_copy = buffer_max_ < 0 || bytes <= buffer_max_;
  rta.ack_after_pull = true;
  return rta;
}

double T3Machine::copy_per_byte() const { return param("copy_G") * 1e-9; }

std::unique_ptr<Machine> make_t3d() {
  return std::make_unique<T3Machine>(T3Machine::Model::T3d,
                                     "Cray T3D: Alpha PEs, 3D torus, EPCC MPI over SHMEM (T, Tn, RTA, RAT)");
}

std::unique_ptr<Machine> make_t3e() {
  return std::make_unique<T3Machine>(
      T3Machine::Model::T3e,
      "Cray T3E-900: Alpha PEs, 3D torus, Cray MPT over SHMEM and hardware message queues (T, RTA, RAT)");
}

}  // namespace xo::hw
