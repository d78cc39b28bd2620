#pragma once
// Warns, while the run goes on, of a rank that polls (MPI_Iprobe, MPI_Test, ...) for a long virtual
// interval while nothing else can happen in the run: every other rank waits or has ended and no
// event is pending, so what it polls for can never come. The run is not stopped (a program may
// poll with a timeout of its own); Ctrl-C or a limit then names the livelock in the stop report.

#include <cstdint>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

class LivelockWatch {
 public:
  // Virtual time of futile polling before the warning: long against any message's time on every
  // machine, short against a user's patience at the polling rates of the slowest (10 ns a poll:
  // seconds of wall time).
  static constexpr sim::Time kWarnAfter = 1'000'000'000'000;  // 1 s
  static constexpr std::uint64_t kLeastPolls = 1000;

  // A poll by `rank` that found nothing, at its virtual time `now`, in `call`; `alone`: nothing
  // but this rank can make anything happen (sim::Engine::nothing_else_pending).
  void failed_poll(int rank, const char* call, sim::Time now, bool alone);

 private:
  int rank_ = -1;  // polling alone since since_; -1: nobody
  sim::Time since_ = 0;
  std::uint64_t polls_ = 0;
  bool warned_ = false;  // once a run: the stop report says the rest
};

}  // namespace xo::mpi
