#pragma once
// Outlier-resistant regression: an MM-estimator (Yohai, Ann. Statist. 15, 1987; Maronna, Martin,
// Yohai, "Robust Statistics", 2006, §5.5) with a Theil–Sen start.
//
//  1. Start: for a line, the Theil–Sen slope (median of pairwise slopes; Sen, JASA 63, 1968) with
//     the median intercept; for a location, the median. They resist 29 % (50 %) outliers, and
//     unlike a least-squares start are not pulled by a far point alone at the largest x.
//  2. Scale s = MAD/0.6745 of the start's residuals, then held fixed.
//  3. Tukey's bisquare M-estimate (c = 4.685: 95 % efficiency at the normal) by iteratively
//     reweighted least squares from the start. Gross outliers (a late message, an OS hiccup) get
//     weight zero instead of a bounded pull. (A Huber stage in between was tried and dropped: its
//     convex solution can tilt towards a high-leverage outlier, after which the bisquare rejects
//     the good points.)
// Standard errors are Huber's asymptotic covariance K²·[Σψ²/(n−p)]/[Σψ'/n]²·s²·(XᵀWX)⁻¹ with
// K = 1 + (p/n)·var(ψ')/mean(ψ')² (Huber, "Robust Statistics", 1981, §7.6), as R's rlm reports
// them; intervals use t with n − p degrees of freedom.

#include <Eigen/Dense>
#include <cstddef>
#include <span>
#include <vector>

#include "xo/analyzer/fit/linear_fit.hpp"

namespace xo::analyzer::fit {

struct RobustFitOptions {
  double bisquare_c = 4.685;
  double level = kDefaultConfidenceLevel;
  int max_iterations = 500;
};

struct RobustFit {
  // Coefficients, the sandwich covariance, intervals, residuals, prediction. Its weights are the
  // prior weights times the robustness weights; its residual standard error is the robust scale.
  LinearFit fit;
  Eigen::VectorXd robustness_weights;     // per point, in [0, 1]
  std::vector<std::size_t> downweighted;  // points with robustness weight below 1/2 (beyond ≈ 2.5 s)
  std::vector<std::size_t> rejected;      // points with weight 0: beyond c·s, ignored by the fit
  double scale = 0;                       // s, the robust residual scale for prior weight 1
  int iterations = 0;                     // of the reweighting
};

// y = intercept + slope·x (columns "intercept" and "slope"). Prior weights (optional) are
// inverse-variance weights as for LinearFit; residuals are judged after scaling by their square
// root. Throws std::invalid_argument naming the problem: sizes that disagree, fewer than 3 points,
// all x equal, a non-finite value, a prior weight ≤ 0, bad options, or too few points left that
// are not outliers.
RobustFit fit_robust_line(std::span<const double> x, std::span<const double> y,
                          std::span<const double> prior_weights = {}, const RobustFitOptions& options = {});

// A robust centre of y (one column, "location"). At least 2 values.
RobustFit fit_robust_location(std::span<const double> y, const RobustFitOptions& options = {});

}  // namespace xo::analyzer::fit
