#pragma once
// Told when a rank's fiber starts and stops running. All ranks share one OS thread, so state that
// each process of a real MPI job has to itself but that lives in a shared library (libc's getopt
// variables, errno, the random-number state) must be swapped here; the launcher that privatizes a
// program's globals (program/) does that. Called on the engine's side of every switch: keep it cheap.

namespace xo::mpi {

class RankSwitchListener {
 public:
  virtual ~RankSwitchListener() = default;
  virtual void rank_resumed(int rank) = 0;
  virtual void rank_suspended(int rank) = 0;
};

}  // namespace xo::mpi
