#include "inter_collective_ledger.hpp"

#include <mpi.h>

#include <string>

#include "xo/mpi/collective/collective_run.hpp"
#include "xo/mpi/kernel/simcall.hpp"
#include "xo/mpi/state/mpi_error.hpp"
#include "xo/mpi/state/rank_state.hpp"
#include "xo/mpi/state/world.hpp"

namespace xo::mpi {

namespace {

std::string root_text(int root) {
  if (root == MPI_ROOT) return "MPI_ROOT";
  if (root == MPI_PROC_NULL) return "MPI_PROC_NULL";
  return "root " + std::to_string(root);
}

const char* const kRootRule =
    "; on an intercommunicator the root passes MPI_ROOT, the other ranks of its group MPI_PROC_NULL, and the "
    "other group the root's rank in the root's group";

}  // namespace

void InterCollectiveLedger::check(const CollectiveRun& run, std::int64_t out_block, std::int64_t in_block) {  // simcall
  sim::Simcall simcall(run.world.engine());
  const CommShared& comm = *run.comm.shared;
  const int side = comm.side;
  const int other = 1 - side;
  const int me = run.self.world_rank;
  auto [it, first] = calls_.try_emplace(std::make_pair(comm.context, run.sequence), Entry{run.op});
  Entry& e = it->second;
  if (first) {
    e.first_world = me;
    e.members = run.size + run.comm.peer_size();
  }
  const bool last = ++e.seen == e.members;
  int error_class = MPI_SUCCESS;
  std::string problem;
  auto fail = [&](int c, std::string text) {
    if (error_class != MPI_SUCCESS) return;
    error_class = c;
    problem = std::move(text);
  };

  if (e.op != run.op) {
    fail(MPI_ERR_OTHER, "world rank " + std::to_string(e.first_world) + " called " +
                            std::string(hw::collective_name(e.op)) +
                            " here; every rank of both groups must call the same collectives in the same order");
  }
  if (error_class == MPI_SUCCESS && rooted(run.op)) {
    const int root = run.root;
    const int claim_side = root == MPI_ROOT || root == MPI_PROC_NULL ? side : other;
    const int claim_rank = root == MPI_ROOT ? run.rank : root == MPI_PROC_NULL ? -1 : root;
    const bool named_here = root == MPI_PROC_NULL && e.root_side == side && e.root_rank == run.rank;
    if ((e.root_side >= 0 && e.root_side != claim_side) || named_here ||
        (claim_rank >= 0 && e.root_rank >= 0 && claim_rank != e.root_rank)) {
      fail(MPI_ERR_ROOT, "world rank " + std::to_string(e.root_witness) + " passed " + root_text(e.root_witness_value) +
                             ", this rank " + root_text(root) + kRootRule);
    } else {
      const bool tells = e.root_side < 0 || (claim_rank >= 0 && e.root_rank < 0);
      e.root_side = claim_side;
      if (claim_rank >= 0) e.root_rank = claim_rank;
      if (tells) {
        e.root_witness = me;
        e.root_witness_value = root;
      }
      e.root_called = e.root_called || root == MPI_ROOT;
      if (last && !e.root_called) fail(MPI_ERR_ROOT, std::string("no rank passed MPI_ROOT") + kRootRule);
    }
  }
  const std::int64_t flows[2] = {side == 0 ? out_block : in_block, side == 0 ? in_block : out_block};
  for (int s = 0; s < 2 && error_class == MPI_SUCCESS; ++s) {
    const std::int64_t bytes = flows[s];
    if (bytes < 0) continue;
    const auto i = static_cast<std::size_t>(s);
    if (e.flow[i] < 0) {
      e.flow[i] = bytes;
      e.flow_witness[i] = me;
    } else if (e.flow[i] != bytes) {
      fail(MPI_ERR_COUNT, "by the arguments of world rank " + std::to_string(e.flow_witness[i]) + ", each block " +
                              (s == side ? "this rank's group" : "the other group") + " sends is " +
                              std::to_string(e.flow[i]) + " bytes, by this rank's " + std::to_string(bytes) +
                              "; the counts and datatypes must describe the same data on both sides");
    }
  }
  if (last) calls_.erase(it);
  if (error_class != MPI_SUCCESS) {
    throw MpiError(error_class,
                   problem + " (collective call " + std::to_string(run.sequence) + " on " + comm.name + ")");
  }
}

}  // namespace xo::mpi
