#include "xe6_machine.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "mpich2_collectives.hpp"

namespace xo::hw {

namespace {
constexpr const char* kSeed = "seed 004 (GNI netmod, CUG 2011)";
constexpr const char* kGeminiAssumption = "assumption: Gemini MPI class, about 1.4 us and 5.9 GB/s";
}  // namespace

Xe6Machine::Xe6Machine()
    : CrayMptMachine("xe6", "Cray XE6: Magny-Cours nodes, Gemini network, MPICH2 GNI netmod (SMSG mailboxes, RDMA)") {
  add_parameter({"L", 0.9, "us", 0, 1e6, "latency of a small message through the Gemini", kGeminiAssumption});
  add_parameter({"o_s", 0.25, "us", 0, 1e6, "send overhead", kGeminiAssumption});
  add_parameter({"o_r", 0.25, "us", 0, 1e6, "receive overhead", kGeminiAssumption});
  add_parameter({"g", 0.1, "us", 0, 1e6, "gap between message injections", "assumption"});
  add_parameter({"G", 0.17, "ns/byte", 0, 1e6, "inverse bandwidth (5.9 GB/s)", kGeminiAssumption});
  add_parameter({"copy_G", 0.1, "ns/byte", 0, 1e6, "host memory copy (E1 DMA buffer)",
                 "assumption: 10 GB/s memcpy on Magny-Cours"});
  add_parameter({"read_misaligned_factor", 0.5, "factor", 0, 100,
                 "extra wire time of an RDMA read whose buffers are not dword aligned, as a fraction of bytes*G",
                 std::string(kSeed) + " slide 18 (suboptimal bandwidth unless aligned); size is an assumption"});
  add_cpu_factor_parameter();
  add_env_var({"MPICH_GNI_MAX_VSHORT_MSG_SIZE", -1, -1, 8192, "bytes",
               "largest E0 (mailbox) payload; -1: by job size, 984 up to 1024 ranks, 472 up to 16384, 216 above",
               std::string(kSeed) + " slide 12 (defaults); variable name from Cray's intro_mpi"});
  add_env_var({"MPICH_GNI_MAX_EAGER_MSG_SIZE", 8192, 0, 131072, "bytes",
               "largest E1 message (header by mailbox, receiver GETs); longer ones use LMT",
               std::string(kSeed) + " slide 11; default 8192 is an assumption"});
  add_env_var({"XO_GNI_LMT_WRITE_ABOVE", 4194304, 0, 2147483647, "bytes",
               "LMT messages above this size use RDMA write with clear-to-send, below it RDMA read",
               "knob of this tool: the seed gives both methods but not the switch size"});
  add_env_var({"XO_GNI_MBOX_CREDITS", 8, 1, 1024, "messages",
               "mailbox slots per connection: messages a sender may have in a receiver's mailbox before it waits "
               "for credits",
               "knob of this tool: seed 004 slide 8 describes the credits, not their number (assumption)"});
  // Memory registration (seed 004 slide 7: Gemini's registration hardware shaped the netmod; slides
  // 16-17: LMT registers buffers or chunks; slide 5: the UDREG registration cache).
  add_parameter({"reg", 5, "us", 0, 1e6, "registering a buffer with the Gemini (kernel call, page pinning)",
                 "assumption: a few microseconds per GNI_MemRegister"});
  add_parameter({"reg_per_page", 0.05, "us", 0, 1e6, "registering each further 4 KiB page", "assumption"});
  add_parameter({"reg_cache_hit", 0.2, "us", 0, 1e6, "finding a buffer in the UDREG registration cache", "assumption"});
  add_parameter({"lmt_write_chunk", 1048576, "bytes", 4096, 1e12,
                 "bytes lmt-write puts per clear-to-send (slide 17: repeated until all data is transferred)",
                 "assumption: the seed does not give the chunk size"});
  add_parameter({"mbox_header_bytes", 32, "bytes", 0, 4096, "SMSG header stored with each mailbox slot", "assumption"});
  add_placement({24,
                 24,
                 "Cray XE6 hardware: two 12-core Magny-Cours per node (seed 004 slide 20)",
                 {NetworkShape::Torus, 3},
                 0.1,
                 "assumption: about 0.1 us per Gemini router hop (Gemini latency 0.7-1.4 us end to end, "
                 "euroben.nl XE6 report)",
                 -1,
                 ""});  // no source at hand for the Gemini links' bandwidth: no link contention
  // On-node messages go through Nemesis's shared memory (seed 004 slide 3 and slide 15: Nemesis LMT
  // with the XPMEM component for intra-node transfers).
  add_parameter({"shm_L", 0.4, "us", 0, 1e6, "latency of an on-node message through a Nemesis shared-memory queue",
                 "assumption: a few cache-line transfers between cores of one Magny-Cours node"});
  add_env_var({"MPICH_SMP_SINGLE_COPY_SIZE", 8192, 0, 2147483647, "bytes",
               "on-node messages of at least this size are copied once, straight from the sender's buffer "
               "(XPMEM); smaller ones are copied in and out of shared-memory cells",
               "Cray intro_mpi (MPT 5); default 8192 as the ARCHER user guide states (\"the default eager limit "
               "for these is 8K\")"});
  add_env_var({"MPICH_SMP_SINGLE_COPY_OFF", 0, 0, 1, "flag",
               "1: no single-copy on-node transfers (every on-node message through shared-memory cells)",
               "Cray intro_mpi (MPT 5)"});
  add_collective_env_vars(
      "Cray intro_mpi (MPT 5, XE) keeps these variables of seed 002 (release 1.4); the XT3's "
      "defaults are an assumption (later man pages vary some by job size)");
  add_collective_knobs(2);
  refresh();
}

std::int64_t Xe6Machine::mailbox_credits() const { return credits_; }

// MPICH2's collectives, with the SMP-aware allreduce for short vectors that seed 002 announces
// for Cray MPT ("SMP-topology aware Allreduce") and the XE6's MPT uses.
CollectiveChoice Xe6Machine::choose_collective(const CollectiveQuery& q) const {
  const Mpich2Thresholds t = collective_thresholds();
  if (q.op == CollectiveOp::Allreduce && q.bytes <= t.allreduce_short && q.ranks > placement().ranks_per_node()) {
    return {Algorithm::SmpAware};
  }
  return mpich2_choice(q, t);
}

// One slot per credit, each holding the largest E0 payload and its header: about 2 KB per
// mailbox above 16,384 ranks, near the "~1000 bytes or so" of seed 004 slide 8.
std::int64_t Xe6Machine::mailbox_bytes() const {
  return credits_ * (mailbox_payload_limit_ + static_cast<std::int64_t>(param("mbox_header_bytes")));
}

// Every peer a rank hears from gets a mailbox (made on first contact): all of them in the worst case.
Machine::ReservedMemory Xe6Machine::reserved_memory() const {
  const std::int64_t peers = std::max(0, job_size() - 1);
  return {mailbox_bytes() * peers, "a mailbox of " + std::to_string(credits_) + " slots of " +
                                       std::to_string(mailbox_bytes() / std::max<std::int64_t>(1, credits_)) +
                                       " bytes for each of " + std::to_string(peers) + " peers"};
}

std::int64_t Xe6Machine::env_in_effect(std::string_view name) const {
  return name == "MPICH_GNI_MAX_VSHORT_MSG_SIZE" ? mailbox_payload_limit_ : env(name);
}

void Xe6Machine::refresh() {
  read_collective_env_vars();
  cost_ = loggp_parameters();
  const std::int64_t chosen = env("MPICH_GNI_MAX_VSHORT_MSG_SIZE");
  if (chosen >= 0) {
    mailbox_payload_limit_ = chosen;
  } else {
    mailbox_payload_limit_ = job_size() <= 1024 ? 984 : job_size() <= 16384 ? 472 : 216;
  }
  eager_limit_ = env("MPICH_GNI_MAX_EAGER_MSG_SIZE");
  lmt_write_above_ = env("XO_GNI_LMT_WRITE_ABOVE");
  lmt_write_chunk_ = static_cast<std::int64_t>(param("lmt_write_chunk"));
  credits_ = env("XO_GNI_MBOX_CREDITS");
  registration_ = {param("reg") * 1e-6, param("reg_per_page") * 1e-6, 4096, param("reg_cache_hit") * 1e-6};
  misaligned_extra_per_byte_ = cost_.gap_per_byte * param("read_misaligned_factor");
  shared_memory_ = cost_;
  shared_memory_.latency = param("shm_L") * 1e-6;
  shared_memory_.gap = 0;
  shared_memory_.gap_per_byte = copy_per_byte();
  single_copy_from_ = env("MPICH_SMP_SINGLE_COPY_OFF") != 0 ? std::numeric_limits<std::int64_t>::max()
                                                            : env("MPICH_SMP_SINGLE_COPY_SIZE");
}

std::int64_t Xe6Machine::mailbox_payload_limit() const { return mailbox_payload_limit_; }

std::vector<SwitchPoint> Xe6Machine::switch_points() const {
  return {
      {"MPICH_GNI_MAX_VSHORT_MSG_SIZE", "", "E0", "E1", SwitchUnit::MessageBytes},
      {"MPICH_GNI_MAX_EAGER_MSG_SIZE", "", "E1", "lmt-read", SwitchUnit::MessageBytes},
      {"XO_GNI_LMT_WRITE_ABOVE", "", "lmt-read", "lmt-write", SwitchUnit::MessageBytes},
      {"MPICH_ALLTOALL_SHORT_MSG", "MPI_Alltoall", "bruck", "linear", SwitchUnit::BytesPerRank},
      {"MPICH_REDUCE_SHORT_MSG", "MPI_Reduce", "binomial", "reduce_scatter_gather", SwitchUnit::BytesPerRank},
  };
}

std::vector<Machine::ProtocolInfo> Xe6Machine::protocols() const {
  return {
      {"E0", "payload fits the SMSG mailbox (984/472/216 bytes by job size): one mailbox message"},
      {"E1",
       "up to MPICH_GNI_MAX_EAGER_MSG_SIZE: copied to a DMA buffer (the send completes), header by "
       "mailbox, the receiver reads the copy into its own DMA buffer (aligned), copies it out and sends RCV "
       "DONE"},
      {"lmt-read",
       "longer messages (LMT rendezvous): both buffers registered (cached after first use), header "
       "by mailbox, the receiver RDMA-reads the send buffer (slower unless both buffers and the length "
       "are dword aligned), RCV DONE completes the send"},
      {"lmt-write",
       "LMT above XO_GNI_LMT_WRITE_ABOVE: in chunks of lmt_write_chunk bytes, each registered at both "
       "ends and put after its own clear-to-send"},
      {"shm-cells",
       "on-node messages below MPICH_SMP_SINGLE_COPY_SIZE: copied into a Nemesis shared-memory cell "
       "and out again by the receiver"},
      {"shm-xpmem",
       "on-node messages from MPICH_SMP_SINGLE_COPY_SIZE on, and on-node synchronous sends: the "
       "receiver copies once from the sender's buffer (XPMEM)"},
      {"credits",
       "every message takes a mailbox slot at the receiver (XO_GNI_MBOX_CREDITS per connection); "
       "a sender out of credits waits. Mailboxes are made on first contact, so their memory grows "
       "with the peers a rank talks to"},
  };
}

LinkCost Xe6Machine::network_link(int, int) const { return cost_; }

// Nemesis on one node: below MPICH_SMP_SINGLE_COPY_SIZE the sender copies into a shared-memory cell
// (the send is then done) and the receiver copies out; from it on, the receiver copies once from
// the sender's buffer after the match (XPMEM LMT), and the send completes when it has.
ProtocolChoice Xe6Machine::choose_shared_memory_protocol(std::int64_t bytes, SendMode mode) const {
  if (mode != SendMode::Synchronous && bytes < single_copy_from_) {
    ProtocolChoice cells{Protocol::Eager, "shm-cells"};
    cells.receiver_copy = true;
    return cells;
  }
  return {Protocol::ReceiverPull, "shm-xpmem"};
}

ProtocolChoice Xe6Machine::choose_protocol(std::int64_t bytes, SendMode mode) const {
  const bool write = bytes > lmt_write_above_;
  if (mode != SendMode::Synchronous) {
    if (bytes <= mailbox_payload_limit_) return {Protocol::Eager, "E0"};
    if (bytes <= eager_limit_) {
      // Slide 14: copied into a DMA buffer (the send is done), header by mailbox, the receiver reads
      // it into its own DMA buffer and copies it out, then tells the sender (RCV DONE).
      ProtocolChoice e1{Protocol::ReceiverPull, "E1"};
      e1.sender_copy = true;
      e1.receiver_copy = true;
      e1.ack_after_pull = true;
      return e1;
    }
  }
  // Synchronous sends must see the match, so they take the rendezvous whatever their size.
  if (write) {  // slide 17: chunks, each registered at both ends, after its own CTS
    ProtocolChoice lmt_write{Protocol::Rendezvous, "lmt-write"};
    lmt_write.registers_memory = true;
    lmt_write.chunk_bytes = lmt_write_chunk_;
    return lmt_write;
  }
  // Slide 16: both buffers registered, RDMA read, RCV DONE completes the send.
  ProtocolChoice lmt_read{Protocol::ReceiverPull, "lmt-read"};
  lmt_read.ack_after_pull = true;
  lmt_read.registers_memory = true;
  return lmt_read;
}

MemoryRegistration Xe6Machine::memory_registration() const { return registration_; }

double Xe6Machine::copy_per_byte() const { return param("copy_G") * 1e-9; }

double Xe6Machine::pull_penalty(std::uintptr_t source, std::uintptr_t destination, std::int64_t bytes) const {
  constexpr std::uintptr_t kDword = 4;  // seed 004 slide 18: dword-aligned start and length
  const bool aligned =
      source % kDword == 0 && destination % kDword == 0 && bytes % static_cast<std::int64_t>(kDword) == 0;
  return aligned ? 0 : static_cast<double>(bytes) * misaligned_extra_per_byte_;
}

}  // namespace xo::hw
