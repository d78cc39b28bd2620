#include "xo/mpi/state/comm_meeting.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <vector>

#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/topology.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

// Who meets: an intercommunicator's two groups, side 0 first.
int meeting_size(const CommHandle& c) { return c.size() + (c.is_inter() ? c.peer_size() : 0); }
int meeting_slot(const CommHandle& c) {
  return c.is_inter() && c.shared->side == 1 ? c.peer_size() + c.my_rank : c.my_rank;
}

}  // namespace

std::shared_ptr<const CommShared> CommMeetings::meet(World& world, CommHandle& parent, MeetingKind kind,
                                                     const char* call, MeetingInput input) {  // simcall
  sim::Simcall simcall(world.engine());
  const Key key{parent.shared->context, ++parent.collective_sequence, {}};
  const std::string where = parent.is_inter() ? parent.shared->name + " (both groups)" : parent.shared->name;
  return gather(world, key, meeting_size(parent), meeting_slot(parent), call, where, std::move(input), [&](Meeting& m) {
    parent.is_inter() ? build_inter(world, parent, kind, m) : build(world, parent, kind, m);
  });
}

std::shared_ptr<const CommShared> CommMeetings::meet_group(World& world, CommHandle& parent, const char* call,
                                                           std::shared_ptr<const Group> group, int tag) {  // simcall
  sim::Simcall simcall(world.engine());
  std::string members = std::to_string(tag) + ":";
  for (int r = 0; r < group->size(); ++r) members += std::to_string(group->world_rank(r)) + ",";
  const Key key{parent.shared->context, ++parent.group_creations[members], members};
  const int my_index = group->rank_of(world.self().world_rank);
  const int n = group->size();
  const std::string where = parent.shared->name + " (tag " + std::to_string(tag) + ")";
  return gather(world, key, n, my_index, call, where, MeetingInput{}, [&](Meeting& m) {
    auto shared = std::make_shared<CommShared>();
    shared->context = world.new_context();
    shared->group = group;
    shared->name = "communicator created from a group of " + parent.shared->name;
    m.results.assign(static_cast<std::size_t>(n), shared);
  });
}

std::shared_ptr<const CommShared> CommMeetings::gather(World& world, const Key& key, int n, int my_index,
                                                       const char* call, const std::string& where, MeetingInput input,
                                                       const std::function<void(Meeting&)>& build_results) {
  sim::Engine& engine = world.engine();
  RankState& self = world.self();
  Meeting& m = meetings_[key];
  if (m.inputs.empty()) m.inputs.resize(static_cast<std::size_t>(n));
  m.inputs[static_cast<std::size_t>(my_index)] = std::move(input);
  m.latest = std::max(m.latest, engine.now());
  if (++m.arrived == n) {
    build_results(m);
    const hw::LinkCost c = world.machine().link(0, n > 1 ? 1 : 0);
    const int steps = 2 * std::bit_width(static_cast<unsigned>(n - 1));
    const sim::Time finish = m.latest + steps * sim::seconds_to_time(c.latency + c.send_overhead + c.recv_overhead);
    m.done = true;
    for (int sleeper : m.sleepers) engine.wake(sleeper, finish);
    engine.advance_to(finish);
  } else {
    m.sleepers.push_back(engine.current_fiber());
    self.meeting_note = std::string(call) + " on " + where + ", waiting for " + std::to_string(n - m.arrived) +
                        " more of its " + std::to_string(n) + " ranks to call it";
    while (!m.done) engine.block();
    self.meeting_note.clear();
  }
  auto result = m.results[static_cast<std::size_t>(my_index)];
  const int error_class = m.error_class;
  const std::string error = m.error;
  if (++m.collected == n) meetings_.erase(key);
  if (error_class != MPI_SUCCESS) throw MpiError(error_class, error);
  return result;
}

void CommMeetings::build(World& world, const CommHandle& parent, MeetingKind kind, Meeting& m) {
  const int n = parent.size();
  m.results.resize(static_cast<std::size_t>(n));
  if (kind == MeetingKind::Dup || kind == MeetingKind::DistGraph) {
    auto shared = std::make_shared<CommShared>();
    shared->context = world.new_context();
    shared->group = parent.shared->group;
    if (kind == MeetingKind::Dup) {
      shared->name = "dup of " + parent.shared->name;
      shared->topology = parent.shared->topology;
    } else {
      shared->name = "distributed graph of " + parent.shared->name;
      std::vector<std::shared_ptr<const DistGraphInput>> parts;
      for (const MeetingInput& input : m.inputs) parts.push_back(input.dist_graph);
      shared->topology = assemble_dist_graph(parts);
    }
    std::fill(m.results.begin(), m.results.end(), shared);
    return;
  }
  if (kind == MeetingKind::Create) {
    // MPI-2.2: members may pass different, disjoint groups; each member of a group gets the
    // communicator of that group (a member outside its own group gets none). Contexts go to the
    // groups in the order of their lowest parent rank, so arrival order does not matter.
    std::map<std::vector<int>, std::shared_ptr<CommShared>> made;
    for (int r = 0; r < n; ++r) {
      const MeetingInput& input = m.inputs[static_cast<std::size_t>(r)];
      if (!input.group->contains(parent.world_rank(r))) continue;
      std::vector<int> members;
      for (int i = 0; i < input.group->size(); ++i) members.push_back(input.group->world_rank(i));
      std::shared_ptr<CommShared>& shared = made[members];
      if (!shared) {
        shared = std::make_shared<CommShared>();
        shared->context = world.new_context();
        shared->group = input.group;
        shared->name = "communicator created from " + parent.shared->name;
        shared->topology = input.topology;
      }
      m.results[static_cast<std::size_t>(r)] = shared;
    }
    return;
  }
  // Split: one communicator per color, members ordered by (key, parent rank); colors in ascending
  // order take contexts in ascending order, so the result does not depend on arrival order.
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) order[static_cast<std::size_t>(r)] = r;
  auto input = [&](int r) -> const MeetingInput& { return m.inputs[static_cast<std::size_t>(r)]; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (input(a).color != input(b).color) return input(a).color < input(b).color;
    return input(a).key < input(b).key;
  });
  for (std::size_t begin = 0; begin < order.size();) {
    const int color = input(order[begin]).color;
    std::size_t end = begin;
    while (end < order.size() && input(order[end]).color == color) ++end;
    if (color != MPI_UNDEFINED) {
      std::vector<int> members;
      for (std::size_t i = begin; i < end; ++i) members.push_back(parent.world_rank(order[i]));
      auto shared = std::make_shared<CommShared>();
      shared->context = world.new_context();
      shared->group = Group::from_world_ranks(std::move(members));
      shared->name = "split of " + parent.shared->name + " (color " + std::to_string(color) + ")";
      shared->topology = input(order[begin]).topology;
      for (std::size_t i = begin; i < end; ++i) m.results[static_cast<std::size_t>(order[i])] = shared;
    }
    begin = end;
  }
}

}  // namespace xo::mpi
