#pragma once
// Host CPU time of the calling thread, for --compute=measured: every rank runs on this one
// thread, so the CPU time between two MPI calls of a rank is that rank's computation.

#include <cstdint>
#include <ctime>

namespace xo::mpi {

inline std::int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace xo::mpi
