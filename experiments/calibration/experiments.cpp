#include "xo/calibration/experiments.hpp"

#include <mpi.h>

#include <algorithm>
#include <vector>

#include "run_setup.hpp"

namespace xo::calibration {

namespace {

constexpr int kRepetitions = 3;

// The point-to-point figures were measured between two nodes: rank 0 and the first rank of the
// next node of the job as the machine places it (a job at least that large); or between ranks 0
// and 1 of the figure's own job size, wherever they are placed.
struct Pair {
  int ranks;
  int partner;
};

Pair pair_across_nodes(const MachineSetup& setup) {
  if (setup.as_placed) return {setup.ranks, 1};
  const auto machine = hw::configured_machine(setup.machine, setup.ranks, setup.params, hw::lookup_in(setup.env));
  const int partner = machine->placement().ranks_per_node();
  return {std::max(setup.ranks, partner + 1), partner};
}

}  // namespace

double round_trip(const MachineSetup& setup, std::int64_t out_bytes, std::int64_t back_bytes) {
  double round_trip = 0;
  const Pair pair = pair_across_nodes(setup);
  const auto result = xo::mpi::run_simulation(options_for(setup, pair.ranks), [&](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::vector<char> buffer(static_cast<std::size_t>(std::max(out_bytes, back_bytes)) + 1);
    const int out = static_cast<int>(out_bytes);
    const int back = static_cast<int>(back_bytes);
    const double start = MPI_Wtime();
    for (int i = 0; i < kRepetitions; ++i) {
      if (rank == 0) {
        MPI_Send(buffer.data(), out, MPI_CHAR, pair.partner, 0, MPI_COMM_WORLD);
        MPI_Recv(buffer.data(), back, MPI_CHAR, pair.partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == pair.partner) {
        MPI_Recv(buffer.data(), out, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buffer.data(), back, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
      }
    }
    if (rank == 0) round_trip = (MPI_Wtime() - start) / kRepetitions;
    MPI_Finalize();
    return 0;
  });
  check(result);
  return round_trip;
}

double half_round_trip(const MachineSetup& setup, std::int64_t bytes) { return round_trip(setup, bytes, bytes) / 2; }

Line fit_line(const std::vector<double>& x, const std::vector<double>& y) {
  const auto n = static_cast<double>(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
    sxx += x[i] * x[i];
    sxy += x[i] * y[i];
  }
  const double denominator = n * sxx - sx * sx;
  if (x.size() < 2 || denominator == 0) throw std::invalid_argument("a line fit needs two distinct sizes");
  Line line;
  line.slope = (n * sxy - sx * sy) / denominator;
  line.intercept = (sy - line.slope * sx) / n;
  return line;
}

Line half_round_trip_line(const MachineSetup& setup, const std::vector<std::int64_t>& sizes) {
  std::vector<double> x;
  std::vector<double> y;
  for (const std::int64_t bytes : sizes) {
    x.push_back(static_cast<double>(bytes));
    y.push_back(half_round_trip(setup, bytes));
  }
  return fit_line(x, y);
}

double pingpong_bandwidth(const MachineSetup& setup, std::int64_t bytes) {
  return static_cast<double>(bytes) / half_round_trip(setup, bytes);
}

std::string protocol_path(const MachineSetup& setup, std::int64_t bytes) {
  const Pair pair = pair_across_nodes(setup);
  xo::mpi::SimulationOptions options = options_for(setup, pair.ranks);
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
    if (rank == 0) MPI_Send(buffer.data(), static_cast<int>(bytes), MPI_CHAR, pair.partner, 0, MPI_COMM_WORLD);
    if (rank == pair.partner) {
      MPI_Recv(buffer.data(), static_cast<int>(bytes), MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
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
