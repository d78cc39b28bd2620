#include "xo/calibration/experiments.hpp"

#include <mpi.h>

#include <stdexcept>
#include <vector>

#include "xo/reference_mpi/simulation.hpp"

namespace xo::calibration {

namespace {

constexpr int kRepetitions = 3;

xo::mpi::SimulationOptions options_for(const MachineSetup& setup, int ranks) {
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = setup.machine;
  options.params = setup.params;
  options.compute = xo::mpi::ComputeMode::None;
  options.env_lookup = [&setup](const char* name) -> const char* {
    const auto it = setup.env.find(name);
    return it == setup.env.end() ? nullptr : it->second.c_str();
  };
  return options;
}

void check(const xo::mpi::SimulationResult& result) {
  if (result.exit_code != 0) throw std::runtime_error("calibration run failed: " + result.error);
}

}  // namespace

double half_round_trip(const MachineSetup& setup, std::int64_t bytes) {
  double half = 0;
  const auto result = xo::mpi::run_simulation(options_for(setup, 2), [&](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<char> buffer(static_cast<std::size_t>(bytes) + 1);
    const int count = static_cast<int>(bytes);
    const double start = MPI_Wtime();
    for (int i = 0; i < kRepetitions; ++i) {
      if (rank == 0) {
        MPI_Send(buffer.data(), count, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buffer.data(), count, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(buffer.data(), count, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buffer.data(), count, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    }
    if (rank == 0) half = (MPI_Wtime() - start) / (2.0 * kRepetitions);
    MPI_Finalize();
    return 0;
  });
  check(result);
  return half;
}

double pingpong_bandwidth(const MachineSetup& setup, std::int64_t bytes) {
  return static_cast<double>(bytes) / half_round_trip(setup, bytes);
}

std::string protocol_path(const MachineSetup& setup, std::int64_t bytes) {
  xo::mpi::SimulationOptions options = options_for(setup, setup.ranks);
  // Jobs of tens of thousands of ranks, most of them idle, running only this file's code: small
  // stacks without guard pages keep the set-up cheap.
  options.stack_bytes = 64 * 1024;
  options.guard_pages = false;
  std::string path;
  options.on_phase = [&](const xo::mpi::PhaseRecord& record) {
    if (path.empty()) path = std::string(record.path);
  };
  const auto result = xo::mpi::run_simulation(options, [&](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<char> buffer(static_cast<std::size_t>(bytes) + 1);
    if (rank == 0) MPI_Send(buffer.data(), static_cast<int>(bytes), MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(buffer.data(), static_cast<int>(bytes), MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
  });
  check(result);
  return path;
}

std::int64_t largest_size_on_path(const MachineSetup& setup, const std::string& path) {
  constexpr std::int64_t kLimit = std::int64_t{1} << 30;
  // Find some size on the path, then one past its end, then bisect the boundary.
  std::int64_t on = -1;
  for (std::int64_t b = 0; b <= kLimit; b = b == 0 ? 1 : 2 * b) {
    if (protocol_path(setup, b) == path) {
      on = b;
      break;
    }
  }
  if (on < 0) return -1;
  std::int64_t off = on == 0 ? 1 : 2 * on;
  while (off <= kLimit && protocol_path(setup, off) == path) {
    on = off;
    off *= 2;
  }
  if (off > kLimit) return on;
  while (off - on > 1) {
    const std::int64_t mid = on + (off - on) / 2;
    (protocol_path(setup, mid) == path ? on : off) = mid;
  }
  return on;
}

std::int64_t half_bandwidth_size(const MachineSetup& setup, std::int64_t asymptote_bytes) {
  const double half = pingpong_bandwidth(setup, asymptote_bytes) / 2;
  std::int64_t low = 1;
  std::int64_t high = asymptote_bytes;
  while (high - low > 1) {
    const std::int64_t mid = low + (high - low) / 2;
    (pingpong_bandwidth(setup, mid) >= half ? high : low) = mid;
  }
  return high;
}

}  // namespace xo::calibration
