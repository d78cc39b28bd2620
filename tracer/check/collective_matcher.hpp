#pragma once
// Checks that the members of a communicator agree on its collective operations: MPI requires every
// member to call the same collectives in the same order (MPI 4.1, section 6.14), so the i-th
// MpiCollectiveEnd of every member names the same operation and root. Instances are kept only
// until every member has recorded them, so memory follows how far members drift apart, not the
// number of collectives.

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "communicator_map.hpp"
#include "xo/tracer/trace_definitions.hpp"

namespace xo::tracer {

class CollectiveMatcher {
 public:
  struct Record {
    OTF2_CollectiveOp op;
    std::uint32_t root;
    LocationIndex location;
    std::uint64_t event;
    OTF2_TimeStamp time;
  };
  enum class Outcome {
    Agrees,     // the first of its instance, or the same as the first
    NotMember,  // the location is not a member of the communicator
    Differs,    // another member recorded a different operation or root for this instance
  };

  // Adds `record`, the next collective of its location on `comm` (not a Broken one). On Differs,
  // `first` is the first member's record of the same instance and `instance` its number (from 1).
  Outcome add(OTF2_CommRef ref, const CommunicatorMap::Comm& comm, const Record& record, Record* first,
              std::uint64_t* instance);

  // After the last event: each communicator whose members recorded different numbers of collectives.
  struct CountMismatch {
    OTF2_CommRef comm;
    LocationIndex self;         // the location, for a COMM_SELF communicator (one stream per location)
    std::uint64_t usual_count;  // the count most members recorded
    std::vector<std::pair<LocationIndex, std::uint64_t>> others;  // members that recorded another
  };
  std::vector<CountMismatch> count_mismatches() const;

 private:
  struct Instance {
    Record first;
    std::uint32_t arrived;
  };
  // The collectives of one communicator (of one location, for COMM_SELF).
  struct Stream {
    std::vector<LocationIndex> members;
    std::unordered_map<LocationIndex, std::uint32_t> position;  // member -> index into counts
    std::vector<std::uint64_t> counts;                          // collectives each member recorded
    std::deque<Instance> pending;  // instances not yet recorded by every member, oldest first
    std::uint64_t first_pending = 0;
    bool check_root;  // roots of an inter-communicator collective differ by side (MPI_ROOT, MPI_PROC_NULL)
  };

  Stream& stream(OTF2_CommRef ref, const CommunicatorMap::Comm& comm, LocationIndex self);

  std::map<std::pair<OTF2_CommRef, LocationIndex>, Stream> streams_;  // ordered: problems in ref order
};

}  // namespace xo::tracer
