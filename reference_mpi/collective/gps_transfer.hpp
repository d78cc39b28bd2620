#pragma once
// The X1's gps structure (seed 000, "Specific changes for collective routines"): a process stores
// addresses and a start flag into the others' memory (one remote store, `remote_flag`); they load
// or store the data themselves at the link's rate and decrement a check-in counter at the process
// that started it, which waits until it reaches zero. The steps the gps algorithms share.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xo::mpi {

struct CollectiveRun;

// A remote load of `bytes` from `from`'s memory into this rank's, or a store from this rank into
// `to`'s (communicator ranks). It takes its turn at both ends' network endpoints, so the members
// pulling a broadcast from one root share the root's bandwidth.
void gps_pull(CollectiveRun& run, int from, std::int64_t bytes);
void gps_push(CollectiveRun& run, int to, std::int64_t bytes);
// Posts `data` with the start flag at every member; returns when the starter may leave (after
// every check-in if `wait_for_check_ins`).
void gps_start(CollectiveRun& run, std::vector<std::byte> data, bool wait_for_check_ins);
// Decrements the starter's check-in counter: one remote store.
void gps_check_in(CollectiveRun& run);

}  // namespace xo::mpi
