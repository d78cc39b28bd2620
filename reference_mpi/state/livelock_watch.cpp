#include "xo/mpi/state/livelock_watch.hpp"

#include <cstdio>

namespace xo::mpi {

void LivelockWatch::failed_poll(int rank, const char* call, sim::Time now, bool alone) {
  if (warned_) return;
  if (!alone || rank != rank_) {
    rank_ = alone ? rank : -1;
    since_ = now;
    polls_ = 0;
    return;
  }
  if (++polls_ < kLeastPolls || now - since_ < kWarnAfter) return;
  warned_ = true;
  std::fprintf(stderr,
               "xo: warning: rank %d has polled with %s for %.3g s of virtual time while every other rank waits or "
               "has ended: a likely livelock, since nothing it polls for can happen; Ctrl-C stops the run and shows "
               "where each rank is (--virtual-time-limit or --time-limit stop it by themselves)\n",
               rank, call != nullptr ? call : "an MPI call", sim::time_to_seconds(now - since_));
  std::fflush(stderr);
}

}  // namespace xo::mpi
