// Virtual time follows the machine's LogGP parameters: expectations are computed here from the
// parameters passed, so a changed parameter must move the result.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simulate.hpp"

using xo::test::simulate;

namespace {

struct Loggp {
  double L, o_s, o_r, g, G_ns;
  int eager_limit;
  std::vector<std::string> params() const {
    return {"L=" + std::to_string(L), "o_s=" + std::to_string(o_s), "o_r=" + std::to_string(o_r),
            "g=" + std::to_string(g), "G=" + std::to_string(G_ns),  "eager_limit=" + std::to_string(eager_limit)};
  }
};

// Half round-trip time in microseconds of `bytes` between ranks 0 and 1.
double half_round_trip(const Loggp& m, int bytes) {
  double half = 0;
  auto result = simulate(
      2,
      [&](int rank, int) {
        std::vector<char> buf(static_cast<std::size_t>(bytes) + 1);
        const double start = MPI_Wtime();
        if (rank == 0) {
          MPI_Send(buf.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
          MPI_Recv(buf.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          half = (MPI_Wtime() - start) / 2 * 1e6;
        } else {
          MPI_Recv(buf.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(buf.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
        }
      },
      m.params());
  EXPECT_EQ(result.exit_code, 0) << result.error;
  return half;
}

}  // namespace

TEST(Timing, EagerOneWayIsOverheadsLatencyAndWireTime) {
  for (const Loggp m : {Loggp{1.5, 0.4, 0.4, 0.5, 0.6, 8192}, Loggp{5.0, 1.0, 2.0, 0.5, 2.0, 8192}}) {
    for (int bytes : {0, 8, 4096}) {
      const double expected = m.o_s + m.L + m.o_r + bytes * m.G_ns * 1e-3;
      EXPECT_NEAR(half_round_trip(m, bytes), expected, 1e-5) << "L=" << m.L << " bytes=" << bytes;
    }
  }
}

TEST(Timing, RendezvousAddsTheHandshake) {
  const Loggp m{2.0, 0.5, 0.5, 0.5, 1.0, 1024};
  const int bytes = 4096;
  // Request-to-send (L), clear-to-send (L), then the data (wire + L).
  const double expected = m.o_s + 3 * m.L + bytes * m.G_ns * 1e-3 + m.o_r;
  EXPECT_NEAR(half_round_trip(m, bytes), expected, 1e-5);
  Loggp raised = m;
  raised.eager_limit = 8192;
  EXPECT_NEAR(half_round_trip(raised, bytes), m.o_s + m.L + bytes * m.G_ns * 1e-3 + m.o_r, 1e-5);
}

TEST(Timing, EagerLimitEnvironmentVariableOverridesTheParameter) {
  double eager = 0, rendezvous = 0;
  for (const char* limit : {"100000", "0"}) {
    xo::mpi::SimulationOptions options;
    options.ranks = 2;
    options.compute = xo::mpi::ComputeMode::None;
    const std::string value = limit;
    options.env_lookup = [&](const char* name) -> const char* {
      return std::string(name) == "XO_EAGER_LIMIT" ? value.c_str() : nullptr;
    };
    double t = 0;
    auto result = xo::mpi::run_simulation(options, [&](int argc, char** argv) {
      MPI_Init(&argc, &argv);
      int rank;
      MPI_Comm_rank(MPI_COMM_WORLD, &rank);
      std::vector<char> buf(1000);
      if (rank == 0) {
        MPI_Send(buf.data(), 1000, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
      } else {
        MPI_Recv(buf.data(), 1000, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        t = MPI_Wtime();
      }
      MPI_Finalize();
      return 0;
    });
    ASSERT_EQ(result.exit_code, 0) << result.error;
    (value == "0" ? rendezvous : eager) = t;
  }
  EXPECT_GT(rendezvous, eager);
}

TEST(Timing, BadEnvironmentValueIsAClearError) {
  xo::mpi::SimulationOptions options;
  options.env_lookup = [](const char* name) -> const char* {
    return std::string(name) == "XO_EAGER_LIMIT" ? "lots" : nullptr;
  };
  try {
    xo::mpi::run_simulation(options, [](int, char**) { return 0; });
    FAIL() << "expected an error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("XO_EAGER_LIMIT=lots is not a whole number"), std::string::npos) << e.what();
  }
}

TEST(Timing, NicGapSerialisesBackToBackSends) {
  // Ten zero-byte sends from one rank: injections are g apart when g exceeds o_s.
  const Loggp m{1.0, 0.1, 0.1, 3.0, 0.0, 8192};
  double last_arrival = 0;
  auto result = simulate(
      2,
      [&](int rank, int) {
        char c = 0;
        for (int i = 0; i < 10; ++i) {
          if (rank == 0) MPI_Send(&c, 0, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
          if (rank == 1) MPI_Recv(&c, 0, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        if (rank == 1) last_arrival = MPI_Wtime() * 1e6;
      },
      m.params());
  ASSERT_EQ(result.exit_code, 0) << result.error;
  // First injection at o_s, then nine gaps, plus latency and the receiver's overhead.
  EXPECT_NEAR(last_arrival, m.o_s + 9 * m.g + m.L + m.o_r, 1e-5);
}

namespace {

// The virtual time one rank's host work (2 M additions between two MPI_Wtime readings) takes
// under --compute=measured with `params` and the compute threshold `threshold_ns`.
double measured_work_seconds(const std::vector<std::string>& params, std::int64_t threshold_ns = 1000) {
  xo::mpi::SimulationOptions options;
  options.compute = xo::mpi::ComputeMode::Measured;
  options.params = params;
  options.compute_threshold_ns = threshold_ns;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  double elapsed = -1;
  auto result = xo::mpi::run_simulation(options, [&](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    const double start = MPI_Wtime();
    volatile double x = 0;
    for (int i = 0; i < 2'000'000; ++i) x = x + i * 0.5;
    elapsed = MPI_Wtime() - start;
    MPI_Finalize();
    return 0;
  });
  EXPECT_EQ(result.exit_code, 0) << result.error;
  return elapsed;
}

}  // namespace

TEST(Timing, MeasuredComputeIsScaledByTheCpuFactor) {
  // The same host work between two MPI calls, simulated with cpu_factor 1 and 1000: the virtual
  // time must scale by about the factor (a ratio, so host speed and noise cancel out).
  auto measure = [](const char* factor) { return measured_work_seconds({std::string("cpu_factor=") + factor}); };
  const double base = measure("1");
  const double scaled = measure("1000");
  EXPECT_GT(base, 0);
  EXPECT_GT(scaled / base, 100);
  EXPECT_LT(scaled / base, 10000);

  double none_elapsed = -1;
  auto result = simulate(1, [&](int, int) {
    const double start = MPI_Wtime();
    volatile double x = 0;
    for (int i = 0; i < 1'000'000; ++i) x = x + i;
    none_elapsed = MPI_Wtime() - start;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_EQ(none_elapsed, 0);  // --compute=none: computation is free
}

// Measured computation under the threshold is not charged (SMPI's cpu-threshold): a burst of
// host work of a few milliseconds counts with the default 1 us threshold, not with a 10 s one.
TEST(Timing, MeasuredComputeUnderTheThresholdIsNotCharged) {
  EXPECT_GT(measured_work_seconds({}, 1000), 1e-4);
  EXPECT_EQ(measured_work_seconds({}, 10'000'000'000), 0);
}

// Under --compute=none a loop spinning on MPI_Wtime takes no virtual time by itself: repeated
// readings of the same time are charged a poll each, so it ends; a timed section that ends where
// the next begins is not charged.
TEST(Timing, ASpinOnWtimeEndsAndBackToBackReadingsAreFree) {
  double spun = -1, back_to_back = -1;
  auto result = xo::test::simulate(1, [&](int, int) {
    const double a = MPI_Wtime();
    const double b = MPI_Wtime();
    back_to_back = b - a;
    const double start = MPI_Wtime();
    while (MPI_Wtime() - start < 1e-3) {
    }
    spun = MPI_Wtime() - start;
  });
  ASSERT_EQ(result.exit_code, 0) << result.error;
  EXPECT_GE(spun, 1e-3);
  EXPECT_LT(spun, 1.1e-3);
  EXPECT_EQ(back_to_back, 0.0);
}
