#pragma once
// The numerical core shared by LinearFit and the robust fit's iterations: minimise Σ wᵢ(yᵢ − xᵢβ)²
// by a column-pivoting Householder QR of diag(√w)·X with columns scaled to unit length (column
// equilibration keeps a bytes column next to an intercept well conditioned; Golub & Van Loan,
// "Matrix Computations", 4th ed., §5.3–5.4). Zero weights are allowed here (the robust fit's
// rejected points); the public entry points refuse them.

#include <Eigen/Dense>
#include <span>
#include <string>

namespace xo::analyzer::fit {

struct WeightedLeastSquares {
  Eigen::VectorXd coefficients;
  Eigen::MatrixXd unscaled_covariance;  // (XᵀWX)⁻¹
};

// Throws std::invalid_argument naming the columns that are linearly dependent on the others.
WeightedLeastSquares solve_weighted_least_squares(const Eigen::MatrixXd& design, const Eigen::VectorXd& y,
                                                  const Eigen::VectorXd& weights,
                                                  std::span<const std::string> column_names);

}  // namespace xo::analyzer::fit
