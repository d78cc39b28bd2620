// The bundled examples, built with `xo cc` and run with `xo run`, each checked against a result
// computed here independently.

#include <gtest/gtest.h>

#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include "support/run_command.hpp"

using xo::test::contains;
using xo::test::run_command;

namespace {

const std::string kXo = XO_BINARY;

xo::test::CommandResult run_example(const std::string& options, const std::string& example,
                                    const std::string& args = "") {
  return run_command(kXo + " run -q --compute=none " + options + " " + XO_EXAMPLES_DIR + "/" + example + " " + args);
}

// The stencil in plain serial C++, written independently of the example.
double serial_stencil_checksum(int n, int iterations) {
  const int w = n + 2;
  std::vector<double> u(static_cast<std::size_t>(w * w), 0.0), v;
  for (int j = 0; j < w; ++j) u[static_cast<std::size_t>(j)] = 1.0;
  v = u;
  for (int it = 0; it < iterations; ++it) {
    for (int i = 1; i <= n; ++i) {
      for (int j = 1; j <= n; ++j) {
        auto at = [&](int a, int b) { return u[static_cast<std::size_t>(a * w + b)]; };
        v[static_cast<std::size_t>(i * w + j)] = 0.25 * (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1));
      }
    }
    std::swap(u, v);
  }
  double sum = 0;
  for (int i = 1; i <= n; ++i) {
    for (int j = 1; j <= n; ++j) sum += u[static_cast<std::size_t>(i * w + j)];
  }
  return sum;
}

}  // namespace

TEST(Examples, RingTokenSumIsLapsTimesTriangularNumber) {
  for (int ranks : {1, 2, 7, 16}) {
    auto r = run_example("-n " + std::to_string(ranks), "ring", "5");
    ASSERT_EQ(r.status, 0) << r.err;
    const long expected = 5L * ranks * (ranks - 1) / 2;
    EXPECT_TRUE(
        contains(r.out, "ring: " + std::to_string(ranks) + " ranks, 5 laps, token sum " + std::to_string(expected)))
        << r.out;
  }
}

TEST(Examples, NodeOffsetsTileTheItemsOnEveryNodeSize) {
  for (int per_node : {1, 4, 24}) {
    const int ranks = 9;
    auto r = run_example("-n 9 --machine xe6 --param ranks_per_node=" + std::to_string(per_node), "node_offsets");
    ASSERT_EQ(r.status, 0) << r.err;
    const int items = ranks * (ranks + 1) / 2, rank_sum = ranks * (ranks - 1) / 2, even_sum = 0 + 2 + 4 + 6 + 8;
    const int on_node_zero = per_node < ranks ? per_node : ranks;
    EXPECT_TRUE(contains(r.out, "node_offsets: 9 ranks on work, " + std::to_string(items) +
                                    " items, offsets tile the items, " + std::to_string(on_node_zero) +
                                    " ranks on rank 0's node, rank sum " + std::to_string(rank_sum) + ", even sum " +
                                    std::to_string(even_sum) + ", attribute 42"))
        << r.out;
  }
}

TEST(Examples, MasterWorkerSumsEveryTaskOnce) {
  const int tasks = 40;
  long long expected = 0;
  for (long long t = 1; t <= tasks; ++t) expected += t * (t + 1) * (2 * t + 1) / 6;  // sum of squares 1..t
  auto r = run_example("-n 4", "master_worker", std::to_string(tasks));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "master_worker: 40 tasks, 3 workers, result " + std::to_string(expected))) << r.out;
  int done = 0;
  for (int w = 1; w <= 3; ++w) {
    std::smatch m;
    const std::regex line("worker " + std::to_string(w) + " did ([0-9]+) tasks");
    ASSERT_TRUE(std::regex_search(r.out, m, line)) << r.out;
    done += std::stoi(m[1]);
  }
  EXPECT_EQ(done, tasks);
}

TEST(Examples, StencilChecksumMatchesSerialForEveryDecomposition) {
  char expected[64];
  std::snprintf(expected, sizeof expected, "checksum %.10e", serial_stencil_checksum(48, 60));
  std::string first_residual;
  for (int ranks : {1, 2, 4, 6}) {
    auto r = run_example("-n " + std::to_string(ranks), "stencil2d", "48 60");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, expected)) << ranks << " ranks: " << r.out << " expected " << expected;
    // The residual (an MPI_Allreduce of each rank's largest change) is the same however the grid is split.
    const std::string residual = r.out.substr(r.out.find("residual "));
    if (first_residual.empty()) first_residual = residual;
    EXPECT_EQ(residual, first_residual) << ranks << " ranks";
    EXPECT_EQ(residual.find("residual 0.0"), std::string::npos) << residual;
  }
}

TEST(Examples, TopologyStencilMatchesSerialAndTheMpiOneStencil) {
  // Cartesian grid, neighbourhood alltoallw and persistent halo exchanges, subarray gathers: the
  // same checksum as the serial stencil, and the same residual as stencil2d.
  char expected[64];
  std::snprintf(expected, sizeof expected, "checksum %.10e", serial_stencil_checksum(48, 60));
  auto reference = run_example("-n 4", "stencil2d", "48 60");
  ASSERT_EQ(reference.status, 0) << reference.err;
  const std::string residual = reference.out.substr(reference.out.find("residual "));
  for (int ranks : {1, 3, 4, 6, 8}) {
    auto r = run_example("-n " + std::to_string(ranks), "stencil_topology", "48 60");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, expected)) << ranks << " ranks: " << r.out << " expected " << expected;
    EXPECT_TRUE(contains(r.out, residual)) << ranks << " ranks: " << r.out << " expected " << residual;
  }
}

TEST(Examples, OneSidedStencilMatchesSerialInEverySynchronisationMode) {
  // Halos put into the neighbours' ghost cells under fences, post-start-complete-wait and locks.
  const double expected = serial_stencil_checksum(48, 60);
  for (const std::string mode : {"fence", "pscw", "lock"}) {
    for (const auto& [ranks, machine] :
         std::vector<std::pair<int, std::string>>{{1, "loggp"}, {4, "loggp"}, {6, "xt3"}, {8, "x1"}}) {
      auto r = run_example("-n " + std::to_string(ranks) + " --machine " + machine, "stencil_rma", mode + " 48 60");
      ASSERT_EQ(r.status, 0) << mode << ", " << ranks << " ranks: " << r.err;
      std::smatch m;
      ASSERT_TRUE(std::regex_search(r.out, m, std::regex(mode + ", checksum ([-+.0-9e]+)"))) << r.out;
      EXPECT_NEAR(std::stod(m[1]), expected, 1e-10 * expected) << mode << ", " << ranks << " ranks on " << machine;
    }
  }
  auto wrong = run_example("-n 2", "stencil_rma", "mutex 8 1");
  EXPECT_NE(wrong.status, 0);
  EXPECT_TRUE(contains(wrong.err, "unknown mode 'mutex'")) << wrong.err;
}

TEST(Examples, FortranHaloExchangeMatchesTheSerialStencil) {
  // The Fortran example iterates the same problem as stencil2d over a 1-D Cartesian split of its
  // columns: the C++ serial checksum above, on the default machine and a Cray, however many ranks.
  char expected[64];
  std::snprintf(expected, sizeof expected, "checksum %.10e", serial_stencil_checksum(48, 60));
  for (const char* machine : {"loggp", "xt3"}) {
    for (int ranks : {1, 3, 4}) {
      auto r = run_example("--machine " + std::string(machine) + " -n " + std::to_string(ranks), "halo_exchange");
      ASSERT_EQ(r.status, 0) << machine << ", " << ranks << " ranks: " << r.err;
      EXPECT_TRUE(contains(r.out, expected)) << ranks << " ranks: " << r.out << " expected " << expected;
      EXPECT_TRUE(contains(r.out, "verified against the serial iteration")) << r.out;
    }
  }
  auto too_small = run_example("-n 4", "halo_exchange", "3");
  EXPECT_NE(too_small.status, 0);
  EXPECT_TRUE(contains(too_small.out, "N=3 is smaller than the 4 ranks")) << too_small.out << too_small.err;
}

TEST(Examples, FortranOneSidedHaloExchangeMatchesTheSerialStencil) {
  const double expected = serial_stencil_checksum(48, 60);
  for (const std::string mode : {"fence", "pscw"}) {
    for (const char* machine : {"loggp", "xt3"}) {
      for (int ranks : {1, 3, 4}) {
        auto r = run_example("--machine " + std::string(machine) + " -n " + std::to_string(ranks), "halo_exchange_rma",
                             "48 60 " + mode);
        ASSERT_EQ(r.status, 0) << mode << " on " << machine << ", " << ranks << " ranks: " << r.err;
        std::smatch m;
        ASSERT_TRUE(std::regex_search(r.out, m, std::regex(mode + ", checksum +([-+.0-9eE]+)"))) << r.out;
        EXPECT_NEAR(std::stod(m[1]), expected, 1e-10 * expected) << mode << " on " << machine << ", " << ranks;
      }
    }
  }
  auto wrong = run_example("-n 2", "halo_exchange_rma", "8 1 mutex");
  EXPECT_NE(wrong.status, 0);
  EXPECT_TRUE(contains(wrong.out, "unknown mode mutex; use fence or pscw")) << wrong.out << wrong.err;
}

TEST(Examples, PingpongLatencyFollowsTheMachineParameters) {
  // Half round trip of a message of b bytes: o_s + L + o_r + b*G when eager; a rendezvous adds
  // the request-to-send and clear-to-send latencies (2L).
  const double L = 4.0, o_s = 0.7, o_r = 0.9, G = 0.25;  // us, us, us, ns/byte
  const int eager_limit = 4096;
  auto r = run_example("-n 2 --param L=4 --param o_s=0.7 --param o_r=0.9 --param G=0.25 --param eager_limit=4096",
                       "pingpong", "3");
  ASSERT_EQ(r.status, 0) << r.err;
  for (int bytes : {0, 8, 512, 4096, 8192, 262144}) {
    double expected = o_s + L + o_r + bytes * G * 1e-3;
    if (bytes > eager_limit) expected += 2 * L;
    char row[64];
    std::snprintf(row, sizeof row, "%8d %14.3f", bytes, expected);
    EXPECT_TRUE(contains(r.out, row)) << "expected row '" << row << "' in\n" << r.out;
  }
}
