#include "collective_ledger.hpp"

#include <mpi.h>

#include <cstring>
#include <string>

#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/kernel/simcall.hpp"
#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

void CollectiveLedger::check(const CollectiveRun& run, std::int64_t bytes) {  // simcall
  sim::Simcall simcall(run.world.engine());
  const int root = rooted(run.op) ? run.root : -1;
  const auto key = std::make_pair(run.comm.shared->context, run.sequence);
  auto [it, first] = calls_.try_emplace(key, Entry{run.op, run.call, root, bytes, run.rank, 0});
  const Entry e = it->second;
  if (++it->second.seen == run.size) calls_.erase(it);
  if (first) return;
  const std::string call = " (collective call " + std::to_string(run.sequence) + " on " + run.comm.shared->name + ")";
  const std::string other = "rank " + std::to_string(e.first_rank) + " ";
  if (e.op != run.op || std::strcmp(e.call, run.call) != 0) {
    throw MpiError(MPI_ERR_OTHER, other + "called " + std::string(e.call) + " here" + call +
                                      "; every rank must call the same collectives in the same order");
  }
  if (e.root != root) {
    throw MpiError(MPI_ERR_ROOT, other + "passed root " + std::to_string(e.root) + ", this rank " +
                                     std::to_string(root) + call + "; every rank must pass the same root");
  }
  if (bytes >= 0 && e.bytes >= 0 && e.bytes != bytes) {
    throw MpiError(MPI_ERR_COUNT, other + "passed " + std::to_string(e.bytes) + " bytes per rank, this rank " +
                                      std::to_string(bytes) + call +
                                      "; the counts and datatypes must describe the same data on every rank");
  }
}

}  // namespace xo::mpi
