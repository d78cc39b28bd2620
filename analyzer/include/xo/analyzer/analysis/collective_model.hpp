#pragma once
// A collective algorithm's time as a function of the bytes per rank n and the communicator size P,
// in the form of the classical cost models of MPI collectives (Thakur, Rabenseifner and Gropp,
// "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005):
//     T(n, P) = a + b * f(P) + c * n * g(P)
// with a start-up a, a latency term per step b (f(P) = log2 P steps for trees, recursive doubling
// and Bruck; P - 1 for rings, pairwise exchange and linear algorithms) and a cost per byte c whose
// multiplier g(P) is 1 (scatter-allgather, reduce-scatter), log2 P (binomial trees that forward
// whole messages), P - 1 (linear and ring algorithms that move every rank's block) or P log2 P / 2
// (Bruck's all-to-all, which forwards half the blocks in each of its log2 P steps).
//
// Which f and g an algorithm follows is not looked up from its name: every combination is fitted to
// the measurements (one median per size and communicator size, weighted for relative error, since
// times span decades) and the one with the lowest BIC is kept. A machine whose algorithm behaves
// unlike its textbook form gets the form its measurements support.

#include <optional>
#include <string>
#include <vector>

#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/fit/linear_fit.hpp"

namespace xo::analyzer {

enum class RankTerm { None, One, Log2, Linear, LinearLog2 };  // f(P) or g(P): absent, 1, log2 P, P - 1, P log2 P / 2

struct CollectiveModel {
  std::string call;                     // "MPI_Reduce"
  std::string algorithm;                // "binomial"
  RankTerm latency = RankTerm::None;    // f
  RankTerm bandwidth = RankTerm::None;  // g; None when every sample moved the same bytes
  fit::LinearFit fit;                   // columns "start", "per_step", "per_byte" (those present)
  std::size_t cells = 0;                // distinct (bytes, ranks) measured
  std::vector<int> rank_counts;         // communicator sizes measured, increasing
  double largest_relative_error = 0;    // of the model against a cell's median

  double predict(double bytes_per_rank, int ranks) const;  // seconds
  std::string formula() const;                             // "T = 4.1 us + 2.3 us * log2 P + 0.91 ns/B * n * (P - 1)"
};

// One model per (call, algorithm) measured on at least three communicator sizes (two cannot tell
// log2 P from P - 1) over enough cells to choose a form (at least two more than the terms). Samples of barriers forced
// to a branching factor other than `branching` (the machine's own; 0 if it has none) are left out: those are the
// branching sweep's. Barrier-lining calls of xo bench (measured == false) are left out too.
std::vector<CollectiveModel> fit_collective_models(const std::vector<CollectiveSample>& samples, int branching);

std::string rank_term_text(RankTerm term);  // "1", "log2 P", "P - 1", "P log2 P / 2"

}  // namespace xo::analyzer
