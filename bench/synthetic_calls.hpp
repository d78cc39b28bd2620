#pragma once
// Observer calls the trace benchmarks make up (no simulation behind them): one rank's part of a
// collective, as the reference MPI reports it.

#include <cstdint>

#include "xo/reference_mpi/run_observer.hpp"

namespace xo::bench {

// An 8-byte MPI_Allreduce on MPI_COMM_WORLD (comm 1) by recursive doubling, from t to t + 5 ns.
inline void report_allreduce(xo::mpi::RunObserver& o, int rank, std::int64_t t) {
  o.call_entered(rank, "MPI_Allreduce", t, 0);
  o.collective_begin(rank, t);
  xo::mpi::CollectiveEvent c;
  c.call = "MPI_Allreduce";
  c.comm_id = 1;
  c.bytes_sent = 8;
  c.bytes_received = 8;
  c.algorithm = "recursive_doubling";
  o.collective_end(rank, c, t + 5000);
  o.call_left(rank, "MPI_Allreduce", t + 5000);
}

}  // namespace xo::bench
