#include "xo/analyzer/fit/linear_fit.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "input_checks.hpp"
#include "t_interval.hpp"
#include "weighted_least_squares.hpp"

namespace xo::analyzer::fit {
namespace {

const std::vector<std::string> kLineColumns = {"intercept", "slope"};

std::span<const double> values_of(const Eigen::VectorXd& v) { return {v.data(), static_cast<std::size_t>(v.size())}; }

bool has_constant_column(const Eigen::MatrixXd& design) {
  for (Eigen::Index j = 0; j < design.cols(); ++j) {
    const double first = design(0, j);
    if (first != 0 && (design.col(j).array() == first).all()) return true;
  }
  return false;
}

void require_more_rows_than_columns(Eigen::Index rows, Eigen::Index columns) {
  if (columns < 1) throw std::invalid_argument("the design matrix has no columns");
  if (rows <= columns) {
    throw std::invalid_argument("a fit of " + std::to_string(columns) + " coefficient(s) needs at least " +
                                std::to_string(columns + 1) + " observations, got " + std::to_string(rows));
  }
}

}  // namespace

LinearFit::LinearFit(LinearFitParts parts)
    : column_names_(std::move(parts.column_names)),
      y_(std::move(parts.y)),
      weights_(std::move(parts.weights)),
      coefficients_(std::move(parts.coefficients)),
      covariance_(std::move(parts.covariance)),
      residual_standard_error_(parts.residual_standard_error),
      level_(parts.level) {
  const Eigen::Index n = y_.size();
  const Eigen::Index p = coefficients_.size();
  require_more_rows_than_columns(n, p);
  if (parts.design.rows() != n || parts.design.cols() != p || weights_.size() != n || covariance_.rows() != p ||
      covariance_.cols() != p || static_cast<Eigen::Index>(column_names_.size()) != p) {
    throw std::invalid_argument("LinearFit parts disagree in size");
  }
  require_level(level_);
  t_quantile_ = two_sided_t_quantile(level_, static_cast<double>(n - p));
  residuals_ = y_ - parts.design * coefficients_;

  // R² of the weighted fit: 1 − SSE/SST, SST about the weighted mean when there is an intercept.
  const double sse = weights_.dot(residuals_.cwiseAbs2());
  const bool centred = has_constant_column(parts.design);
  const double centre = centred ? weights_.dot(y_) / weights_.sum() : 0.0;
  const double sst = weights_.dot((y_.array() - centre).square().matrix());
  if (sst > 0) {
    r_squared_ = std::max(0.0, 1 - sse / sst);
    adjusted_r_squared_ =
        1 - (1 - r_squared_) * static_cast<double>(n - (centred ? 1 : 0)) / static_cast<double>(n - p);
  }
}

LinearFit LinearFit::least_squares(const Eigen::MatrixXd& design, std::vector<std::string> column_names,
                                   const Eigen::VectorXd& y, const Eigen::VectorXd& weights, double level) {
  require_same_size("the design matrix's rows", design.rows(), "y", y.size());
  require_same_size("the column names", column_names.size(), "the design matrix's columns", design.cols());
  require_more_rows_than_columns(design.rows(), design.cols());
  const Eigen::VectorXd w = weights.size() == 0 ? Eigen::VectorXd::Ones(y.size()) : weights;
  require_same_size("the weights", w.size(), "y", y.size());
  require_finite("design", {design.data(), static_cast<std::size_t>(design.size())});
  require_finite("y", values_of(y));
  require_positive("weights", values_of(w));
  require_level(level);

  WeightedLeastSquares solution = solve_weighted_least_squares(design, y, w, column_names);
  const Eigen::VectorXd residuals = y - design * solution.coefficients;
  const double variance = w.dot(residuals.cwiseAbs2()) / static_cast<double>(design.rows() - design.cols());
  return LinearFit({std::move(column_names), design, y, w, std::move(solution.coefficients),
                    variance * solution.unscaled_covariance, std::sqrt(variance), level});
}

LinearFit LinearFit::line(std::span<const double> x, std::span<const double> y, std::span<const double> weights,
                          double level) {
  require_same_size("x", x.size(), "y", y.size());
  if (!weights.empty()) require_same_size("the weights", weights.size(), "y", y.size());
  require_finite("x", x);
  if (x.size() >= 1 && std::all_of(x.begin(), x.end(), [&](double v) { return v == x[0]; })) {
    throw std::invalid_argument("a line needs at least two distinct x; all " + std::to_string(x.size()) + " x equal " +
                                std::to_string(x[0]));
  }
  Eigen::MatrixXd design(x.size(), 2);
  design.col(0).setOnes();
  design.col(1) = Eigen::Map<const Eigen::VectorXd>(x.data(), x.size());
  const Eigen::VectorXd w = weights.empty()
                                ? Eigen::VectorXd()
                                : Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(weights.data(), weights.size()));
  return least_squares(design, kLineColumns, Eigen::Map<const Eigen::VectorXd>(y.data(), y.size()), w, level);
}

Estimate LinearFit::coefficient(std::size_t column) const {
  if (column >= column_names_.size()) {
    throw std::invalid_argument("no coefficient " + std::to_string(column) + " in a fit of " +
                                std::to_string(column_names_.size()));
  }
  const auto j = static_cast<Eigen::Index>(column);
  const double se = std::sqrt(covariance_(j, j));
  return {coefficients_(j), se, coefficients_(j) - t_quantile_ * se, coefficients_(j) + t_quantile_ * se,
          static_cast<double>(degrees_of_freedom())};
}

Estimate LinearFit::coefficient(std::string_view name) const {
  const auto it = std::find(column_names_.begin(), column_names_.end(), name);
  if (it == column_names_.end()) throw std::invalid_argument("no coefficient named '" + std::string(name) + "'");
  return coefficient(static_cast<std::size_t>(it - column_names_.begin()));
}

Estimate LinearFit::predict(const Eigen::RowVectorXd& row) const {
  if (row.size() != coefficients_.size()) {
    throw std::invalid_argument("a design row of " + std::to_string(row.size()) + " values for a fit of " +
                                std::to_string(coefficients_.size()) + " coefficients");
  }
  require_finite("the design row", {row.data(), static_cast<std::size_t>(row.size())});
  const double value = row.dot(coefficients_);
  const double se = std::sqrt(std::max(0.0, row.dot(covariance_ * row.transpose())));
  return {value, se, value - t_quantile_ * se, value + t_quantile_ * se, static_cast<double>(degrees_of_freedom())};
}

bool LinearFit::is_line() const { return column_names_ == kLineColumns; }

Estimate LinearFit::predict(double x) const {
  if (!is_line()) throw std::invalid_argument("predict(x) needs a straight-line fit (columns intercept, slope)");
  return predict(Eigen::RowVector2d(1.0, x));
}

}  // namespace xo::analyzer::fit
