#pragma once
// The MPI programs `xo bench` runs on the reference MPI. They only make the calls; the trace
// records what each call cost, so the programs time nothing themselves (unlike mpptest or the
// calibration experiments) and the analyzer reads the same records it reads from any program.
//
//   pingpong REPS SIZE...
//       ranks 0 and 1 exchange a message of each SIZE bytes REPS times (other ranks only init).
//   collective CALL UNIT REPS FIXED SIZE...
//       for each SIZE: a barrier of the world (unless CALL is MPI_Barrier), then REPS calls of CALL
//       (MPI_Barrier, MPI_Bcast, MPI_Reduce, MPI_Allreduce, MPI_Alltoall, MPI_Allgather).
//       UNIT says what SIZE is: "bytes" per rank, "elements" (doubles) of a reduction, or "ranks" in
//       the communicator (the first SIZE world ranks). FIXED is the other dimension: the group size
//       for bytes and elements (0: MPI_COMM_WORLD), the bytes per rank for ranks.

namespace xo::analyzer::suite {

int pingpong_program(int argc, char** argv);
int collective_program(int argc, char** argv);

}  // namespace xo::analyzer::suite
