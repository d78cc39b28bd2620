#pragma once
// Why ranks waited, after Scalasca's delay analysis (Böhme et al., "Identifying the root causes of
// wait states in large-scale parallel applications", ICPP 2010). Per rank, its computation (time
// between its outermost MPI calls), its time in MPI, the waiting it did, the waiting of others it
// caused directly (as the sender of a late-sender wait or the last member of a collective), and
// the waiting whose root is its computation: of a late rank's lateness, the share its own waiting
// in its previous MPI call explains is passed on to the rank it waited for (and so on along the
// chain), the share its computation since that call explains is its own, and the rest was
// communication, no rank's computation. Per collective call and rank, how often that rank arrived last, how much longer
// its computation before the call was than the members' median, and how long it had itself waited.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/wait_states.hpp"
#include "xo/analyzer/trace_model.hpp"

namespace xo::analyzer {

struct RankBalance {
  RankId rank = 0;
  double compute_seconds = 0;  // between its outermost MPI calls (from the first call's leave)
  double mpi_seconds = 0;      // in outermost MPI calls
  double waited_seconds = 0;   // of it, wait states
  double caused_seconds = 0;   // wait states of other ranks waiting for it
  double root_seconds = 0;     // waiting whose root cause is its computation (see above)
};

// A rank that arrived last at instances of one collective call.
struct LateArrival {
  std::string call;  // "MPI_Allreduce"
  RankId rank = 0;
  std::uint64_t last_at = 0;    // instances it arrived last at (and others waited)
  std::uint64_t instances = 0;  // instances of the call with a wait at all
  double caused_seconds = 0;    // the other members' waits at those instances
  // Mean over those instances of its computation since its previous MPI call, less the members'
  // median of the same: the computation that made it late.
  double extra_compute_seconds = 0;
  std::string after_call;  // its MPI call before that computation, the most frequent
  // Where the program made the late call and that earlier one, the most frequent sites, if the
  // trace names call sites.
  std::optional<CallSite> site;
  std::optional<CallSite> after_site;
  // Mean over those instances of its own waiting in that previous call, and the rank it waited
  // for most: the delay it passed on.
  double waited_before_seconds = 0;
  RankId waited_for = -1;  // -1 when it did not wait
};

struct ComputeImbalance {
  std::vector<RankBalance> ranks;  // by rank, the traced ones (xo record --trace-ranks)
  double mean_compute_seconds = 0;
  double max_compute_seconds = 0;
  RankId most_compute_rank = 0;
  std::vector<LateArrival> late;  // most waiting caused first
  double wait_seconds = 0;        // every wait state, summed

  // Scalasca's load imbalance: max over mean, less 1 (0 for perfect balance).
  double imbalance() const { return mean_compute_seconds > 0 ? max_compute_seconds / mean_compute_seconds - 1 : 0; }
  // The rank that is the root of the most waiting (its computation made the others wait); none
  // without waiting.
  const RankBalance* root_cause() const;
};

ComputeImbalance find_compute_imbalance(const TraceModel& trace, const WaitStateTable& waits);

}  // namespace xo::analyzer
