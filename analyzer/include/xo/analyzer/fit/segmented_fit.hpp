#pragma once
// Piecewise-linear regression of y on x with an unknown number of segments and unknown breakpoints,
// each segment its own line (a jump at a boundary is allowed): how protocol boundaries are found in
// unlabelled (bytes, seconds) samples from a real MPI.
//
// Method (see segmented_fit.cpp for the reasons):
//  1. The samples at each distinct x are reduced to their median, count and spread.
//  2. For k = 1 … max_segments, dynamic programming over the sorted distinct x finds the partition
//     into k contiguous segments of minimal weighted squared error of the medians (Bellman, "On the
//     approximation of curves by line segments using dynamic programming", CACM 1961), O(k·m²).
//  3. k grows while a sequential F test (Bonferroni-adjusted over breakpoint positions) finds the
//     extra segment significant, with one residual scale shared by all segments.
//  4. Each segment is refitted on its raw samples with LinearFit, after a robust fit (fit_robust)
//     has marked the gross outliers, which are left out.
// The boundary between two segments is only known to lie between the last x of the left segment
// and the first x of the right one: that interval is what a breakpoint reports.

#include <cstddef>
#include <span>
#include <vector>

#include "xo/analyzer/fit/estimate.hpp"
#include "xo/analyzer/fit/linear_fit.hpp"

namespace xo::analyzer::fit {

// How the squared errors of different x are weighed against each other.
enum class SegmentWeighting {
  // Relative errors: weight count/median² per distinct x. For times that span orders of magnitude
  // (a constant relative noise); needs every median > 0.
  relative,
  // Absolute errors: weight count per distinct x. For a noise of one size everywhere.
  absolute,
};

struct SegmentedFitOptions {
  std::size_t max_segments = 4;
  std::size_t min_distinct_x_per_segment = 2;
  SegmentWeighting weighting = SegmentWeighting::relative;
  double level = kDefaultConfidenceLevel;
  // Of each test for one more segment: the chance that noise alone about one line adds a segment.
  double significance = 0.01;
};

struct Segment {
  double first_x = 0;  // the smallest and largest distinct x in the segment
  double last_x = 0;
  LinearFit fit;                      // line on the segment's samples, outliers left out
  std::vector<std::size_t> outliers;  // indices into the input samples that were left out
};

struct Breakpoint {
  double left_x = 0;   // last x of the left segment
  double right_x = 0;  // first x of the right segment; the boundary lies in (left_x, right_x]
  // Right line minus left line at right_x (the first size seen on the new side), with the bands of
  // both fits combined (independent fits, Welch–Satterthwaite degrees of freedom).
  Estimate jump;
};

struct SegmentedFit {
  std::vector<Segment> segments;        // in increasing x
  std::vector<Breakpoint> breakpoints;  // segments.size() − 1 of them
  // The least weighted squared error of the medians with k segments (index k − 1), in the
  // weighting's units; +infinity where k segments could not be formed under the minimum size.
  std::vector<double> weighted_sse;

  // The segment whose line describes x: the one containing it; between two segments the left one
  // up to (not including) the right one's first x; beyond the ends, the end segments extended.
  const Segment& segment_at(double x) const;
  double predict(double x) const { return segment_at(x).fit.predict(x).value; }
};

// Throws std::invalid_argument naming the problem: sizes that disagree, a non-finite value, a
// negative x (sizes), fewer than two distinct x or three samples, max_segments of 0, a minimum
// segment size below 2, a level or significance outside (0, 1), or a median ≤ 0 under relative
// weighting.
SegmentedFit fit_segmented(std::span<const double> x, std::span<const double> y,
                           const SegmentedFitOptions& options = {});

}  // namespace xo::analyzer::fit
