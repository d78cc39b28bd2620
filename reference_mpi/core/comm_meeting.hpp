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

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../kernel/virtual_time.hpp"
#include "communicator.hpp"

namespace xo::mpi {

class World;

struct MeetingInput {
  int color = 0;
  int key = 0;
  std::shared_ptr<const Group> group;  // MPI_Comm_create only
};

// Merge: an intercommunicator's two groups into one intracommunicator (`color` is `high`).
enum class MeetingKind { Dup, Split, Create, Merge };

class CommMeetings {
 public:
  // Blocks until every member of `parent` has called; returns this rank's new communicator, or
  // nullptr if it gets MPI_COMM_NULL.
  std::shared_ptr<const CommShared> meet(World& world, CommHandle& parent, MeetingKind kind, const char* call,
                                         MeetingInput input);

 private:
  struct Meeting {
    int arrived = 0;
    int collected = 0;
    bool done = false;
    sim::Time latest = 0;
    std::vector<MeetingInput> inputs;  // by parent rank
    std::vector<std::shared_ptr<const CommShared>> results;
    std::vector<int> sleepers;  // world ranks blocked here
    int error_class = 0;        // MPI_SUCCESS, or the error every member raises
    std::string error;
  };
  void build(World& world, const CommHandle& parent, MeetingKind kind, Meeting& meeting);
  void build_inter(World& world, const CommHandle& parent, MeetingKind kind, Meeting& meeting);

  std::map<std::pair<int, std::uint64_t>, Meeting> meetings_;
};

}  // namespace xo::mpi
