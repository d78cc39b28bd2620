#pragma once
// Communicator construction is collective: every member of the parent communicator contributes
// (a color and key, or a group) and receives its new communicator. Members meet at a rendezvous
// point keyed by the parent's context and a per-communicator call counter; the last to arrive
// builds every result, and all leave together at the time of the slowest arrival plus the cost of
// the agreement (modelled as an allreduce: 2 * ceil(log2 n) small-message steps).
//
// On an intercommunicator the members of both groups meet as one (side 0's ranks first, then
// side 1's), since both count the same collective calls on its shared context; the results are
// built in intercomm_meeting.cpp. A build may find the members' arguments inconsistent: then every
// member raises the same MpiError.

#include <compare>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"
#include "xo/mpi/state/communicator.hpp"

namespace xo::mpi {

class World;

struct DistGraphInput;

struct MeetingInput {
  MeetingInput() = default;
  MeetingInput(int c, int k, std::shared_ptr<const Group> g) : color(c), key(k), group(std::move(g)) {}

  int color = 0;
  int key = 0;
  std::shared_ptr<const Group> group;  // MPI_Comm_create only
  // The new communicator's topology (Create: the first member's; Split: each color's first member's).
  std::shared_ptr<const Topology> topology;
  std::shared_ptr<const DistGraphInput> dist_graph;  // DistGraph only: this member's part of the graph
};

// Dup keeps the parent's topology; DistGraph is a dup whose distributed graph the members'
// inputs describe together; Merge: an intercommunicator's two groups into one intracommunicator
// (`color` is `high`).
enum class MeetingKind { Dup, Split, Create, DistGraph, Merge };

class CommMeetings {
 public:
  // Blocks until every member of `parent` has called; returns this rank's new communicator, or
  // nullptr if it gets MPI_COMM_NULL.
  std::shared_ptr<const CommShared> meet(World& world, CommHandle& parent, MeetingKind kind, const char* call,
                                         MeetingInput input);
  // MPI_Comm_create_group: only the members of `group` (a subset of the parent's, holding the
  // caller) call, so they meet by (parent, tag, group) and count such meetings on their own.
  std::shared_ptr<const CommShared> meet_group(World& world, CommHandle& parent, const char* call,
                                               std::shared_ptr<const Group> group, int tag);

 private:
  struct Key {
    int context;
    std::uint64_t sequence;
    std::string group;  // MPI_Comm_create_group: tag and members; empty otherwise
    auto operator<=>(const Key&) const = default;
  };
  struct Meeting {
    int arrived = 0;
    int collected = 0;
    bool done = false;
    sim::Time latest = 0;
    std::vector<MeetingInput> inputs;  // by parent rank
    std::vector<std::shared_ptr<const CommShared>> results;
    std::vector<int> sleepers;  // fibers (sim::Engine) blocked here
    int error_class = 0;        // MPI_SUCCESS, or the error every member raises
    std::string error;
  };
  // Blocks until `participants` callers have arrived at `key`; the last builds every result.
  std::shared_ptr<const CommShared> gather(World& world, const Key& key, int participants, int my_index,
                                           const char* call, const std::string& where, MeetingInput input,
                                           const std::function<void(Meeting&)>& build);
  void build(World& world, const CommHandle& parent, MeetingKind kind, Meeting& meeting);
  void build_inter(World& world, const CommHandle& parent, MeetingKind kind, Meeting& meeting);

  std::map<Key, Meeting> meetings_;
};

}  // namespace xo::mpi
