#pragma once
// The clock the collective bench program lines its ranks up by, one per build of the programs:
// the reference MPI's virtual time (virtual_line_up_clock.cpp) or, on a real MPI, the host's
// monotonic clock (host_line_up_clock.cpp). MPI_Wtime will not do on a real MPI: Open MPI counts
// it from each process's own start.

namespace xo::experiments {

// Now, in seconds, on a clock every rank of the job reads alike (as far as the build can).
double line_up_now();

// Returns at the instant the ranks start the next call: a margin after `latest_exit`, the latest
// of the ranks' exits from the line-up's barrier; `own_exit` is this rank's.
void wait_for_line_up(double own_exit, double latest_exit);

}  // namespace xo::experiments
