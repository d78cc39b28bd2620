#pragma once
// The world's book of the nonblocking collectives in flight (nonblocking_collective.hpp says how
// they progress): each instance's state, the context its members share, and the trace event kept
// until its request retires. State only: the calls that start instances are the api's.

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "xo/mpi/state/request.hpp"
#include "xo/reference_mpi/run_observer.hpp"

namespace xo::mpi {

// The blocking twin of a call, given the hidden communicator to run on; returns its MPI error code.
using BlockingTwin = std::function<int(MPI_Comm hidden)>;

// The handles a call names that the program may free before the request completes.
struct HeldHandles {
  std::vector<MPI_Datatype> types;
  MPI_Op op = MPI_OP_NULL;
};

// Which instance on a communicator a start is, as every member numbers it: the nonblocking
// collective calls in order, or a persistent collective's init (counted among them) and the
// number of its start.
struct InstanceNumber {
  std::uint64_t call = 0;  // 0: the next nonblocking call on the communicator
  std::uint64_t start = 0;
};

// The World's bookkeeping of the instances in flight.
class NonblockingCollectives {
 public:
  struct Instance {
    const char* call = "";
    MPI_Comm comm = MPI_COMM_NULL;    // the program's communicator
    int comm_id = 0;                  // its context: the trace's communicator id
    MPI_Comm hidden = MPI_COMM_NULL;  // the instance's copy, in the rank's handle table
    BlockingTwin twin;
    HeldHandles held;
    Request* request = nullptr;
    bool caller_waiting = true;  // the starting call has not returned yet
    bool finished = false;
    sim::Time finished_at = 0;
    int error = MPI_SUCCESS;
    std::string error_text;  // as the rank's last_error would hold it
    std::string reason;      // the MpiError's own text
    sim::Time started = 0;
    bool has_event = false;
    CollectiveEvent event;  // what the trace's NonBlockingCollectiveComplete says
  };

  // The calls that change the book are simcalls (xo/mpi/kernel/simcall.hpp): the members' fibers share it.

  // The context the members of an instance share, asked for by each of its `members`.
  int instance_context(int context, InstanceNumber instance, int members);

  void add(int fiber, std::shared_ptr<Instance> instance);
  // The instance a task runs, or nullptr when `fiber` is none's.
  Instance* running(int fiber);
  void remove(int fiber);

  // What NonBlockingCollectiveComplete says of a finished instance, kept until its request retires.
  void keep_event(const Request* request, CollectiveEvent event);
  // Takes the kept event; false if there is none (the request was freed, or no trace is written).
  bool take_event(const Request* request, CollectiveEvent& event);

 private:
  struct Shared {
    int context;
    int users_left;
  };
  std::map<std::tuple<int, std::uint64_t, std::uint64_t>, Shared> contexts_;
  std::unordered_map<int, std::shared_ptr<Instance>> by_fiber_;
  std::unordered_map<const Request*, CollectiveEvent> events_;
};

// On a task, for the collective code that reports to the trace: keeps the end event of the
// instance's collective (with the program's call and communicator) instead of reporting it.
// Returns false when the running fiber is a rank's own.
bool keep_background_event(CollectiveEvent event);
// On a task whose twin failed: remembers `reason` for the starting call to throw, and returns the
// nonblocking call's name for the message. nullptr off a task.
const char* note_background_error(const char* reason);

}  // namespace xo::mpi
