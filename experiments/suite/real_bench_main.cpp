// xo-bench-openmpi and xo-bench-mpich: the bench programs (bench_programs.hpp) built against the
// system's own MPI, which `xo bench --mpi` runs under the user's launcher and traces with the PMPI
// tracer, as OSU's and mpptest's programs are run.
//
//   xo-bench-MPI pingpong REPS SIZE...
//   xo-bench-MPI collective CALL UNIT REPS FIXED SIZE...

#include <cstdio>
#include <cstring>

#include "bench_programs.hpp"

int main(int argc, char** argv) {
  using namespace xo::experiments;
  if (argc >= 3 && std::strcmp(argv[1], xo::tracer::bench::kPingPongProgram) == 0)
    return pingpong_program(argc - 1, argv + 1);
  if (argc >= 6 && std::strcmp(argv[1], xo::tracer::bench::kCollectiveProgram) == 0)
    return collective_program(argc - 1, argv + 1);
  std::fprintf(stderr,
               "usage: %s pingpong REPS SIZE...\n"
               "       %s collective CALL UNIT REPS FIXED SIZE...\n"
               "(run by xo bench --mpi; see `xo help bench`)\n",
               argv[0], argv[0]);
  return 2;
}
