#pragma once
// Where the members of one collective call meet when hardware or remote memory, not messages,
// connects them: a sync network, a reduction unit, a broadcast network, flags in each other's
// memory. One slot per call, keyed by the communicator's collective context, its call sequence
// number and the operation (an allreduce's reduce and bcast phases get separate slots).
//
// Two patterns, both causal in virtual time:
//  - meet: every member arrives with its clock (and a contribution); the last to arrive settles
//    the slot, giving each member its release time, never earlier than the last arrival;
//  - post/await: one member posts data that becomes available at a time at or after its own
//    clock; the others wait for it.

#include <cstdint>
#include <functional>
#include <map>
#include <tuple>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

struct CollectiveRun;

struct BoardSlot {
  int members = 0;
  int arrived = 0;
  int left = 0;
  int checked_in = 0;
  sim::Time latest_check_in = 0;
  bool settled = false;  // meet: release times known
  bool posted = false;   // post/await: data posted
  sim::Time latest_arrival = 0;
  sim::Time available_at = 0;
  std::vector<sim::Time> arrival;                     // by communicator rank
  std::vector<sim::Time> release;                     // by communicator rank
  std::vector<std::vector<std::byte>> contributions;  // by communicator rank
  std::vector<std::byte> data;                        // the posted or combined data
  std::vector<int> sleepers;                          // fibers (sim::Engine) blocked on this slot
};

class HardwareBoard {
 public:
  // Arrives at the slot of `run` with `contribution`; the last arrival calls `settle`, which must
  // fill slot.release (and may fill slot.data). Returns when this member's release time has come.
  BoardSlot& meet(CollectiveRun& run, std::vector<std::byte> contribution,
                  const std::function<void(BoardSlot&)>& settle);
  // Posts `data` to the slot of `run`, available to the others at `available_at`.
  void post(CollectiveRun& run, std::vector<std::byte> data, sim::Time available_at);
  // Waits until the slot's data is posted and available; returns the slot.
  BoardSlot& await(CollectiveRun& run);
  // Check-in counters (X1 gps structures): a member signals at `at` that it is done with the
  // posted data; the poster waits for `expected` check-ins and returns at the latest.
  void check_in(CollectiveRun& run, sim::Time at);
  void await_check_ins(CollectiveRun& run, int expected);
  // This member is done with the slot (call once per member, after meet, post or await).
  void leave(CollectiveRun& run);

  // The machine's broadcast network (AP1000 B-net): one broadcast at a time, machine-wide. Takes it
  // for `duration` from `earliest` or from when the broadcast before ends; returns the start.
  sim::Time reserve_broadcast(CollectiveRun& run, sim::Time earliest, sim::Time duration);

 private:
  using Key = std::tuple<int, std::uint64_t, int, int>;
  Key key(const CollectiveRun& run) const;
  BoardSlot& slot(const CollectiveRun& run);
  void block_on(CollectiveRun& run, BoardSlot& slot, bool (*ready)(const BoardSlot&));

  std::map<Key, BoardSlot> slots_;
  sim::Time broadcast_free_at_ = 0;
};

}  // namespace xo::mpi
