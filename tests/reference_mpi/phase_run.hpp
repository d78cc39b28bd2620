#pragma once
// Runs a program on a named machine and records the protocol phases the engine performed, as
// "path:phase" strings: what the machine tests assert (sequences, not times).

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "simulate.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace xo::test {

using Env = std::map<std::string, std::string>;
using Phases = std::vector<std::string>;

struct PhaseRun {
  mpi::SimulationResult result;
  Phases phases;                          // every phase, in the order the engine performed them
  std::vector<std::int64_t> phase_bytes;  // the size of each phase's message

  // The phases of messages of `bytes` only (not of the ints a test sends to arrange timing).
  Phases of_size(std::int64_t bytes) const {
    Phases out;
    for (std::size_t i = 0; i < phases.size(); ++i) {
      if (phase_bytes[i] == bytes) out.push_back(phases[i]);
    }
    return out;
  }
};

inline PhaseRun run_on(const std::string& machine, int ranks, const Env& env, const std::function<void(int rank)>& body,
                       std::vector<std::string> params = {}) {
  PhaseRun run;
  mpi::SimulationOptions options;
  options.ranks = ranks;
  options.machine = machine;
  options.params = std::move(params);
  options.stack_bytes = 64 * 1024;
  options.env_lookup = hw::lookup_in(env);
  options.on_phase = [&](const mpi::PhaseRecord& p) {
    run.phases.push_back(std::string(p.path) + ":" + mpi::phase_name(p.phase));
    run.phase_bytes.push_back(p.bytes);
  };
  run.result = run_ranks(options, body);
  return run;
}

struct MessageOptions {
  Env env;
  bool late = false;         // the receive is posted only after the message has arrived
  bool synchronous = false;  // MPI_Ssend instead of MPI_Send
  int ranks = 3;             // rank 2, if present, only helps delay rank 1 when `late`
  std::vector<std::string> params;
};

inline MessageOptions message_options(Env env, bool late = false, bool synchronous = false, int ranks = 3) {
  MessageOptions o;
  o.env = std::move(env);
  o.late = late;
  o.synchronous = synchronous;
  o.ranks = ranks;
  return o;
}

// One message of `bytes` from rank 0 to rank 1.
inline PhaseRun one_message(const std::string& machine, int bytes, const MessageOptions& o = {}) {
  return run_on(
      machine, o.ranks, o.env,
      [&](int rank) {
        std::vector<char> buffer(static_cast<std::size_t>(bytes) + 1);
        int token = 0;
        if (rank == 0) {
          if (o.late) MPI_Recv(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);  // rank 1 is busy now
          (o.synchronous ? MPI_Ssend : MPI_Send)(buffer.data(), bytes, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
        } else if (rank == 1) {
          if (o.late) {
            MPI_Send(&token, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, 2, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);  // the message arrives meanwhile
          }
          MPI_Recv(buffer.data(), bytes, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (o.late) {
          MPI_Recv(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
          for (int i = 0; i < 200; ++i) {
            int flag = 0;
            MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);  // let time pass
          }
          MPI_Send(&token, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        }
      },
      o.params);
}

// The phases of one message of `bytes` from rank 0 to rank 1, its receive posted first; a run
// that fails is a test failure.
inline Phases phases_of(const std::string& machine, int bytes, const Env& env = {}, bool synchronous = false,
                        int ranks = 3, std::vector<std::string> params = {}) {
  MessageOptions options = message_options(env, false, synchronous, ranks);
  options.params = std::move(params);
  const PhaseRun run = one_message(machine, bytes, options);
  EXPECT_EQ(run.result.exit_code, 0) << run.result.error;
  return run.phases;
}

// Virtual seconds until rank `to` has received `bytes` that rank `from` sends at the start.
inline double arrival_time(const std::string& machine, const Env& env, int bytes, int from = 0, int to = 1,
                           int ranks = 2) {
  double arrival = 0;
  const PhaseRun run = run_on(machine, ranks, env, [&](int rank) {
    std::vector<char> buffer(static_cast<std::size_t>(bytes) + 1);
    if (rank == from) MPI_Send(buffer.data(), bytes, MPI_CHAR, to, 0, MPI_COMM_WORLD);
    if (rank == to) {
      MPI_Recv(buffer.data(), bytes, MPI_CHAR, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      arrival = MPI_Wtime();
    }
  });
  if (run.result.exit_code != 0) throw std::runtime_error(run.result.error);
  return arrival;
}

}  // namespace xo::test
