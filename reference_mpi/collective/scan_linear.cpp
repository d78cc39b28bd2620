// Scan as a chain: each rank waits for the prefix of the ranks below, combines its own vector and
// passes the result up (n-1 steps). It serves MPI_Exscan too (run.exclusive): the prefix from below
// is then the result, and what goes up adds this rank's vector on the right.

#include "algorithms.hpp"
#include "xo/mpi/collective/collective_run.hpp"

namespace xo::mpi {

void scan_linear(CollectiveRun& run) {
  const auto bytes = static_cast<std::int64_t>(run.send.size());
  if (run.exclusive) {
    // The prefix of the ranks below arrives in `recv`; what goes up adds this rank's vector on the right.
    std::vector<std::byte> up = run.send;
    if (run.rank > 0) {
      run.recv_from(run.recv.data(), bytes, run.rank - 1);
      if (run.rank + 1 < run.size) run.combine(run.recv.data(), up.data(), run.count);
    }
    if (run.rank + 1 < run.size) run.send_to(up.data(), bytes, run.rank + 1);
    return;
  }
  run.recv = run.send;
  if (run.rank > 0) {
    std::vector<std::byte> below(run.send.size());
    run.recv_from(below.data(), bytes, run.rank - 1);
    run.combine(below.data(), run.recv.data(), run.count);
  }
  if (run.rank + 1 < run.size) run.send_to(run.recv.data(), bytes, run.rank + 1);
}

}  // namespace xo::mpi
