#pragma once
// Which of `xo bench`'s programs (suite/bench_programs.hpp) a trace records. On the reference MPI
// the trace's program arguments begin with the program's name; a real MPI's job records the whole
// command (`mpirun -np 2 .../xo-bench-openmpi pingpong 100 0 1 ...`), where the program's name
// follows the helper's.

#include <string_view>

#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

// The bench program's name and arguments ("pingpong 100 0 1 ..."), or empty for any other program.
std::string_view bench_program_args(const TraceModel& model);

bool is_bench_pingpong(const TraceModel& model);

// Whether the trace is of a job of a real MPI (xo record --mpi), whose ranks kept their own clocks.
bool is_real_job(const TraceModel& model);

}  // namespace xo::analyzer
