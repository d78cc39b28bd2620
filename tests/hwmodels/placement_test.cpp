// Placement: block placement of ranks on nodes, the job's torus partition, and router hops.

#include "xo/hwmodels/placement.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "xo/hwmodels/machine_setup.hpp"

using xo::hw::NetworkShape;
using xo::hw::Placement;

TEST(Placement, ConsecutiveRanksFillANode) {
  const Placement p({NetworkShape::Torus, 3}, 24, 49);
  EXPECT_EQ(p.nodes(), 3);
  EXPECT_EQ(p.node_of(0), 0);
  EXPECT_EQ(p.node_of(23), 0);
  EXPECT_EQ(p.node_of(24), 1);
  EXPECT_EQ(p.node_of(48), 2);
  EXPECT_EQ(p.hops(0, 23), 0);
  EXPECT_EQ(p.hops(0, 24), 1);
}

TEST(Placement, ThePartitionIsTheSmallestNearCubeHoldingTheNodes) {
  EXPECT_EQ(Placement({NetworkShape::Torus, 3}, 1, 64).extent(), (std::array<int, 3>{4, 4, 4}));
  EXPECT_EQ(Placement({NetworkShape::Torus, 3}, 1, 12).extent(), (std::array<int, 3>{3, 2, 2}));
  EXPECT_EQ(Placement({NetworkShape::Torus, 3}, 1, 7).extent(), (std::array<int, 3>{2, 2, 2}));
  EXPECT_EQ(Placement({NetworkShape::Torus, 2}, 1, 128).extent(), (std::array<int, 3>{12, 11, 1}));
  EXPECT_EQ(Placement({NetworkShape::Crossbar, 1}, 1, 128).extent(), (std::array<int, 3>{1, 1, 1}));
}

TEST(Placement, HopsTakeTheShortWayRoundEachRing) {
  const Placement p({NetworkShape::Torus, 3}, 1, 64);  // 4 x 4 x 4
  EXPECT_EQ(p.hops(0, 1), 1);
  EXPECT_EQ(p.hops(0, 2), 2);
  EXPECT_EQ(p.hops(0, 3), 1);   // round the ring
  EXPECT_EQ(p.hops(0, 21), 3);  // (1, 1, 1)
  EXPECT_EQ(p.hops(0, 42), 6);  // (2, 2, 2): the far corner
  EXPECT_EQ(p.hops(42, 0), 6);
  const Placement crossbar({NetworkShape::Crossbar, 1}, 8, 64);
  EXPECT_EQ(crossbar.hops(0, 63), 1);
  EXPECT_EQ(crossbar.hops(0, 7), 0);
}

// Dimension-order routes: as many links as hops, each a valid link, distinct along the way, and
// leaving each router on the link of the dimension being corrected.
TEST(Placement, RoutesCrossAsManyLinksAsHopsAndStayInThePartition) {
  for (const int ranks : {2, 7, 16, 64, 100}) {
    const Placement p({NetworkShape::Torus, 3}, 1, ranks);
    for (int a = 0; a < ranks; ++a) {
      for (int b = 0; b < ranks; ++b) {
        std::vector<int> links;
        p.route(a, b, [&](int link) { links.push_back(link); });
        ASSERT_EQ(static_cast<int>(links.size()), p.hops(a, b)) << ranks << ": " << a << " to " << b;
        for (const int link : links) {
          ASSERT_GE(link, 0);
          ASSERT_LT(link, p.links());
        }
        std::sort(links.begin(), links.end());
        EXPECT_EQ(std::adjacent_find(links.begin(), links.end()), links.end()) << "a route crosses a link once";
      }
    }
  }
  // 64 nodes: 4x4x4. Node 0 to node 2 (two + steps along x) and node 1 to node 3 share node 1's +x link.
  const Placement p({NetworkShape::Torus, 3}, 1, 64);
  std::vector<int> first, second;
  p.route(0, 2, [&](int link) { first.push_back(link); });
  p.route(1, 3, [&](int link) { second.push_back(link); });
  EXPECT_EQ(first, (std::vector<int>{0 * 6 + 0, 1 * 6 + 0}));
  EXPECT_EQ(second, (std::vector<int>{1 * 6 + 0, 2 * 6 + 0}));
  EXPECT_EQ(Placement({NetworkShape::Crossbar, 1}, 1, 64).links(), 0);
}

TEST(Placement, MachinesPlaceAsTheirLaunchersDid) {
  const auto per_node = [](const char* machine, std::vector<std::string> params = {}) {
    return xo::hw::configured_machine(machine, 64, params, xo::hw::lookup_in({}))->placement().ranks_per_node();
  };
  EXPECT_EQ(per_node("xe6"), 24);
  EXPECT_EQ(per_node("xt3"), 1);
  EXPECT_EQ(per_node("xt3", {"ranks_per_node=2"}), 2);
  EXPECT_EQ(per_node("t3d"), 2);
  EXPECT_EQ(per_node("t3e"), 1);
  EXPECT_EQ(per_node("ap1000"), 1);
  EXPECT_EQ(per_node("x1"), 4);
  EXPECT_EQ(per_node("sx6"), 8);
  EXPECT_EQ(per_node("power4"), 32);
  EXPECT_THROW(per_node("xt3", {"ranks_per_node=3"}), std::exception);  // a node has two cores
}
