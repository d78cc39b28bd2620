#pragma once
// Gives each rank of a run its own copy of the program (ProgramCopies) and of libc's per-process
// state (rank_libc.h), and switches that state with the running rank.

#include <vector>

#include "program_copies.hpp"
#include "rank_libc.h"
#include "xo/reference_mpi/rank_switch_listener.hpp"
#include "xo/reference_mpi/simulation.hpp"

namespace xo::program {

class PrivateRanks : public mpi::RankSwitchListener {
 public:
  // Loads a copy of the program for ranks 1..ranks-1 (rank 0 runs `program_main`, the program
  // itself), printing progress on stderr when that takes long unless `quiet`. Throws
  // PrivatizationError naming the problem and the fix.
  PrivateRanks(int ranks, ProgramMain program_main, bool quiet);
  ~PrivateRanks() override;

  // Each rank's main. The copies stay loaded until the process exits: their static destructors
  // and atexit handlers run then, with the program's own, as exit() runs every handler registered.
  mpi::RankMainOf mains();

  void rank_resumed(int rank) override;
  void rank_suspended(int rank) override;

 private:
  void check_mapping_budget(int ranks) const;

  ProgramCopies copies_;
  std::vector<ProgramMain> mains_;
  std::vector<xo_rank_libc> libc_;
};

}  // namespace xo::program
