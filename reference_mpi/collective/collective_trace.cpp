#include "collective_trace.hpp"

#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

using Op = hw::CollectiveOp;

// What the program's buffers gave and got, by the data layout of collective_run.hpp: the root of
// a broadcast sends its message and the others receive it; rooted gathers and reductions deliver
// only at the root; scatters read the send buffer only there.
CollectiveTraceSizes sizes_of(const CollectiveRun& run) {
  const bool root = run.rank == run.root;
  const auto send = static_cast<std::int64_t>(run.send.size());
  const auto recv = static_cast<std::int64_t>(run.recv.size());
  switch (run.op) {
    case Op::Barrier: return {};
    case Op::Bcast: return root ? CollectiveTraceSizes{recv, 0} : CollectiveTraceSizes{0, recv};
    case Op::Gather:
    case Op::Gatherv:
    case Op::Reduce: return {send, root ? recv : 0};
    case Op::Scatter:
    case Op::Scatterv: return {root ? send : 0, recv};
    default: return {send, recv};
  }
}

}  // namespace

CollectiveTraceSizes report_collective_begin(const CollectiveRun& run) {
  RunObserver* observer = run.world.observer();
  if (observer == nullptr) return {};
  // A nonblocking collective's twin: the rank's timeline shows its request and completion instead.
  if (!run.world.running_task()) observer->collective_begin(run.self.world_rank, run.world.engine().now());
  return sizes_of(run);
}

void report_collective_end(const CollectiveRun& run, const CollectiveTraceSizes& sizes) {
  RunObserver* observer = run.world.observer();
  if (observer == nullptr) return;
  CollectiveEvent event;
  event.call = run.call;
  event.comm_id = run.comm.shared->context;
  event.root = rooted(run.op) ? run.root : -1;
  event.bytes_sent = sizes.sent;
  event.bytes_received = sizes.received;
  event.algorithm = std::string(hw::algorithm_name(run.choice.algorithm));
  if (keep_background_event(event)) return;
  observer->collective_end(run.self.world_rank, event, run.world.engine().now());
}

}  // namespace xo::mpi
