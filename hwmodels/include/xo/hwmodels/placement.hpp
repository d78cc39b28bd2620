#pragma once
// Where a job's ranks run and how far apart they are. Consecutive ranks fill a node (block
// placement, as yod, aprun -N and mpprun placed them); nodes fill the job's partition of the
// network in order, first dimension fastest. The partition is the smallest near-cubic torus of the
// machine's dimensionality that holds the job's nodes: an assumption, since the batch system chose
// real partitions.

#include <array>
#include <cstddef>
#include <cstdint>

namespace xo::hw {

enum class NetworkShape : std::uint8_t {
  Torus,     // k-ary n-cube with wrap-around links (AP1000 T-net, T3D, T3E, XT3, XE6)
  Crossbar,  // a switch: every pair of nodes one hop apart (Power4 and SX-6 clusters)
};

struct Topology {
  NetworkShape shape = NetworkShape::Crossbar;
  int dimensions = 1;  // Torus: 1 to 3
};

class Placement {
 public:
  Placement() = default;
  Placement(Topology topology, int ranks_per_node, int ranks);

  int ranks_per_node() const { return ranks_per_node_; }
  int node_of(int rank) const { return rank / ranks_per_node_; }
  int nodes() const { return nodes_; }
  // Nodes along each dimension of the partition (unused dimensions are 1).
  const std::array<int, 3>& extent() const { return extent_; }
  // Router-to-router links a message between the nodes of two ranks crosses: 0 on one node, 1
  // between neighbours (and across a crossbar), the shortest way round each ring of a torus.
  int hops(int rank_a, int rank_b) const;
  // Directed router links of a torus partition: six per router position (+ and - along each
  // dimension; the partition may have more positions than the job has nodes); none for a crossbar.
  int links() const { return topology_.shape == NetworkShape::Torus ? extent_[0] * extent_[1] * extent_[2] * 6 : 0; }
  // Calls visit(link) for each link a message between the nodes of two ranks crosses, in order:
  // dimension by dimension (dimension-order routing), the shorter way round each ring, the + way
  // on a tie. As many links as hops().
  template <class Visit>
  void route(int rank_a, int rank_b, Visit visit) const;

 private:
  // A node's position in the partition, first dimension fastest.
  std::array<int, 3> coordinates(int node) const {
    std::array<int, 3> at{};
    for (std::size_t d = 0; d < 3; node /= extent_[d], ++d) at[d] = node % extent_[d];
    return at;
  }

  Topology topology_;
  int ranks_per_node_ = 1;
  int nodes_ = 1;
  std::array<int, 3> extent_{1, 1, 1};
};

template <class Visit>
void Placement::route(int rank_a, int rank_b, Visit visit) const {
  if (topology_.shape != NetworkShape::Torus) return;
  std::array<int, 3> at = coordinates(node_of(rank_a));
  const std::array<int, 3> to = coordinates(node_of(rank_b));
  const auto index = [&] { return at[0] + extent_[0] * (at[1] + extent_[1] * at[2]); };
  for (std::size_t d = 0; d < 3; ++d) {
    const int k = extent_[d];
    const int ahead = ((to[d] - at[d]) % k + k) % k;  // steps the + way
    const bool plus = ahead <= k - ahead;
    for (int step = 0, steps = plus ? ahead : k - ahead; step < steps; ++step) {
      visit(index() * 6 + static_cast<int>(d) * 2 + (plus ? 0 : 1));
      at[d] = (at[d] + (plus ? 1 : k - 1)) % k;
    }
  }
}

}  // namespace xo::hw
