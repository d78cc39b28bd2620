#include "xo/mpi/state/intercomm_sides.hpp"

#include <algorithm>

#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

int lowest_world_rank(const Group& group) {
  if (group.is_range()) return group.world_rank(0);
  int lowest = group.world_rank(0);
  for (int r = 1; r < group.size(); ++r) lowest = std::min(lowest, group.world_rank(r));
  return lowest;
}

std::shared_ptr<const CommShared> make_inter_side(World& world, int context, std::shared_ptr<const Group> local,
                                                  std::shared_ptr<const Group> remote, const std::string& name,
                                                  int common_context) {
  auto hidden = std::make_shared<CommShared>();
  hidden->context = world.new_context();
  hidden->group = local;
  hidden->name = name;  // errors and deadlock reports of local steps name the intercommunicator

  auto side = std::make_shared<CommShared>();
  side->context = context;
  side->side = lowest_world_rank(*local) < lowest_world_rank(*remote) ? 0 : 1;
  side->group = std::move(local);
  side->remote_group = std::move(remote);
  side->name = name;
  side->local_comm = std::move(hidden);
  side->common_context = common_context;
  return side;
}

std::array<std::shared_ptr<const CommShared>, 2> make_intercomm(World& world, std::shared_ptr<const Group> a,
                                                                std::shared_ptr<const Group> b, const std::string& name,
                                                                int common_context) {
  const int context = world.new_context();
  auto side_a = make_inter_side(world, context, a, b, name, common_context);
  auto side_b = make_inter_side(world, context, std::move(b), std::move(a), name, common_context);
  return {std::move(side_a), std::move(side_b)};
}

}  // namespace xo::mpi
