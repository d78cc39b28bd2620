#include "xo/analyzer/fit/robust_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "input_checks.hpp"
#include "theil_sen.hpp"
#include "weighted_least_squares.hpp"
#include "xo/analyzer/fit/median.hpp"

namespace xo::analyzer::fit {
namespace {

// MAD/0.6745 estimates σ for normal errors (0.6745 is the normal's upper quartile).
constexpr double kMadToSigma = 1 / 0.6744897501960817;
// The reweighting stops when no fitted value moves by more than this fraction of the scale, or of
// the data's mean magnitude (rounding level, for noise-free data whose scale is at its floor).
constexpr double kConvergence = 1e-9;
constexpr double kRoundingLevel = 1e-13;
// Noise-free data (a simulation) has a zero MAD; the scale is kept at least this fraction of the
// data's mean magnitude so that points on the line get weight 1 and the others weight 0, not 0/0.
constexpr double kScaleFloor = 1e-9;

double bisquare_weight(double r, double c) {
  if (std::abs(r) >= c) return 0;
  const double q = 1 - (r / c) * (r / c);
  return q * q;
}

double bisquare_psi_derivative(double r, double c) {
  if (std::abs(r) >= c) return 0;
  const double v = (r / c) * (r / c);
  return (1 - v) * (1 - 5 * v);
}

void check_options(const RobustFitOptions& options) {
  require_level(options.level);
  if (!(options.bisquare_c > 0) || options.max_iterations < 1) {
    throw std::invalid_argument("robust fit options: bisquare_c must be > 0 and max_iterations ≥ 1");
  }
}

struct Problem {
  const Eigen::MatrixXd& design;
  std::vector<std::string> names;
  const Eigen::VectorXd& y;
  const Eigen::VectorXd& prior;
  Eigen::VectorXd root_prior;
  double magnitude;  // mean |√w·y|
  double scale;
};

// Iteratively reweighted least squares with the scale fixed: weights from the standardised
// residuals, a weighted solve, until the fitted values settle. Each step does not increase Σρ(u)
// (Maronna, Martin, Yohai 2006, §9.1), so it settles. Returns the iterations taken.
template <typename WeightOf>
int reweight_until_settled(const Problem& problem, int max_iterations, WeightOf weight_of, Eigen::VectorXd& beta) {
  const Eigen::Index n = problem.y.size();
  Eigen::VectorXd robustness(n);
  for (int iteration = 1; iteration <= max_iterations; ++iteration) {
    const Eigen::VectorXd u = problem.root_prior.cwiseProduct(problem.y - problem.design * beta) / problem.scale;
    for (Eigen::Index i = 0; i < n; ++i) robustness(i) = weight_of(u(i));
    const Eigen::Index kept = (robustness.array() > 0).count();
    if (kept <= problem.design.cols()) {
      throw std::invalid_argument("robust fit: only " + std::to_string(kept) + " of " + std::to_string(n) +
                                  " points are not outliers, too few for " + std::to_string(problem.design.cols()) +
                                  " coefficient(s)");
    }
    const Eigen::VectorXd next =
        solve_weighted_least_squares(problem.design, problem.y, problem.prior.cwiseProduct(robustness), problem.names)
            .coefficients;
    const double moved = problem.root_prior.cwiseProduct(problem.design * (next - beta)).cwiseAbs().maxCoeff();
    beta = next;
    if (moved <= std::max(kConvergence * problem.scale, kRoundingLevel * problem.magnitude)) return iteration;
  }
  throw std::invalid_argument("robust fit: the reweighting did not converge in " + std::to_string(max_iterations) +
                              " steps");
}

RobustFit m_estimate(const Eigen::MatrixXd& design, std::vector<std::string> names, const Eigen::VectorXd& y,
                     const Eigen::VectorXd& prior, Eigen::VectorXd beta, const RobustFitOptions& options) {
  const Eigen::Index n = design.rows();
  const Eigen::Index p = design.cols();
  Problem problem{design, std::move(names), y, prior, prior.cwiseSqrt(), 0, 0};
  problem.magnitude = problem.root_prior.cwiseProduct(y).cwiseAbs().mean();

  // The start may pass exactly through p points (Theil–Sen often does through 2): their zero
  // residuals say nothing about the scale, so the MAD is taken over the other n − p (as Rousseeuw &
  // Leroy, "Robust Regression and Outlier Detection", 1987, §5.1, correct small-sample LMS scales).
  const Eigen::VectorXd start_residuals = problem.root_prior.cwiseProduct(y - design * beta).cwiseAbs();
  std::vector<double> magnitudes(start_residuals.begin(), start_residuals.end());
  std::nth_element(magnitudes.begin(), magnitudes.begin() + p, magnitudes.end());
  magnitudes.erase(magnitudes.begin(), magnitudes.begin() + p);
  const double floor = std::max(kScaleFloor * problem.magnitude, std::numeric_limits<double>::min());
  problem.scale = std::max(kMadToSigma * median(std::move(magnitudes)), floor);

  const int iterations = reweight_until_settled(
      problem, options.max_iterations, [&](double u) { return bisquare_weight(u, options.bisquare_c); }, beta);

  // Weights and Huber's covariance at the converged coefficients.
  const Eigen::VectorXd u = problem.root_prior.cwiseProduct(y - design * beta) / problem.scale;
  Eigen::VectorXd robustness(n);
  Eigen::VectorXd derivative(n);
  double psi_squares = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    robustness(i) = bisquare_weight(u(i), options.bisquare_c);
    psi_squares += std::pow(u(i) * robustness(i), 2);
    derivative(i) = bisquare_psi_derivative(u(i), options.bisquare_c);
  }
  const double mean_derivative = derivative.mean();
  if (!(mean_derivative > 0)) {
    throw std::invalid_argument("robust fit: too many points lie far from the fit for a covariance estimate");
  }
  const double derivative_variance = (derivative.array() - mean_derivative).square().mean();
  const double k =
      1 + static_cast<double>(p) / static_cast<double>(n) * derivative_variance / (mean_derivative * mean_derivative);
  const double factor = k * k * (psi_squares / static_cast<double>(n - p)) / (mean_derivative * mean_derivative) *
                        problem.scale * problem.scale;
  const Eigen::MatrixXd unscaled = solve_weighted_least_squares(design, y, prior, problem.names).unscaled_covariance;

  RobustFit result{LinearFit({problem.names, design, y, prior.cwiseProduct(robustness), beta, factor * unscaled,
                              problem.scale, options.level}),
                   robustness,
                   {},
                   {},
                   problem.scale,
                   iterations};
  for (Eigen::Index i = 0; i < n; ++i) {
    if (robustness(i) < 0.5) result.downweighted.push_back(static_cast<std::size_t>(i));
    if (robustness(i) == 0) result.rejected.push_back(static_cast<std::size_t>(i));
  }
  return result;
}

}  // namespace

RobustFit fit_robust_line(std::span<const double> x, std::span<const double> y, std::span<const double> prior_weights,
                          const RobustFitOptions& options) {
  require_same_size("x", x.size(), "y", y.size());
  if (!prior_weights.empty()) require_same_size("the prior weights", prior_weights.size(), "y", y.size());
  require_finite("x", x);
  require_finite("y", y);
  if (!prior_weights.empty()) require_positive("prior weights", prior_weights);
  check_options(options);
  if (x.size() < 3) {
    throw std::invalid_argument("a robust line needs at least 3 points, got " + std::to_string(x.size()));
  }
  if (std::all_of(x.begin(), x.end(), [&](double v) { return v == x[0]; })) {
    throw std::invalid_argument("a line needs at least two distinct x; all " + std::to_string(x.size()) + " x equal " +
                                std::to_string(x[0]));
  }
  const auto n = static_cast<Eigen::Index>(x.size());
  Eigen::MatrixXd design(n, 2);
  design.col(0).setOnes();
  design.col(1) = Eigen::Map<const Eigen::VectorXd>(x.data(), n);
  const Eigen::VectorXd prior = prior_weights.empty()
                                    ? Eigen::VectorXd(Eigen::VectorXd::Ones(n))
                                    : Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(prior_weights.data(), n));
  const TheilSenLine start = theil_sen_line(x, y);
  return m_estimate(design, {"intercept", "slope"}, Eigen::Map<const Eigen::VectorXd>(y.data(), n), prior,
                    Eigen::Vector2d(start.intercept, start.slope), options);
}

RobustFit fit_robust_location(std::span<const double> y, const RobustFitOptions& options) {
  require_finite("y", y);
  check_options(options);
  if (y.size() < 2) {
    throw std::invalid_argument("a robust location needs at least 2 values, got " + std::to_string(y.size()));
  }
  const auto n = static_cast<Eigen::Index>(y.size());
  return m_estimate(Eigen::MatrixXd::Ones(n, 1), {"location"}, Eigen::Map<const Eigen::VectorXd>(y.data(), n),
                    Eigen::VectorXd::Ones(n), Eigen::VectorXd::Constant(1, median({y.begin(), y.end()})), options);
}

}  // namespace xo::analyzer::fit
