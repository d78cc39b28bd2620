#include "xo/mpi/state/group.hpp"

#include <mpi.h>

#include <algorithm>
#include <cassert>
#include <climits>
#include <cstdint>
#include <numeric>
#include <optional>
#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

namespace {

std::string valid_ranks_text(const Group& group) {
  if (group.size() == 0) return "the group is empty, so no rank is valid";
  return "valid ranks are 0.." + std::to_string(group.size() - 1) + " for a group of size " +
         std::to_string(group.size());
}

// Throws MPI_ERR_RANK unless `rank` (element `index` of the user's array `array`) is a rank of `group`.
void check_rank(const Group& group, int rank, const char* array, std::size_t index) {
  if (rank >= 0 && rank < group.size()) return;
  throw MpiError(MPI_ERR_RANK, std::string(array) + "[" + std::to_string(index) + "] = " + std::to_string(rank) +
                                   " is not a rank of the group; " + valid_ranks_text(group));
}

// Indices (i < j) of two equal values, preferring the smallest duplicated value; nullopt if all distinct.
std::optional<std::pair<std::size_t, std::size_t>> find_duplicate(std::span<const int> values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return values[x] < values[y]; });
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (values[order[k - 1]] == values[order[k]]) return std::pair{order[k - 1], order[k]};
  }
  return std::nullopt;
}

// Validates the rank list of incl/excl: every entry a rank of `group`, no entry twice.
void check_rank_list(const Group& group, std::span<const int> ranks) {
  for (std::size_t i = 0; i < ranks.size(); ++i) check_rank(group, ranks[i], "ranks", i);
  if (auto dup = find_duplicate(ranks)) {
    throw MpiError(MPI_ERR_RANK, "rank " + std::to_string(ranks[dup->first]) + " is listed twice (ranks[" +
                                     std::to_string(dup->first) + "] and ranks[" + std::to_string(dup->second) +
                                     "]); each rank may appear only once");
  }
}

std::string range_text(std::span<const int[3]> ranges, std::size_t i) {
  return "ranges[" + std::to_string(i) + "] = {" + std::to_string(ranges[i][0]) + ", " + std::to_string(ranges[i][1]) +
         ", " + std::to_string(ranges[i][2]) + "}";
}

// Validates one {first, last, stride} triplet and returns how many ranks it selects.
std::int64_t checked_range_count(const Group& group, std::span<const int[3]> ranges, std::size_t i) {
  const int first = ranges[i][0];
  const int last = ranges[i][1];
  const int stride = ranges[i][2];
  if (stride == 0) {
    throw MpiError(MPI_ERR_ARG, range_text(ranges, i) +
                                    " has stride 0; use a positive stride to count up from "
                                    "first to last or a negative one to count down");
  }
  for (int endpoint : {first, last}) {
    if (endpoint < 0 || endpoint >= group.size()) {
      throw MpiError(MPI_ERR_ARG, range_text(ranges, i) + " names rank " + std::to_string(endpoint) +
                                      ", which is not in the group; " + valid_ranks_text(group) +
                                      " (first and last must both be valid ranks)");
    }
  }
  if ((first < last && stride < 0) || (first > last && stride > 0)) {
    throw MpiError(MPI_ERR_ARG, range_text(ranges, i) + " never reaches last from first; the stride must be " +
                                    (first < last ? "positive" : "negative") + " when first " +
                                    (first < last ? "<" : ">") + " last");
  }
  return (static_cast<std::int64_t>(last) - first) / stride + 1;
}

}  // namespace

Group::Group(int first, int count) : first_(first), size_(count) {}

Group::Group(std::vector<int> members) : size_(static_cast<int>(members.size())), members_(std::move(members)) {
  by_world_.reserve(members_.size());
  for (int i = 0; i < size_; ++i) {
    assert(members_[i] >= 0 && "world ranks are non-negative");
    by_world_.emplace_back(members_[i], i);
  }
  std::sort(by_world_.begin(), by_world_.end());
  assert(std::adjacent_find(by_world_.begin(), by_world_.end(),
                            [](const auto& x, const auto& y) { return x.first == y.first; }) == by_world_.end() &&
         "group members must be distinct");
}

std::shared_ptr<const Group> Group::range(int first, int count) {
  assert(first >= 0 && count >= 0 && count - 1 <= INT_MAX - first);
  if (count == 0) return empty();
  return std::shared_ptr<const Group>(new Group(first, count));
}

std::shared_ptr<const Group> Group::from_world_ranks(std::vector<int> world_ranks) {
  if (world_ranks.empty()) return empty();
  const int first = world_ranks.front();
  bool contiguous = true;
  for (std::size_t i = 0; i < world_ranks.size() && contiguous; ++i) {
    contiguous = static_cast<std::int64_t>(world_ranks[i]) == first + static_cast<std::int64_t>(i);
  }
  if (contiguous) return range(first, static_cast<int>(world_ranks.size()));
  return std::shared_ptr<const Group>(new Group(std::move(world_ranks)));
}

const std::shared_ptr<const Group>& Group::empty() {
  static const std::shared_ptr<const Group> instance(new Group(0, 0));
  return instance;
}

int Group::world_rank(int rank) const {
  assert(rank >= 0 && rank < size_);
  return is_range() ? first_ + rank : members_[rank];
}

int Group::rank_of(int world_rank) const {
  if (is_range()) {
    // Unsigned subtraction folds "below first" into "too large".
    const auto offset = static_cast<unsigned>(world_rank) - static_cast<unsigned>(first_);
    return offset < static_cast<unsigned>(size_) ? static_cast<int>(offset) : MPI_UNDEFINED;
  }
  auto it = std::lower_bound(by_world_.begin(), by_world_.end(), world_rank,
                             [](const std::pair<int, int>& entry, int w) { return entry.first < w; });
  return it != by_world_.end() && it->first == world_rank ? it->second : MPI_UNDEFINED;
}

bool Group::contains(int world_rank) const { return rank_of(world_rank) != MPI_UNDEFINED; }

std::vector<int> Group::world_ranks() const {
  if (!is_range()) return members_;
  std::vector<int> result(size_);
  std::iota(result.begin(), result.end(), first_);
  return result;
}

std::size_t Group::heap_bytes() const {
  return members_.capacity() * sizeof(int) + by_world_.capacity() * sizeof(std::pair<int, int>);
}

std::shared_ptr<const Group> incl(const Group& group, std::span<const int> ranks) {
  check_rank_list(group, ranks);
  std::vector<int> members;
  members.reserve(ranks.size());
  for (int rank : ranks) members.push_back(group.world_rank(rank));
  return Group::from_world_ranks(std::move(members));
}

std::shared_ptr<const Group> excl(const Group& group, std::span<const int> ranks) {
  check_rank_list(group, ranks);
  std::vector<int> excluded(ranks.begin(), ranks.end());
  std::sort(excluded.begin(), excluded.end());
  std::vector<int> members;
  members.reserve(group.size() - excluded.size());
  auto next = excluded.begin();
  for (int rank = 0; rank < group.size(); ++rank) {
    if (next != excluded.end() && *next == rank) {
      ++next;
    } else {
      members.push_back(group.world_rank(rank));
    }
  }
  return Group::from_world_ranks(std::move(members));
}

std::shared_ptr<const Group> range_incl(const Group& group, std::span<const int[3]> ranges) {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < ranges.size(); ++i) total += checked_range_count(group, ranges, i);
  // Bounds memory before the duplicate search when ranges overlap heavily.
  if (total > group.size()) {
    throw MpiError(MPI_ERR_ARG, "the ranges select " + std::to_string(total) + " ranks but the group has only " +
                                    std::to_string(group.size()) +
                                    ", so some rank is selected more than once; ranges must not overlap");
  }
  std::vector<int> ranks;
  std::vector<std::size_t> source;  // index of the range that produced ranks[k]
  ranks.reserve(total);
  source.reserve(total);
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    const int first = ranges[i][0];
    const int stride = ranges[i][2];
    const std::int64_t count = (static_cast<std::int64_t>(ranges[i][1]) - first) / stride + 1;
    for (std::int64_t k = 0; k < count; ++k) {
      ranks.push_back(static_cast<int>(first + k * stride));
      source.push_back(i);
    }
  }
  if (auto dup = find_duplicate(ranks)) {
    throw MpiError(MPI_ERR_ARG, "rank " + std::to_string(ranks[dup->first]) + " is selected by both " +
                                    range_text(ranges, source[dup->first]) + " and " +
                                    range_text(ranges, source[dup->second]) + "; ranges must not overlap");
  }
  for (int& rank : ranks) rank = group.world_rank(rank);
  return Group::from_world_ranks(std::move(ranks));
}

std::vector<int> translate_ranks(const Group& from, std::span<const int> ranks, const Group& to) {
  std::vector<int> result;
  result.reserve(ranks.size());
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    if (ranks[i] == MPI_PROC_NULL) {
      result.push_back(MPI_PROC_NULL);
      continue;
    }
    check_rank(from, ranks[i], "ranks1", i);
    result.push_back(to.rank_of(from.world_rank(ranks[i])));
  }
  return result;
}

std::shared_ptr<const Group> set_union(const Group& a, const Group& b) {
  std::vector<int> members = a.world_ranks();
  for (int i = 0; i < b.size(); ++i) {
    if (!a.contains(b.world_rank(i))) members.push_back(b.world_rank(i));
  }
  return Group::from_world_ranks(std::move(members));
}

std::shared_ptr<const Group> intersection(const Group& a, const Group& b) {
  std::vector<int> members;
  for (int i = 0; i < a.size(); ++i) {
    if (b.contains(a.world_rank(i))) members.push_back(a.world_rank(i));
  }
  return Group::from_world_ranks(std::move(members));
}

std::shared_ptr<const Group> difference(const Group& a, const Group& b) {
  std::vector<int> members;
  for (int i = 0; i < a.size(); ++i) {
    if (!b.contains(a.world_rank(i))) members.push_back(a.world_rank(i));
  }
  return Group::from_world_ranks(std::move(members));
}

int compare(const Group& a, const Group& b) {
  if (&a == &b) return MPI_IDENT;
  if (a.size() != b.size()) return MPI_UNEQUAL;
  if (a.size() == 0) return MPI_IDENT;
  // Two ranges of one size hold the same members exactly when they start at the same world rank.
  if (a.is_range() && b.is_range()) return a.world_rank(0) == b.world_rank(0) ? MPI_IDENT : MPI_UNEQUAL;
  bool same_order = true;
  for (int i = 0; i < a.size() && same_order; ++i) same_order = a.world_rank(i) == b.world_rank(i);
  if (same_order) return MPI_IDENT;
  // Equal sizes and distinct members: a is a subset of b exactly when they have the same members.
  for (int i = 0; i < a.size(); ++i) {
    if (!b.contains(a.world_rank(i))) return MPI_UNEQUAL;
  }
  return MPI_SIMILAR;
}

}  // namespace xo::mpi
