#pragma once
// Where a job's ranks run and how far apart they are. Consecutive ranks fill a node (block
// placement, as yod, aprun -N and mpprun placed them); nodes fill the job's partition of the
// network in order, first dimension fastest. The partition is the smallest near-cubic torus of the
// machine's dimensionality that holds the job's nodes: an assumption, since the batch system chose
// real partitions.

#include <array>
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

 private:
  Topology topology_;
  int ranks_per_node_ = 1;
  int nodes_ = 1;
  std::array<int, 3> extent_{1, 1, 1};
};

}  // namespace xo::hw
