#include "weighted_least_squares.hpp"

#include <stdexcept>

namespace xo::analyzer::fit {
namespace {

// Pivots below this fraction of the largest one count as zero: the columns, each of unit length,
// are then dependent to within rounding of the data.
constexpr double kRankThreshold = 1e-10;

[[noreturn]] void refuse_dependent_columns(const Eigen::ColPivHouseholderQR<Eigen::MatrixXd>& qr,
                                           std::span<const std::string> column_names) {
  std::string names;
  for (Eigen::Index j = qr.rank(); j < qr.cols(); ++j) {
    if (!names.empty()) names += ", ";
    names += "'" + column_names[qr.colsPermutation().indices()(j)] + "'";
  }
  throw std::invalid_argument("the design matrix is rank-deficient: column(s) " + names +
                              " are linear combinations of the others (for a line: all x are equal)");
}

}  // namespace

WeightedLeastSquares solve_weighted_least_squares(const Eigen::MatrixXd& design, const Eigen::VectorXd& y,
                                                  const Eigen::VectorXd& weights,
                                                  std::span<const std::string> column_names) {
  const Eigen::VectorXd root_weights = weights.cwiseSqrt();
  Eigen::MatrixXd scaled = root_weights.asDiagonal() * design;
  Eigen::VectorXd column_scale = scaled.colwise().norm().transpose();
  for (Eigen::Index j = 0; j < column_scale.size(); ++j) {
    if (column_scale(j) == 0) column_scale(j) = 1;  // an all-zero column: the QR reports it as dependent
  }
  scaled *= column_scale.cwiseInverse().asDiagonal();

  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(scaled);
  qr.setThreshold(kRankThreshold);
  if (qr.rank() < design.cols()) refuse_dependent_columns(qr, column_names);

  const Eigen::VectorXd scaled_beta = qr.solve(root_weights.cwiseProduct(y));

  // (XsᵀXs)⁻¹ = P·R⁻¹·R⁻ᵀ·Pᵀ from Xs·P = Q·R; then undo the column scaling.
  const Eigen::Index p = design.cols();
  const Eigen::MatrixXd r_inverse =
      qr.matrixR().topLeftCorner(p, p).triangularView<Eigen::Upper>().solve(Eigen::MatrixXd::Identity(p, p));
  const auto& permutation = qr.colsPermutation();
  const Eigen::MatrixXd scaled_covariance = permutation * (r_inverse * r_inverse.transpose()) * permutation.transpose();
  const Eigen::VectorXd inverse_scale = column_scale.cwiseInverse();

  return {scaled_beta.cwiseProduct(inverse_scale),
          inverse_scale.asDiagonal() * scaled_covariance * inverse_scale.asDiagonal()};
}

}  // namespace xo::analyzer::fit
