#pragma once
// An MPI group: an immutable ordered list of WORLD ranks. Group objects are shared between ranks
// (std::shared_ptr<const Group>) and never modified, so MPI_COMM_WORLD's group of 65,536 ranks exists
// once. Contiguous groups (world, self, blocks) are stored as a (first, count) range with no member
// storage; other groups keep their members plus a sorted index for O(log n) rank_of().
//
// The free functions below implement the MPI-1 group algebra with the standard's ordering rules and
// throw MpiError for user errors (bad ranks, bad ranges).

#include <cstddef>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace xo::mpi {

class Group {
 public:
  Group(const Group&) = delete;
  Group& operator=(const Group&) = delete;

  // World ranks first, first+1, ..., first+count-1, stored without a member list.
  static std::shared_ptr<const Group> range(int first, int count);
  // Members in group-rank order; they must be distinct non-negative world ranks (a precondition,
  // not a user error). A contiguous ascending list is stored as a range.
  static std::shared_ptr<const Group> from_world_ranks(std::vector<int> world_ranks);
  // The one shared empty group (what MPI_GROUP_EMPTY denotes).
  static const std::shared_ptr<const Group>& empty();

  int size() const { return size_; }
  // World rank of group rank `rank`; requires 0 <= rank < size().
  int world_rank(int rank) const;
  // Group rank of `world_rank`, or MPI_UNDEFINED if it is not a member.
  int rank_of(int world_rank) const;
  bool contains(int world_rank) const;
  // All members in group-rank order (materialized; O(size)).
  std::vector<int> world_ranks() const;

  // Stored as a contiguous range, i.e. without per-member storage.
  bool is_range() const { return members_.empty(); }
  // Heap memory held by this group (0 for ranges); lets tests prove the world group is O(1).
  std::size_t heap_bytes() const;

 private:
  Group(int first, int count);
  explicit Group(std::vector<int> members);

  int first_ = 0;  // range groups only
  int size_ = 0;
  std::vector<int> members_;                   // list groups: world rank by group rank
  std::vector<std::pair<int, int>> by_world_;  // list groups: (world rank, group rank), sorted
};

// MPI_Group_incl: members ranks[0], ranks[1], ... of `group`, in that order.
std::shared_ptr<const Group> incl(const Group& group, std::span<const int> ranks);
// MPI_Group_excl: the members of `group` not listed in `ranks`, in group order.
std::shared_ptr<const Group> excl(const Group& group, std::span<const int> ranks);
// MPI_Group_range_incl: each range is {first, last, stride}; stride may be negative, not zero.
std::shared_ptr<const Group> range_incl(const Group& group, std::span<const int[3]> ranges);
// MPI_Group_translate_ranks: MPI_PROC_NULL stays MPI_PROC_NULL; non-members of `to` give MPI_UNDEFINED.
std::vector<int> translate_ranks(const Group& from, std::span<const int> ranks, const Group& to);
// MPI_Group_union: all of a in order, then the members of b not in a, in b's order.
std::shared_ptr<const Group> set_union(const Group& a, const Group& b);
// MPI_Group_intersection: members of a that are also in b, in a's order.
std::shared_ptr<const Group> intersection(const Group& a, const Group& b);
// MPI_Group_difference: members of a that are not in b, in a's order.
std::shared_ptr<const Group> difference(const Group& a, const Group& b);
// MPI_Group_compare: MPI_IDENT, MPI_SIMILAR or MPI_UNEQUAL.
int compare(const Group& a, const Group& b);

}  // namespace xo::mpi
