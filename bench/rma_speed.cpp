// One-sided simulation speed against its point-to-point equivalent (issue 25's target: at least
// half the messages per second). The same ring moves one double per rank and step three ways: by
// MPI_Sendrecv; by MPI_Put into the next rank's window in fence epochs of 64 steps; and by MPI_Put
// with MPI_Win_flush under MPI_Win_lock_all, a message and its acknowledgement per step. A put
// counts as one message. Each run happens in a forked child; figures are medians over runs.
//
//   rma_speed [--quick] [--runs N]

#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "child_run.hpp"
#include "mpi_programs.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace {

using xo::bench::g_iterations;
using xo::bench::median;
using xo::bench::run_in_child;

constexpr int kStepsPerFence = 64;

// Every rank puts its value into the next rank's slot, g_iterations times; `fenced`: fence epochs
// of kStepsPerFence puts, else one put and a flush per step under lock_all.
int put_ring(bool fenced) {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  std::vector<double> slots(kStepsPerFence);
  MPI_Win win;
  MPI_Win_create(slots.data(), static_cast<MPI_Aint>(slots.size() * sizeof(double)), sizeof(double), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  const int next = (rank + 1) % size;
  double value = rank;
  if (fenced) {
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    for (int i = 0; i < g_iterations; ++i) {
      MPI_Put(&value, 1, MPI_DOUBLE, next, i % kStepsPerFence, 1, MPI_DOUBLE, win);
      if ((i + 1) % kStepsPerFence == 0) MPI_Win_fence(0, win);
    }
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  } else {
    MPI_Win_lock_all(0, win);
    for (int i = 0; i < g_iterations; ++i) {
      MPI_Put(&value, 1, MPI_DOUBLE, next, i % kStepsPerFence, 1, MPI_DOUBLE, win);
      MPI_Win_flush(next, win);
    }
    MPI_Win_unlock_all(win);
  }
  MPI_Win_free(&win);
  return 0;
}

int fenced_main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  put_ring(true);
  MPI_Finalize();
  return 0;
}

int flushed_main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  put_ring(false);
  MPI_Finalize();
  return 0;
}

struct Scenario {
  const char* name;
  xo::mpi::RankMain main;
  bool one_sided;  // messages = puts (ranks x steps), not the simulation's message count
};

struct Sample {
  double wall_seconds = 0;
  double messages = 0;
};

Sample run_once(const Scenario& s, const std::string& machine, int ranks, int steps) {
  g_iterations = steps;
  xo::mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = machine;
  options.compute = xo::mpi::ComputeMode::None;
  options.stack_bytes = 64 * 1024;
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  const auto start = std::chrono::steady_clock::now();
  const auto result = xo::mpi::run_simulation(options, s.main);
  Sample sample;
  sample.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sample.messages = s.one_sided ? static_cast<double>(ranks) * steps : static_cast<double>(result.messages);
  if (result.exit_code != 0) std::fprintf(stderr, "rma_speed: %s failed: %s\n", s.name, result.error.c_str());
  return sample;
}

}  // namespace

int main(int argc, char** argv) {
  xo::bench::RunCount count;
  if (!xo::bench::read_run_count(argc, argv, "rma_speed [--quick] [--runs N]", count)) return 2;
  const std::vector<Scenario> scenarios = {
      {"Sendrecv ring", &xo::bench::ring_main, false},
      {"Put ring, fences", &fenced_main, true},
      {"Put ring, flushes", &flushed_main, true},
  };
  struct Size {
    int ranks;
    int steps;
  };
  const std::vector<Size> sizes =
      count.quick ? std::vector<Size>{{8, 128}} : std::vector<Size>{{64, 4096}, {1024, 256}};
  std::printf("One-sided against point-to-point (--compute=none, 64 KiB stacks; median of %d runs)\n", count.runs);
  std::printf("%-8s %-20s %7s %12s %9s %14s %10s\n", "machine", "scenario", "ranks", "messages", "wall s",
              "M msgs/wall s", "vs ring");
  for (const char* machine : {"loggp", "xt3"}) {
    for (const Size& size : sizes) {
      double ring_rate = 0;
      for (const Scenario& s : scenarios) {
        std::vector<double> wall, rate;
        double messages = 0;
        for (int r = 0; r < count.runs; ++r) {
          const Sample sample = run_in_child([&] { return run_once(s, machine, size.ranks, size.steps); });
          wall.push_back(sample.wall_seconds);
          rate.push_back(sample.messages / sample.wall_seconds / 1e6);
          messages = sample.messages;
        }
        if (!s.one_sided) ring_rate = median(rate);
        std::printf("%-8s %-20s %7d %12.0f %9.3f %14.2f %9.2fx\n", machine, s.name, size.ranks, messages, median(wall),
                    median(rate), ring_rate > 0 ? median(rate) / ring_rate : 0.0);
      }
    }
  }
  return 0;
}
