#pragma once
// Runs a test body as an MPI program: every rank calls MPI_Init, body(rank, size), MPI_Finalize.
// Deterministic by default (--compute=none).

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

#include "xo/reference_mpi/simulation.hpp"

namespace xo::test {

// The program most tests run: every rank calls MPI_Init, body(rank), MPI_Finalize.
inline mpi::SimulationResult run_ranks(const mpi::SimulationOptions& options,
                                       const std::function<void(int rank)>& body) {
  return mpi::run_simulation(options, [&](int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    body(rank);
    MPI_Finalize();
    return 0;
  });
}

inline mpi::SimulationResult simulate(int ranks, const std::string& machine,
                                      const std::function<void(int rank, int size)>& body,
                                      std::vector<std::string> params = {}) {
  mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = machine;
  options.params = std::move(params);
  options.env_lookup = [](const char*) -> const char* { return nullptr; };
  return run_ranks(options, [&](int rank) {
    int size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    body(rank, size);
  });
}

inline mpi::SimulationResult simulate(int ranks, const std::function<void(int rank, int size)>& body,
                                      std::vector<std::string> params = {}) {
  return simulate(ranks, "loggp", body, std::move(params));
}

// Virtual time of the calling rank in microseconds.
inline double now_us() { return MPI_Wtime() * 1e6; }

}  // namespace xo::test
