#include "xo/mpi/kernel/simcall.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace xo::sim {

void simcall_violation(const char* what, int running_rank, int owner) {
  if (owner >= 0) {
    std::fprintf(stderr, "xo: internal error: rank %d touched rank %d's %s outside a simcall\n", running_rank, owner,
                 what);
  } else {
    std::fprintf(stderr, "xo: internal error: rank %d touched the shared %s outside a simcall\n", running_rank, what);
  }
  std::signal(SIGABRT, SIG_DFL);  // past FaultGuard, which would end only the rank
  std::abort();
}

}  // namespace xo::sim
