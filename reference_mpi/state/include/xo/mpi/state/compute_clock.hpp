#pragma once
// The clock --compute=measured reads at every MPI call's entry and exit: every rank runs on this
// one host thread, so the time between a rank's MPI calls is that rank's computation. It is the
// host's monotonic clock, read through the vDSO (no system call: about 20 ns where the kernel's
// clocksource is the TSC, as on this machine; the thread CPU clock it replaces was a system call,
// which made measured runs of communication-bound programs 3x slower than --compute=none). Its
// error: time the operating system gives another process while a rank computes is counted as the
// rank's computation; on a host with a core to spare it is the CPU time.

#include <algorithm>
#include <cstdint>
#include <ctime>

namespace xo::mpi {

inline std::int64_t compute_clock_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// What one reading adds to a measured interval: the smallest difference between back-to-back
// readings. Subtracted from every interval, so that an MPI call right after another does not look
// like computation.
inline std::int64_t compute_clock_reading_cost_ns() {
  std::int64_t best = INT64_MAX;
  for (int i = 0; i < 64; ++i) {
    const std::int64_t a = compute_clock_ns();
    const std::int64_t b = compute_clock_ns();
    best = std::min(best, b - a);
  }
  return best;
}

}  // namespace xo::mpi
