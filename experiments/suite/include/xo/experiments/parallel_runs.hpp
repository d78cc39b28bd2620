#pragma once
// Independent bench runs on every core: each simulated in a child process of its own (fork: the
// simulation is single-threaded, so the child starts from a consistent copy), its outcome sent
// back through a pipe and kept in plan order, so that the output equals a serial run's (the
// simulations are deterministic under --compute=none).

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "xo/experiments/bench_runner.hpp"

namespace xo::experiments {

// What one run in a process of its own gave back: its bytes, or, if `error` is not empty, why it
// gave none (what it threw, or how its process ended).
struct ProcessResult {
  std::string bytes;
  std::string error;
};

// Runs run(0) ... run(count - 1), each in a child process, at most `jobs` at once, and returns
// their bytes in index order; with one job, in this process in order (an exception propagates).
// `started(done, index)` is called in this process before run `index` starts, `done` runs having
// finished.
std::vector<ProcessResult> run_in_processes(std::size_t count, int jobs,
                                            const std::function<std::string(std::size_t)>& run,
                                            const std::function<void(std::size_t done, std::size_t started)>& started);

// Bench runs through run_in_processes: run(0) ... run(count - 1), at most `jobs` at once (1: in this process, in
// order). `started(done, index)` is called in this process before run `index` starts, `done` runs having finished;
// `name_of(index)` names a run whose process ended without an outcome. A run that throws in its own process gives an
// outcome with the exception's message as its error (in this process, with one job, the exception propagates).
std::vector<RunOutcome> run_in_parallel(std::size_t count, int jobs, const std::function<RunOutcome(std::size_t)>& run,
                                        const std::function<void(std::size_t done, std::size_t started)>& started,
                                        const std::function<std::string(std::size_t)>& name_of);

}  // namespace xo::experiments
