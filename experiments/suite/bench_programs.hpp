#pragma once
// The MPI programs `xo bench` runs on the reference MPI. They only make the calls; the trace
// records what each call cost, so the programs time nothing themselves (unlike mpptest or the
// calibration experiments) and the analyzer reads the same records it reads from any program.
//
//   pingpong REPS SIZE...
//       after one exchange of the largest size each way (tracer::bench::kWarmUpTag, not analysed: it leaves the
//       buffers as a program that reuses them finds them, e.g. registered with the NIC),
//       rank 0 and the last rank (the plan sizes the job to make it the first rank of the second
//       node) exchange a message of each SIZE bytes REPS times (tag tracer::bench::kPingPongTag; other ranks only
//       init), then once more as a pair: rank 0 sends two messages at once with MPI_Isend (tags
//       tracer::bench::kFirstOfPairTag, tracer::bench::kSecondOfPairTag) and its partner receives the second first, so
//       that its receive of the first finds the message (or its header) already there. Ping-pong gives send-call and
//       end-to-end times; the pair gives receive-call times and the gap between two sends; the partner then tells rank
//       0 the pair is done (tracer::bench::kPairDoneTag). The analysis reads them by these tags.
//   collective CALL UNIT REPS FIXED SIZE...
//       for each SIZE, REPS times: a barrier of the world (unless CALL is MPI_Barrier), then one
//       call of CALL (MPI_Barrier, MPI_Bcast, MPI_Reduce, MPI_Allreduce, MPI_Alltoall, MPI_Allgather).
//       UNIT says what SIZE is: "bytes" per rank, "elements" (ints) of a reduction, or "ranks" in
//       the communicator (the first SIZE world ranks). FIXED is the other dimension: the group size
//       for bytes and elements (0: MPI_COMM_WORLD), the bytes per rank for ranks.

#include "xo/tracer/bench_tags.hpp"

namespace xo::experiments {

int pingpong_program(int argc, char** argv);
int collective_program(int argc, char** argv);

}  // namespace xo::experiments
