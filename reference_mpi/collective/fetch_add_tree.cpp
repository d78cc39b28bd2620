// The X1 barrier (seed 000, "MPI_Barrier"): a four-way arrival tree of synchronisation words. Each
// arriving rank does an atomic fetch-and-add on its group's word; updates of one word are served
// one at a time; the last of a group to arrive goes on to the next level. The very last arrival
// writes every rank's resume word with one vector scatter store and all leave. The first level of
// a full barrier lies on one node (four MSPs); higher levels cross nodes.

#include <algorithm>

#include "../core/world.hpp"
#include "algorithms.hpp"
#include "collective_run.hpp"

namespace xo::mpi {

namespace {

constexpr int kFanIn = 4;  // seed 000: "up to four processes synchronize using a single word"

}  // namespace

void barrier_fetch_add_tree(CollectiveRun& run) {
  const hw::CollectiveHardware& hw = run.world.machine().collective_hardware();
  const int per_node = std::max(1, hw.ranks_per_node);
  run.world.board().meet(run, {}, [&](BoardSlot& slot) {
    // Times at which each member of the current level finishes its update and moves on.
    std::vector<sim::Time> level = slot.arrival;
    int span = 1;  // ranks covered by one member of the current level
    while (level.size() > 1) {
      const bool on_node = span * kFanIn <= per_node;
      const sim::Time update = sim::seconds_to_time(on_node ? hw.fetch_add : hw.fetch_add_off_node);
      std::vector<sim::Time> next;
      for (std::size_t first = 0; first < level.size(); first += kFanIn) {
        std::vector<sim::Time> group(level.begin() + static_cast<std::ptrdiff_t>(first),
                                     level.begin() + static_cast<std::ptrdiff_t>(std::min(first + kFanIn, level.size())));
        std::sort(group.begin(), group.end());
        sim::Time word_free = 0;
        for (sim::Time t : group) word_free = std::max(word_free, t) + update;  // one update at a time
        next.push_back(word_free);
      }
      level.swap(next);
      span *= kFanIn;
    }
    const sim::Time resume = level.front() + sim::seconds_to_time(hw.resume);
    std::fill(slot.release.begin(), slot.release.end(), resume);
  });
  run.world.board().leave(run);
}

}  // namespace xo::mpi
