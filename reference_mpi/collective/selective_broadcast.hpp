#pragma once
// The AP1000's selective broadcast (seed 001 section 7, `dcbroadcast`): the whole message goes over
// the B-net to every cell; cells registered in the communicator's domain keep it in a system buffer
// and copy out the part they need. The B-net carries one broadcast at a time for the whole machine,
// so concurrent groups queue for it (Figure 11). The sender continues almost at once.

#include <cstdint>
#include <vector>

namespace xo::mpi {

struct CollectiveRun;

// `from` broadcasts `data` (ignored elsewhere) to the group; every other member receives it and is
// charged a copy of `part_bytes`. The network time counts the first `network_bytes` of `data` (the
// rest is a table of block offsets, a stand-in for what the members compute themselves). Returns
// the data at every member.
std::vector<std::byte> selective_broadcast(CollectiveRun& run, int from, std::vector<std::byte> data,
                                           std::int64_t network_bytes, std::int64_t part_bytes);

}  // namespace xo::mpi
