#include "xo/hwmodels/placement.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace xo::hw {

Placement::Placement(Topology topology, int ranks_per_node, int ranks)
    : topology_(topology), ranks_per_node_(std::max(1, ranks_per_node)) {
  nodes_ = std::max(1, (std::max(1, ranks) + ranks_per_node_ - 1) / ranks_per_node_);
  if (topology_.shape != NetworkShape::Torus) return;
  const int dims = std::clamp(topology_.dimensions, 1, 3);
  // Fill dimension by dimension: each takes the d-th root of what the remaining ones must hold, so a
  // job of 64 nodes gets 4x4x4, one of 12 nodes 3x2x2, one of 7 nodes 2x2x2 (a node of it unused).
  int remaining = nodes_;
  for (int d = 0; d < dims; ++d) {
    const int left = dims - d;
    int k = static_cast<int>(std::ceil(std::pow(static_cast<double>(remaining), 1.0 / left) - 1e-9));
    k = std::max(1, k);
    extent_[static_cast<std::size_t>(d)] = k;
    remaining = (remaining + k - 1) / k;
  }
}

int Placement::hops(int rank_a, int rank_b) const {
  const int a = node_of(rank_a);
  const int b = node_of(rank_b);
  if (a == b) return 0;
  if (topology_.shape != NetworkShape::Torus) return 1;
  const std::array<int, 3> at = coordinates(a), to = coordinates(b);
  int hops = 0;
  for (std::size_t d = 0; d < 3; ++d) {
    const int distance = std::abs(at[d] - to[d]);
    hops += std::min(distance, extent_[d] - distance);
  }
  return hops;
}

}  // namespace xo::hw
