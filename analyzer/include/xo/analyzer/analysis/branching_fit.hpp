#pragma once
// The tree branching factor that minimises barrier time, from barriers measured with each factor
// k (XO_COLL_BRANCHING) over a set of group sizes. A gather up a k-ary tree takes one level per
// generation of the tree, and each level costs a start-up plus a cost per child the parent
// waits for, so the mean time over the groups is modelled as
//     T(k) = c0 + c1 * D(k) + c2 * k * D(k),
// D(k) being the mean depth of a complete k-ary tree over the groups measured. The model is fitted
// by least squares on the measured means; the best k is its minimum over the factors measured.

#include <optional>
#include <vector>

#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/fit/integer_minimum.hpp"
#include "xo/analyzer/fit/linear_fit.hpp"

namespace xo::analyzer {

struct BranchingFit {
  std::vector<int> factors;          // k measured, increasing
  std::vector<double> mean_seconds;  // measured mean barrier time per k
  std::vector<double> mean_depth;    // D(k)
  fit::LinearFit model;              // columns "start", "per_level", "per_child"
  fit::IntegerMinimum best;          // of the model over the factors measured
  int measured_best = 0;             // the k with the lowest measured mean, for comparison

  // Whether the tree model describes the measurements (R^2 of at least kModelHolds). Where it
  // does not (a barrier whose cost depends on more than depth and fan-in, such as which children
  // share a node), the measured best is the answer.
  bool model_holds() const { return model.r_squared() >= kModelHolds; }
  int chosen() const { return model_holds() ? static_cast<int>(best.at) : measured_best; }
  double chosen_seconds() const;  // the model's time at chosen(), or the measured mean there
  static constexpr double kModelHolds = 0.9;
};

// None unless barriers were measured with at least four factors (the model has three terms).
std::optional<BranchingFit> fit_branching(const std::vector<CollectiveSample>& samples);

// Depth of a complete tree of `members` nodes in which every parent has up to k children.
int tree_depth(int members, int k);

}  // namespace xo::analyzer
