#pragma once
// A group's MPI_COMM_WORLD ranks as MPI_Intercomm_create's leaders send them to each other and
// broadcast them in their groups: the list itself or, when shorter, runs of evenly spaced ranks
// (first, count, stride), as sparse group storage does (Open MPI's strided and range groups). The
// common splits (halves, even and odd ranks, blocks) then take a few numbers whatever the size,
// where the list would make the broadcast of a 16,384-rank split a long message.

#include <optional>
#include <span>
#include <vector>

#include "xo/mpi/state/group.hpp"

namespace xo::mpi {

std::vector<int> describe_group(const Group& group);
// The ranks, in group order; nothing if `description` is not a description of `size` ranks.
std::optional<std::vector<int>> read_group_description(std::span<const int> description, int size);

}  // namespace xo::mpi
