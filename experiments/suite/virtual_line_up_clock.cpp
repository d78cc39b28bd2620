// The bench programs on the reference MPI line up in virtual time.

#include <mpi.h>

#include "line_up_clock.hpp"
#include "xo/reference_mpi/virtual_clock.hpp"

namespace xo::experiments {

namespace {

// Far more than any line-up's own exit skew (the allreduce of a double on 256 ranks of the slowest
// machine takes milliseconds), and free, since the simulation jumps over idle time.
constexpr double kLineUpMargin = 0.1;

}  // namespace

double line_up_now() { return MPI_Wtime(); }

void wait_for_line_up(double, double latest_exit) { mpi::wait_until_virtual_time(latest_exit + kLineUpMargin); }

}  // namespace xo::experiments
