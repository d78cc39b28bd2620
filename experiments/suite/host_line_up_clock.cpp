// The bench programs on a real MPI line up by the host's monotonic clock, which ranks on one host
// share. Ranks on other hosts read other clocks, so no rank waits longer than kLongestWait past its
// own exit: there the line-up is only as good as the barrier's exits.

#include <time.h>

#include "line_up_clock.hpp"

namespace xo::experiments {

namespace {

// More than a barrier's exit skew on a node (microseconds), small against the sweep's time.
constexpr double kLineUpMargin = 200e-6;
constexpr double kLongestWait = 2e-3;

}  // namespace

double line_up_now() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

void wait_for_line_up(double own_exit, double latest_exit) {
  double until = latest_exit + kLineUpMargin;
  if (until > own_exit + kLongestWait) until = own_exit + kLongestWait;
  while (line_up_now() < until) {
  }
}

}  // namespace xo::experiments
