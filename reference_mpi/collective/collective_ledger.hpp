#pragma once
// Checks that the members of a communicator call the same collectives in the same order, with the
// same root and the same amount of data, as MPI requires. A real MPI hangs or computes garbage on
// such a program; the reference MPI stops it with an error that names both calls.

#include <cstdint>
#include <map>
#include <utility>

#include "xo/hwmodels/collective.hpp"

namespace xo::mpi {

struct CollectiveRun;

class CollectiveLedger {
 public:
  // Records this member's call; throws MpiError if an earlier member's call of the same sequence
  // number on the communicator differs. `bytes` < 0: the call's sizes may differ between members.
  void check(const CollectiveRun& run, std::int64_t bytes);

 private:
  struct Entry {
    hw::CollectiveOp op;
    const char* call;  // calls that share an operation (MPI_Alltoallv, MPI_Alltoallw) must still match
    int root;
    std::int64_t bytes;
    int first_rank;  // communicator rank that made the entry
    int seen;
  };
  std::map<std::pair<int, std::uint64_t>, Entry> calls_;  // by (context, call sequence number)
};

}  // namespace xo::mpi
