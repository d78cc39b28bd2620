// The fetch-and-add barrier: an arrival tree of shared synchronisation words. Each arriving rank
// atomically updates its group's word; updates of one word are served one at a time, each dearer by
// the convoy cost for every other update then waiting on the word; a word on another node adds its
// latency once per level. The last of a group to arrive goes on to the next level. The very last
// arrival releases everyone at once.
//
// The X1's barrier (seed 000, "MPI_Barrier"): a four-way tree of AMO words whose first level lies
// on one node (four MSPs), released by one vector scatter store of every resume word. The Power4
// and SX-6 barriers of the same paper's Figure 1 are modelled with the same tree over shared memory
// (their MPIs are not described; see comparison_machine.cpp), released by a flag every waiter reads.

#include <algorithm>

#include "algorithms.hpp"
#include "collective_meeting_points.hpp"
#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// Whether the job fills every CPU of a node that holds a member of this communicator.
bool spans_full_node(const CollectiveRun& run, int per_node) {
  const int full_nodes = run.world.size() / per_node;
  for (int r = 0; r < run.size; ++r) {
    if (run.world_rank(r) / per_node < full_nodes) return true;
  }
  return false;
}

}  // namespace

void barrier_fetch_add_tree(CollectiveRun& run) {
  const hw::CollectiveHardware& hw = run.world.machine().collective_hardware();
  const int per_node = run.world.machine().placement().ranks_per_node();
  const int fan_in = std::max(2, run.choice.branching);
  const bool full_node = hw.full_node_delay > 0 && spans_full_node(run, per_node);
  const sim::Time arrival = run.world.engine().now();
  CollectiveMeetingPoints::of(run.world).board.meet(run, {}, [&](BoardSlot& slot) {
    // Times at which each member of the current level finishes its update and moves on.
    std::vector<sim::Time> level = slot.arrival;
    int span = 1;  // ranks covered by one member of the current level
    while (level.size() > 1) {
      const bool on_node = span * fan_in <= per_node;
      const sim::Time update = sim::seconds_to_time(on_node ? hw.fetch_add : hw.fetch_add_off_node);
      const sim::Time convoy = sim::seconds_to_time(hw.fetch_add_convoy);
      const sim::Time reach = on_node ? 0 : sim::seconds_to_time(hw.fetch_add_remote_latency);
      std::vector<sim::Time> next;
      for (std::size_t first = 0; first < level.size(); first += static_cast<std::size_t>(fan_in)) {
        const auto begin = level.begin() + static_cast<std::ptrdiff_t>(first);
        std::vector<sim::Time> group(begin, begin + std::min<std::ptrdiff_t>(fan_in, level.end() - begin));
        std::sort(group.begin(), group.end());
        sim::Time word_free = 0;
        for (std::size_t i = 0; i < group.size(); ++i) {  // one update at a time
          const sim::Time start = std::max(word_free, group[i]);
          const auto waiting = static_cast<sim::Time>(
              std::upper_bound(group.begin() + static_cast<std::ptrdiff_t>(i) + 1, group.end(), start) -
              (group.begin() + static_cast<std::ptrdiff_t>(i) + 1));
          word_free = start + update + waiting * convoy;
        }
        next.push_back(word_free + reach);
      }
      level.swap(next);
      span *= fan_in;
    }
    const double release = hw.resume + hw.resume_per_rank * (run.size - 1) + (full_node ? hw.full_node_delay : 0);
    std::fill(slot.release.begin(), slot.release.end(), level.front() + sim::seconds_to_time(release));
  });
  run.record_hardware_phase(Phase::FetchAdd, arrival, run.world.engine().now(), 0);
  CollectiveMeetingPoints::of(run.world).board.leave(run);
}

}  // namespace xo::mpi
