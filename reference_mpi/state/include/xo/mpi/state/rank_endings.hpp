#pragma once
// How ranks ended, when not as they should: a non-zero exit status, or an end (a return from main,
// exit()) after MPI_Init without MPI_Finalize. As under mpirun, such a rank does not stop the
// others: they go on as far as they can, keep their output, and the run's message names the rank,
// how it ended, the MPI call it was last in and the virtual time.

#include <string>
#include <vector>

#include "xo/mpi/kernel/virtual_time.hpp"

namespace xo::mpi {

struct RankEnd {
  int rank = 0;
  int code = 0;
  bool called_exit = false;  // exit(code); otherwise main returned code
  bool initialized = false;
  bool finalized = false;
  const char* last_call = nullptr;  // the last MPI call it made, if any
  sim::Time time = 0;
};

class RankEndings {
 public:
  // Keeps `end` if it was abnormal.
  void add(const RankEnd& end);
  bool empty() const { return ends_.empty(); }
  // The first non-zero exit status, or 1 if ranks only left without MPI_Finalize; 0 if none.
  int exit_code() const;
  // The first abnormal end in full, then the others by rank; empty if none.
  std::string message() const;

 private:
  static std::string describe(const RankEnd& end);
  std::vector<RankEnd> ends_;
};

}  // namespace xo::mpi
