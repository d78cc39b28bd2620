#pragma once
// Linear least squares y ≈ X·β for a design matrix X the caller builds (columns named), weighted or
// not, with the classical inference of the normal linear model: standard errors from σ̂²(XᵀWX)⁻¹,
// t intervals with n − p degrees of freedom, R², and confidence bands for the mean response
// (e.g. Weisberg, "Applied Linear Regression", 4th ed., ch. 2–3 and 7 for weights).
//
// Weights are inverse-variance weights up to a common factor (var(yᵢ) = σ²/wᵢ); σ is estimated
// from the weighted residuals. The solution uses a column-pivoting Householder QR of the weighted,
// column-equilibrated design, never the normal equations, so sizes in bytes next to an intercept
// of one do not cost precision.

#include <Eigen/Dense>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xo/analyzer/fit/estimate.hpp"

namespace xo::analyzer::fit {

inline constexpr double kDefaultConfidenceLevel = 0.95;

// What a fit is made of. The factories below fill it; an estimator with its own covariance (the
// robust fit's sandwich estimate) builds one directly.
struct LinearFitParts {
  std::vector<std::string> column_names;
  Eigen::MatrixXd design;        // n × p
  Eigen::VectorXd y;             // n
  Eigen::VectorXd weights;       // n, non-negative
  Eigen::VectorXd coefficients;  // p
  Eigen::MatrixXd covariance;    // p × p, of the coefficients
  double residual_standard_error = 0;
  double level = kDefaultConfidenceLevel;
};

class LinearFit {
 public:
  explicit LinearFit(LinearFitParts parts);

  // Throws std::invalid_argument naming the problem: sizes that disagree, fewer observations than
  // coefficients + 1, a non-finite value, a weight ≤ 0, a level outside (0, 1), or a design whose
  // columns are linearly dependent (the dependent columns are named).
  static LinearFit least_squares(const Eigen::MatrixXd& design, std::vector<std::string> column_names,
                                 const Eigen::VectorXd& y, const Eigen::VectorXd& weights = Eigen::VectorXd(),
                                 double level = kDefaultConfidenceLevel);

  // y = intercept + slope·x: columns "intercept" and "slope". At least 3 points, not all x equal.
  static LinearFit line(std::span<const double> x, std::span<const double> y, std::span<const double> weights = {},
                        double level = kDefaultConfidenceLevel);

  const std::vector<std::string>& column_names() const { return column_names_; }
  const Eigen::VectorXd& coefficients() const { return coefficients_; }
  const Eigen::MatrixXd& covariance() const { return covariance_; }
  Estimate coefficient(std::size_t column) const;
  Estimate coefficient(std::string_view name) const;  // throws std::invalid_argument for an unknown name

  double residual_standard_error() const { return residual_standard_error_; }  // σ̂, for weight 1
  // Weighted and centred when the design has a constant column (uncentred otherwise). When y does
  // not vary at all there is nothing to explain and R² is 1.
  double r_squared() const { return r_squared_; }
  double adjusted_r_squared() const { return adjusted_r_squared_; }
  std::size_t observations() const { return static_cast<std::size_t>(y_.size()); }
  std::size_t degrees_of_freedom() const { return observations() - coefficients_.size(); }
  double level() const { return level_; }
  const Eigen::VectorXd& residuals() const { return residuals_; }  // y − Xβ, unweighted
  const Eigen::VectorXd& weights() const { return weights_; }

  // The mean response at a new design row, with its confidence band at the fit's level.
  Estimate predict(const Eigen::RowVectorXd& row) const;

  // For fits made by line(): the mean response at x.
  bool is_line() const;
  Estimate predict(double x) const;

 private:
  std::vector<std::string> column_names_;
  Eigen::VectorXd y_;
  Eigen::VectorXd weights_;
  Eigen::VectorXd coefficients_;
  Eigen::MatrixXd covariance_;
  Eigen::VectorXd residuals_;
  double residual_standard_error_;
  double level_;
  double t_quantile_;
  double r_squared_ = 1;
  double adjusted_r_squared_ = 1;
};

}  // namespace xo::analyzer::fit
