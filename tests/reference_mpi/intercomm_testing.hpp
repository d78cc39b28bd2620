#pragma once
// What the intercommunicator tests share: splitting MPI_COMM_WORLD into two groups and joining
// them with MPI_Intercomm_create (leaders: each group's lowest world rank).

#include <mpi.h>

#include <functional>
#include <vector>

#include "simulate.hpp"

namespace xo::test {

struct GroupSplit {
  std::function<int(int world_rank)> color;  // 0 or 1: the group of each world rank

  static GroupSplit even_odd() {
    return {[](int r) { return r % 2; }};
  }
  // World rank 0 alone against the others.
  static GroupSplit first_alone() {
    return {[](int r) { return r == 0 ? 0 : 1; }};
  }
};

// This rank's group (local) and the intercommunicator between the two groups, created over
// MPI_COMM_WORLD; freed at the end of the scope.
struct Intercomm {
  MPI_Comm local = MPI_COMM_NULL;
  MPI_Comm inter = MPI_COMM_NULL;

  Intercomm(const GroupSplit& split, int rank, int tag = 7) {
    const int color = split.color(rank);
    MPI_Comm_split(MPI_COMM_WORLD, color, rank, &local);
    int remote_leader = 0;
    while (split.color(remote_leader) == color) ++remote_leader;
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, remote_leader, tag, &inter);
  }
  ~Intercomm() {
    if (inter != MPI_COMM_NULL) MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
  }
  Intercomm(const Intercomm&) = delete;
  Intercomm& operator=(const Intercomm&) = delete;
};

// The MPI_COMM_WORLD ranks of `group`'s members, in group order.
inline std::vector<int> world_ranks_of(MPI_Group group, MPI_Group world_group) {
  int size = 0;
  MPI_Group_size(group, &size);
  std::vector<int> ranks(static_cast<std::size_t>(size)), out(static_cast<std::size_t>(size));
  for (int i = 0; i < size; ++i) ranks[static_cast<std::size_t>(i)] = i;
  MPI_Group_translate_ranks(group, size, ranks.data(), world_group, out.data());
  return out;
}

}  // namespace xo::test
