// C entry points for MPI groups (MPI_Comm_group lives with the communicators). Each validates its
// pointer and count arguments, then defers to the group algebra in group.hpp and the rank's GroupTable.

#include <mpi.h>

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "api_call.hpp"
#include "xo/mpi/state/group.hpp"
#include "xo/mpi/state/group_table.hpp"

namespace {

using xo::mpi::MpiError;

void require_pointer(const void* pointer, const char* name) {
  if (pointer == nullptr) throw MpiError(MPI_ERR_ARG, std::string(name) + " is a null pointer; pass a valid address");
}

// Checks a user count and its array; the array may be null only when the count is zero.
void require_array(int n, const void* array, const char* n_name, const char* array_name) {
  if (n < 0) {
    throw MpiError(MPI_ERR_ARG, std::string(n_name) + " = " + std::to_string(n) + " is negative; it must be >= 0");
  }
  if (n > 0 && array == nullptr) {
    throw MpiError(MPI_ERR_ARG, std::string(array_name) + " is a null pointer but " + n_name + " = " +
                                    std::to_string(n) + "; pass an array of " + n_name + " entries");
  }
}

}  // namespace

extern "C" {

int MPI_Group_size(MPI_Group group, int* size) {
  return xo::mpi::api_call("MPI_Group_size", MPI_COMM_WORLD, [&] {
    require_pointer(size, "size");
    *size = xo::mpi::current_groups().get(group)->size();
  });
}

int MPI_Group_rank(MPI_Group group, int* rank) {
  return xo::mpi::api_call("MPI_Group_rank", MPI_COMM_WORLD, [&] {
    require_pointer(rank, "rank");
    *rank = xo::mpi::current_groups().get(group)->rank_of(xo::mpi::current_world_rank());
  });
}

int MPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group* newgroup) {
  return xo::mpi::api_call("MPI_Group_incl", MPI_COMM_WORLD, [&] {
    require_pointer(newgroup, "newgroup");
    require_array(n, ranks, "n", "ranks");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    auto result = xo::mpi::incl(*groups.get(group), std::span<const int>(ranks, n));
    *newgroup = groups.add(std::move(result));
  });
}

int MPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group* newgroup) {
  return xo::mpi::api_call("MPI_Group_excl", MPI_COMM_WORLD, [&] {
    require_pointer(newgroup, "newgroup");
    require_array(n, ranks, "n", "ranks");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    auto result = xo::mpi::excl(*groups.get(group), std::span<const int>(ranks, n));
    *newgroup = groups.add(std::move(result));
  });
}

int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup) {
  return xo::mpi::api_call("MPI_Group_range_incl", MPI_COMM_WORLD, [&] {
    require_pointer(newgroup, "newgroup");
    require_array(n, ranges, "n", "ranges");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    auto result = xo::mpi::range_incl(*groups.get(group), std::span<const int[3]>(ranges, n));
    *newgroup = groups.add(std::move(result));
  });
}

int MPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup) {
  return xo::mpi::api_call("MPI_Group_range_excl", MPI_COMM_WORLD, [&] {
    require_pointer(newgroup, "newgroup");
    require_array(n, ranges, "n", "ranges");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    auto whole = groups.get(group);
    // The ranges are checked as MPI_Group_range_incl checks them; what they leave keeps its order.
    auto excluded = xo::mpi::range_incl(*whole, std::span<const int[3]>(ranges, n));
    *newgroup = groups.add(xo::mpi::difference(*whole, *excluded));
  });
}

int MPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]) {
  return xo::mpi::api_call("MPI_Group_translate_ranks", MPI_COMM_WORLD, [&] {
    require_array(n, ranks1, "n", "ranks1");
    require_array(n, ranks2, "n", "ranks2");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    auto from = groups.get(group1);
    auto to = groups.get(group2);
    // Translate fully before writing, so an error leaves ranks2 untouched.
    std::vector<int> result = xo::mpi::translate_ranks(*from, std::span<const int>(ranks1, n), *to);
    std::copy(result.begin(), result.end(), ranks2);
  });
}

int MPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  return xo::mpi::api_call("MPI_Group_union", MPI_COMM_WORLD, [&] {
    require_pointer(newgroup, "newgroup");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    *newgroup = groups.add(xo::mpi::set_union(*groups.get(group1), *groups.get(group2)));
  });
}

int MPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  return xo::mpi::api_call("MPI_Group_intersection", MPI_COMM_WORLD, [&] {
    require_pointer(newgroup, "newgroup");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    *newgroup = groups.add(xo::mpi::intersection(*groups.get(group1), *groups.get(group2)));
  });
}

int MPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  return xo::mpi::api_call("MPI_Group_difference", MPI_COMM_WORLD, [&] {
    require_pointer(newgroup, "newgroup");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    *newgroup = groups.add(xo::mpi::difference(*groups.get(group1), *groups.get(group2)));
  });
}

int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int* result) {
  return xo::mpi::api_call("MPI_Group_compare", MPI_COMM_WORLD, [&] {
    require_pointer(result, "result");
    xo::mpi::GroupTable& groups = xo::mpi::current_groups();
    *result = xo::mpi::compare(*groups.get(group1), *groups.get(group2));
  });
}

int MPI_Group_free(MPI_Group* group) {
  return xo::mpi::api_call("MPI_Group_free", MPI_COMM_WORLD, [&] {
    require_pointer(group, "group");
    xo::mpi::current_groups().free(*group);
  });
}

}  // extern "C"
