#pragma once
// Host CPU time of the calling thread, for --compute=measured: every rank runs on this one
// thread, so the CPU time between two MPI calls of a rank is that rank's computation.

#include <algorithm>
#include <cstdint>
#include <ctime>

namespace xo::mpi {

inline std::int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// What one reading adds to a measured interval (it is a system call, a few hundred ns): the
// smallest difference between back-to-back readings. Subtracted from every interval, so that an
// MPI call right after another does not look like computation.
inline std::int64_t thread_cpu_reading_cost_ns() {
  std::int64_t best = INT64_MAX;
  for (int i = 0; i < 64; ++i) {
    const std::int64_t a = thread_cpu_ns();
    const std::int64_t b = thread_cpu_ns();
    best = std::min(best, b - a);
  }
  return best;
}

}  // namespace xo::mpi
