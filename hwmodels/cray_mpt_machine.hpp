#pragma once
// What Cray's MPT, MPICH2-based on the XT3 and the XE6, adds to every machine that runs it: the
// MPICH_* variables that move MPICH2's collective switch points (seed 002, "XT3 MPI Environment
// variables (release 1.4)"; later intro_mpi man pages keep them for the XE).

#include <string>

#include "mpich2_collectives.hpp"
#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

class CrayMptMachine : public Machine {
 public:
  // MPT's RMA is MPICH2's CH3 RMA, "layered on top of internal send/recv protocol ... almost all
  // communication occurs at end of exposure epochs or in MPI_Win_free" (seed 002, "XT3 MPI-2
  // RMA"); the XE6's MPT is MPICH2-based too (seed 004, its software stack: MPICH2 over uGNI).
  bool rma_deferred_to_epoch_end() const override { return true; }

 protected:
  using Machine::Machine;
  // Registers the collective variables, citing `source`.
  void add_collective_env_vars(const std::string& source);
  // MPICH2's thresholds with the variables' settings; read them in refresh().
  Mpich2Thresholds collective_thresholds() const { return thresholds_; }
  void read_collective_env_vars();

 private:
  Mpich2Thresholds thresholds_;
};

}  // namespace xo::hw
