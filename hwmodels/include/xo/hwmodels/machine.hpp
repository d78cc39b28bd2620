#pragma once
// The interface every simulated machine implements: a table of parameters (each with unit and
// source), the environment variables its MPI read, and small decision functions (which protocol
// a message takes, what a link costs). Machines are data plus these selectors; the reference MPI
// owns all mechanism.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "xo/hwmodels/collective.hpp"
#include "xo/hwmodels/env_var.hpp"
#include "xo/hwmodels/parameter.hpp"
#include "xo/hwmodels/placement.hpp"
#include "xo/hwmodels/protocol.hpp"
#include "xo/hwmodels/switch_point.hpp"

namespace xo::hw {

class Machine {
 public:
  virtual ~Machine() = default;
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;

  const std::string& name() const { return name_; }
  const std::string& description() const { return description_; }

  const std::vector<Parameter>& parameters() const { return parameters_; }
  double param(std::string_view name) const;
  // Override one parameter, e.g. from `--param L=2.5`. Throws MachineError naming the valid keys
  // or the allowed range.
  void set_param(std::string_view name, double value);
  // Parses "key=value" and calls set_param.
  void set_param_assignment(std::string_view assignment);

  const std::vector<EnvVar>& env_vars() const { return env_vars_; }
  // Default of a variable; a variable tied to a parameter defaults to that parameter's value.
  std::int64_t env_default(const EnvVar& var) const;
  // Reads this machine's variables through `lookup` (getenv in a real run). Unset variables take
  // their defaults; a malformed or out-of-range value throws MachineError naming variable and range.
  void resolve_env(const std::function<const char*(const char*)>& lookup);
  std::int64_t env(std::string_view name) const;
  // The value in effect: env(name), or, for a variable left to the MPI to decide at run time
  // (MPICH_GNI_MAX_VSHORT_MSG_SIZE=-1 on the XE6: by job size), what it decided for this job.
  virtual std::int64_t env_in_effect(std::string_view name) const { return env(name); }
  // The variable of that name, or nullptr if this machine's MPI reads none.
  const EnvVar* find_env_var(std::string_view name) const;
  // The choices of a variable that names one (empty for numeric variables), and a value as a user
  // writes it: the choice's name or the number; the accepted range or choices.
  const std::vector<std::string>& env_choices(const EnvVar& var) const;
  std::string env_value_text(const EnvVar& var, std::int64_t value) const;
  std::string env_range_text(const EnvVar& var) const;

  // The number of ranks in the job, for machines whose MPI sizes its resources by it. Set before
  // the run starts; 1 until then.
  void set_job_size(int ranks) {
    job_size_ = ranks;
    refresh_all();
  }
  int job_size() const { return job_size_; }

  // Simulated time per second of host CPU time between MPI calls (--compute=measured).
  double cpu_factor() const { return param("cpu_factor"); }

  // The protocols this machine's MPI uses and when, for `xo machines --show`.
  struct ProtocolInfo {
    std::string name;
    std::string when;
  };
  virtual std::vector<ProtocolInfo> protocols() const = 0;
  // The variables that set where this machine's MPI switches protocol or collective algorithm,
  // with the current settings (a switch they make impossible, such as Tn on the T3E's hardware
  // queues, is not listed).
  virtual std::vector<SwitchPoint> switch_points() const { return {}; }
  // The settings that move one protocol's messages to another at every size, from the current ones.
  virtual std::vector<ProtocolOption> protocol_options() const { return {}; }

  // Where the job's ranks run: ranks per node (the parameter ranks_per_node, `--ranks-per-node`),
  // nodes and router hops on the machine's topology.
  const Placement& placement() const { return placement_; }
  int node_of(int world_rank) const { return placement_.node_of(world_rank); }
  // The network endpoint a rank injects and ejects through: its node's NIC, which the node's ranks
  // share, unless each processor has its own ports (the X1's MSPs).
  int endpoint_of(int world_rank) const { return world_rank / ranks_per_endpoint_; }
  // Whether a message between two ranks goes through their node's memory instead of the network:
  // they share a node and the machine's MPI has a shared-memory path. Otherwise it crosses the
  // NICs, which ranks of one node share.
  bool through_shared_memory(int src_world_rank, int dst_world_rank) const {
    return src_world_rank != dst_world_rank && has_shared_memory_path() &&
           node_of(src_world_rank) == node_of(dst_world_rank);
  }
  // Seconds `bytes` occupy each router link they cross; 0 where links are not modelled.
  double link_wire_time(std::int64_t bytes) const { return static_cast<double>(bytes) * link_gap_per_byte_; }
  bool models_links() const { return link_gap_per_byte_ > 0; }
  // LogGP costs between two ranks: the shared-memory path's, or the network's with hop_L for each
  // router hop beyond the first (L is the latency to a neighbouring node).
  LinkCost link(int src_world_rank, int dst_world_rank) const;
  // Seconds the payload of `bytes` occupies the path between two ranks.
  double wire_time(int src_world_rank, int dst_world_rank, std::int64_t bytes) const;
  // The protocol of a message between two ranks: the shared-memory path's choice on one node, else
  // choose_protocol.
  ProtocolChoice protocol_between(std::int64_t bytes, SendMode mode, int src_world_rank, int dst_world_rank) const;
  // Extra seconds a pulled (RDMA read) transfer costs for these buffer addresses, e.g. when the
  // NIC needs word-aligned buffers to read at full speed.
  virtual double pull_penalty(std::uintptr_t /*source*/, std::uintptr_t /*destination*/, std::int64_t /*bytes*/) const {
    return 0;
  }
  // The protocol of a message through the network.
  virtual ProtocolChoice choose_protocol(std::int64_t bytes, SendMode mode) const = 0;
  // Seconds per byte of a memory copy (an unexpected message copied out, a send copied in).
  virtual double copy_per_byte() const { return 0; }
  // Whether a copy through a system buffer packs or unpacks a non-contiguous datatype on the way
  // (MPICH2's dataloops); false where the MPI packs into a contiguous buffer first (AP1000).
  virtual bool system_buffer_copies_pack() const { return true; }
  // Sender-side system buffers for paths with ProtocolChoice::sender_copy; a send waits for one.
  virtual std::int64_t sender_copy_buffers() const { return 1; }
  virtual ReceiveResources receive_resources() const { return {}; }
  // Whether one-sided operations wait in a queue at the origin until their epoch ends (a fence, a
  // complete, an unlock, a flush), then go as messages, as MPICH2's CH3 device layers RMA on its
  // send/recv protocol; else each goes when issued, as a remote memory access (SHMEM, the X1's
  // remote translation). A queued operation holds one of receive_resources().other_events.
  virtual bool rma_deferred_to_epoch_end() const { return false; }
  // Connection-oriented mailboxes (Gemini SMSG): every message takes one of `mailbox_credits()`
  // slots in the receiver's mailbox for its sender and gives it back once the receiver has
  // dequeued it; a sender without a credit waits. -1: no such flow control.
  virtual std::int64_t mailbox_credits() const { return -1; }
  virtual MemoryRegistration memory_registration() const { return {}; }
  // Memory one connection's mailbox takes at each end.
  virtual std::int64_t mailbox_bytes() const { return 0; }
  // Memory each rank's MPI sets aside for receiving with these settings, where the model knows it
  // (the Gemini mailboxes, one per peer): what a change of setting costs besides time.
  struct ReservedMemory {
    std::int64_t bytes_per_rank = 0;
    std::string what;  // "a mailbox of 8 slots of 1016 bytes for each of 15 peers"
  };
  virtual ReservedMemory reserved_memory() const { return {}; }
  // Non-empty if this machine's MPI aborted on a send to oneself (the message it printed).
  virtual std::string self_send_error() const { return {}; }
  // The algorithm a collective call takes: the one a knob forces (XO_COLL_<OP>), else the machine's
  // own choice; XO_COLL_BRANCHING, when set, replaces the branching factor of tree algorithms. A
  // choice that cannot serve the call (collective_table.def's needs) gives way to the machine's own,
  // and that to the operation's last resort.
  CollectiveChoice collective(const CollectiveQuery& query) const;
  // The machine's MPI's own choice of collective algorithm, ignoring knobs; MPICH2's defaults
  // unless a machine overrides it.
  virtual CollectiveChoice choose_collective(const CollectiveQuery& query) const;
  // The machine's collective hardware (none by default).
  virtual const CollectiveHardware& collective_hardware() const;

  // Checks that the settings are consistent, as the machine's MPI did at MPI_Init. Throws
  // MachineError with the MPI's own message and the fix.
  virtual void check_settings() const {}

 protected:
  Machine(std::string name, std::string description);
  // The network between two nodes, to a neighbouring node (Machine::link adds the further hops).
  virtual LinkCost network_link(int src_world_rank, int dst_world_rank) const = 0;
  // LogGP's bytes * G unless the machine's bandwidth depends on size (a message larger than a cache).
  virtual double network_wire_time(int src_world_rank, int dst_world_rank, std::int64_t bytes) const {
    return static_cast<double>(bytes) * network_link(src_world_rank, dst_world_rank).gap_per_byte;
  }
  // The shared-memory path of machines whose MPI has one: its costs (G: one copy between the
  // ranks' memories) and its protocols.
  virtual bool has_shared_memory_path() const { return false; }
  virtual LinkCost shared_memory_link() const { return {}; }
  // LogGP's bytes * G unless the copy's rate depends on size (a message larger than a cache).
  virtual double shared_memory_wire_time(std::int64_t bytes) const {
    return static_cast<double>(bytes) * shared_memory_link().gap_per_byte;
  }
  virtual ProtocolChoice choose_shared_memory_protocol(std::int64_t bytes, SendMode mode) const {
    return choose_protocol(bytes, mode);
  }
  // Declares where ranks run: the parameters ranks_per_node (default, up to the CPUs a node has) and
  // hop_L (us per router hop), each with its source. Call once, before add_collective_knobs.
  struct PlacementSpec {
    int ranks_per_node = 1;
    int max_ranks_per_node = 1;
    std::string ranks_source;
    Topology topology;
    double hop_latency_us = 0;
    std::string hop_source;
    // The parameter link_G: ns per byte one router link carries in one direction, where a source
    // gives it; messages that cross one link share it. Negative: links are not modelled.
    double link_ns_per_byte = -1;
    std::string link_source;
  };
  void add_placement(const PlacementSpec& spec);
  // The ranks on one node for the placement; the parameter ranks_per_node unless a machine counts
  // otherwise (the X1's SSP mode runs four ranks per MSP).
  virtual int ranks_per_node_setting() const;
  // The ranks that share one network endpoint; a node's by default.
  virtual int ranks_per_endpoint() const { return placement_.ranks_per_node(); }
  void add_parameter(Parameter parameter);
  void add_env_var(EnvVar var, std::string default_from_param = {});
  void add_choice_env_var(ChoiceEnvVar var);
  // Called after parameters or environment change, so a machine can cache derived values.
  virtual void refresh() {}
  // Adds the knobs XO_COLL_<OP> (force an algorithm) and XO_COLL_BRANCHING (default `branching`).
  void add_collective_knobs(int branching);
  // The LogGP costs of the conventional parameters L, o_s, o_r, g (us) and G (ns/byte).
  LinkCost loggp_parameters() const;
  // The conventional cpu_factor parameter (an assumption of 1 unless a machine knows better).
  void add_cpu_factor_parameter();

 private:
  const Parameter* find_param(std::string_view name) const;
  void reset_env_defaults();
  std::int64_t parse_choice(const EnvVar& var, std::string_view text) const;
  void refresh_all();  // refresh() and the collective knobs

  std::string name_;
  std::string description_;
  std::vector<Parameter> parameters_;
  std::vector<EnvVar> env_vars_;
  std::vector<std::string> env_default_params_;  // parallel to env_vars_; empty = fixed default
  std::vector<std::int64_t> env_values_;         // parallel to env_vars_; resolved values
  std::vector<bool> env_explicit_;
  std::vector<std::vector<std::string>> env_choices_;  // parallel to env_vars_
  int job_size_ = 1;
  Topology topology_;
  Placement placement_;
  double hop_latency_ = 0;        // s per router hop beyond the first
  double link_gap_per_byte_ = 0;  // s per byte on one router link; 0: links not modelled
  int ranks_per_endpoint_ = 1;
  // Collective knobs, derived from the environment: the forced algorithm per operation and the
  // branching factor (0: the machine's own).
  Algorithm forced_[kCollectiveOps] = {};
  int branching_override_ = 0;
  bool has_collective_knobs_ = false;
};

}  // namespace xo::hw
