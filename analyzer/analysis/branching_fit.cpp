#include "xo/analyzer/analysis/branching_fit.hpp"

#include <map>

namespace xo::analyzer {

int tree_depth(int members, int k) {
  int depth = 0;
  long long reached = 1, level = 1;
  while (reached < members) {
    level *= k;
    reached += level;
    ++depth;
  }
  return depth;
}

double BranchingFit::chosen_seconds() const {
  if (model_holds()) return best.value;
  for (std::size_t i = 0; i < factors.size(); ++i) {
    if (factors[i] == measured_best) return mean_seconds[i];
  }
  return best.value;
}

std::optional<BranchingFit> fit_branching(const std::vector<CollectiveSample>& samples) {
  struct Sums {
    double seconds = 0, depth = 0;
    int count = 0;
  };
  std::map<int, Sums> by_factor;
  for (const CollectiveSample& s : samples) {
    if (!s.measured || s.call != "MPI_Barrier" || s.branching < 2) continue;
    Sums& sums = by_factor[s.branching];
    sums.seconds += s.seconds;
    sums.depth += tree_depth(s.ranks, s.branching);
    ++sums.count;
  }
  if (by_factor.size() < 4) return std::nullopt;
  std::vector<int> factors;
  std::vector<double> means, depths;
  for (const auto& [k, sums] : by_factor) {
    factors.push_back(k);
    means.push_back(sums.seconds / sums.count);
    depths.push_back(sums.depth / sums.count);
  }
  const auto n = static_cast<Eigen::Index>(factors.size());
  Eigen::MatrixXd design(n, 3);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    design(i, 0) = 1;
    design(i, 1) = depths[static_cast<std::size_t>(i)];
    design(i, 2) = factors[static_cast<std::size_t>(i)] * depths[static_cast<std::size_t>(i)];
    y(i) = means[static_cast<std::size_t>(i)];
  }
  fit::LinearFit model = fit::LinearFit::least_squares(design, {"start", "per_level", "per_child"}, y);
  // The model between measured factors needs D(k) there: interpolate it linearly in k.
  auto depth_at = [&](double k) {
    for (std::size_t i = 0; i + 1 < factors.size(); ++i) {
      if (k <= factors[i + 1]) {
        const double t = (k - factors[i]) / (factors[i + 1] - factors[i]);
        return depths[i] + t * (depths[i + 1] - depths[i]);
      }
    }
    return depths.back();
  };
  const Eigen::VectorXd& c = model.coefficients();
  const auto predicted = [&](double k) { return c(0) + c(1) * depth_at(k) + c(2) * k * depth_at(k); };
  const fit::IntegerMinimum best = fit::integer_argmin(predicted, factors.front(), factors.back());
  std::size_t lowest = 0;
  for (std::size_t i = 1; i < means.size(); ++i) lowest = means[i] < means[lowest] ? i : lowest;
  return BranchingFit{factors, means, depths, std::move(model), best, factors[lowest]};
}

}  // namespace xo::analyzer
