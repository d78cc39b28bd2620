// The AP1000's xy reductions (seed 001 section 7: xy_isum and its kin, for communicators of every
// cell and int, float or double data). The hardware reduces one number per call, so a vector takes
// one call per element (Figure 10: worth it up to 25 elements, trees beyond). Everyone leaves
// count calls after the last arrival, with the result.

#include "algorithms.hpp"
#include "collective_meeting_points.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/reduction_op.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

void xy_reduce(CollectiveRun& run, bool everyone_gets_result) {
  const double per_call = run.world.machine().collective_hardware().xy_reduction;
  const sim::Time cost = sim::seconds_to_time(per_call * static_cast<double>(run.count));
  const sim::Time arrival = run.world.engine().now();
  BoardSlot& slot = CollectiveMeetingPoints::of(run.world).board.meet(run, run.send, [&](BoardSlot& s) {
    // Combined in rank order, the lower ranks on the left.
    std::vector<std::byte> acc = s.contributions[0];
    for (std::size_t r = 1; r < s.contributions.size(); ++r) {
      std::vector<std::byte>& next = s.contributions[r];
      run.reduction->apply(acc.data(), next.data(), run.count, *run.type, run.type_handle);
      acc.swap(next);
    }
    s.data = std::move(acc);
    std::fill(s.release.begin(), s.release.end(), s.latest_arrival + cost);
  });
  run.record_hardware_phase(Phase::HardwareReduction, arrival, run.world.engine().now(),
                            static_cast<std::int64_t>(run.send.size()));
  if (everyone_gets_result || run.rank == run.root) run.recv = slot.data;
  CollectiveMeetingPoints::of(run.world).board.leave(run);
}

}  // namespace

void reduce_xy(CollectiveRun& run) { xy_reduce(run, false); }
void allreduce_xy(CollectiveRun& run) { xy_reduce(run, true); }

}  // namespace xo::mpi
