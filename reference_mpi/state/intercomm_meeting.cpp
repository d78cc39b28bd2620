// What the members of an intercommunicator build when they meet (MPI-2.2 semantics): a dup, a
// split or a created subset is again an intercommunicator, MPI_COMM_NULL where either group is
// empty; a merge is an intracommunicator of both groups.

#include <algorithm>
#include <string>

#include "xo/mpi/state/comm_meeting.hpp"
#include "xo/mpi/state/intercomm_sides.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// The meeting's view of the two groups: slots [0, n0) are side 0's ranks, [n0, n0 + n1) side 1's.
struct Sides {
  std::shared_ptr<const Group> group[2];
  int first_slot[2];
  int size(int side) const { return group[side]->size(); }
};

Sides sides_of(const CommHandle& parent) {
  const CommShared& c = *parent.shared;
  Sides s;
  s.group[c.side] = c.group;
  s.group[1 - c.side] = c.remote_group;
  s.first_slot[0] = 0;
  s.first_slot[1] = s.group[0]->size();
  return s;
}

// Merge: the group that passed high = false first; if both passed the same, side 0 (the group
// with the lowest MPI_COMM_WORLD rank) first.
void build_merge(World& world, const CommHandle& parent, const Sides& sides, std::vector<MeetingInput>& inputs,
                 std::vector<std::shared_ptr<const CommShared>>& results, int& error_class, std::string& error) {
  int high[2];
  for (int side = 0; side < 2; ++side) {
    const int first = sides.first_slot[side];
    high[side] = inputs[static_cast<std::size_t>(first)].color;
    for (int r = 1; r < sides.size(side); ++r) {
      if (inputs[static_cast<std::size_t>(first + r)].color == high[side]) continue;
      error_class = MPI_ERR_ARG;
      error = "the ranks of one group of " + parent.shared->name + " passed different values of high (rank 0 " +
              (high[side] ? "true" : "false") + ", rank " + std::to_string(r) + " " + (high[side] ? "false" : "true") +
              "); every rank of a group must pass the same high";
      return;
    }
  }
  const int first = high[0] != 0 && high[1] == 0 ? 1 : 0;
  std::vector<int> members = sides.group[first]->world_ranks();
  const std::vector<int> second = sides.group[1 - first]->world_ranks();
  members.insert(members.end(), second.begin(), second.end());
  auto shared = std::make_shared<CommShared>();
  shared->context = world.new_context();
  shared->group = Group::from_world_ranks(std::move(members));
  shared->name = "merge of " + parent.shared->name;
  std::fill(results.begin(), results.end(), shared);
}

// MPI_Comm_create: each group names a subset of itself, the same at every member of the group.
void build_create(World& world, const CommHandle& parent, const Sides& sides, std::vector<MeetingInput>& inputs,
                  std::vector<std::shared_ptr<const CommShared>>& results, int& error_class, std::string& error) {
  std::shared_ptr<const Group> chosen[2];
  for (int side = 0; side < 2; ++side) {
    const int first = sides.first_slot[side];
    chosen[side] = inputs[static_cast<std::size_t>(first)].group;
    for (int r = 1; r < sides.size(side); ++r) {
      if (compare(*inputs[static_cast<std::size_t>(first + r)].group, *chosen[side]) == MPI_IDENT) continue;
      error_class = MPI_ERR_GROUP;
      error = "ranks 0 and " + std::to_string(r) + " of one group of " + parent.shared->name +
              " passed different groups to MPI_Comm_create; every rank of a group must pass the same group";
      return;
    }
  }
  if (chosen[0]->size() == 0 || chosen[1]->size() == 0) return;  // MPI_COMM_NULL for all
  const auto made = make_intercomm(world, chosen[0], chosen[1], "intercommunicator created from " + parent.shared->name,
                                   parent.shared->context);
  for (int side = 0; side < 2; ++side) {
    for (int r = 0; r < sides.size(side); ++r) {
      if (chosen[side]->contains(sides.group[side]->world_rank(r))) {
        results[static_cast<std::size_t>(sides.first_slot[side] + r)] = made[static_cast<std::size_t>(side)];
      }
    }
  }
}

// MPI_Comm_split: per color, the members of each group ordered by (key, rank in their group);
// colors in ascending order take contexts in ascending order. A color only one group chose gives
// its members MPI_COMM_NULL.
void build_split(World& world, const CommHandle& parent, const Sides& sides, std::vector<MeetingInput>& inputs,
                 std::vector<std::shared_ptr<const CommShared>>& results) {
  auto input = [&](int slot) -> const MeetingInput& { return inputs[static_cast<std::size_t>(slot)]; };
  std::vector<int> colors;
  for (const MeetingInput& in : inputs) {
    if (in.color != MPI_UNDEFINED) colors.push_back(in.color);
  }
  std::sort(colors.begin(), colors.end());
  colors.erase(std::unique(colors.begin(), colors.end()), colors.end());
  for (int color : colors) {
    std::vector<int> slots[2];
    for (int side = 0; side < 2; ++side) {
      for (int r = 0; r < sides.size(side); ++r) {
        if (input(sides.first_slot[side] + r).color == color) slots[side].push_back(sides.first_slot[side] + r);
      }
      std::stable_sort(slots[side].begin(), slots[side].end(),
                       [&](int a, int b) { return input(a).key < input(b).key; });
    }
    if (slots[0].empty() || slots[1].empty()) continue;
    std::shared_ptr<const Group> groups[2];
    for (int side = 0; side < 2; ++side) {
      std::vector<int> members;
      for (int slot : slots[side]) members.push_back(sides.group[side]->world_rank(slot - sides.first_slot[side]));
      groups[side] = Group::from_world_ranks(std::move(members));
    }
    const auto made = make_intercomm(world, groups[0], groups[1],
                                     "split of " + parent.shared->name + " (color " + std::to_string(color) + ")",
                                     parent.shared->context);
    for (int side = 0; side < 2; ++side) {
      for (int slot : slots[side]) results[static_cast<std::size_t>(slot)] = made[static_cast<std::size_t>(side)];
    }
  }
}

}  // namespace

void CommMeetings::build_inter(World& world, const CommHandle& parent, MeetingKind kind, Meeting& m) {
  const Sides sides = sides_of(parent);
  m.results.resize(m.inputs.size());
  switch (kind) {
    case MeetingKind::Dup: {
      const auto made = make_intercomm(world, sides.group[0], sides.group[1], "dup of " + parent.shared->name,
                                       parent.shared->context);
      for (int side = 0; side < 2; ++side) {
        const auto first = m.results.begin() + sides.first_slot[side];
        std::fill(first, first + sides.size(side), made[static_cast<std::size_t>(side)]);
      }
      return;
    }
    case MeetingKind::Merge: return build_merge(world, parent, sides, m.inputs, m.results, m.error_class, m.error);
    case MeetingKind::Create: return build_create(world, parent, sides, m.inputs, m.results, m.error_class, m.error);
    case MeetingKind::Split: return build_split(world, parent, sides, m.inputs, m.results);
    case MeetingKind::DistGraph:  // topologies are for intracommunicators (MPI-3.1 section 7.1)
      m.error_class = MPI_ERR_COMM;
      m.error = parent.shared->name + " is an intercommunicator; a distributed graph needs an intracommunicator";
      return;
  }
}

}  // namespace xo::mpi
