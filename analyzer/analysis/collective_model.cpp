#include "xo/analyzer/analysis/collective_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/fit/median.hpp"

namespace xo::analyzer {

namespace {

double term_value(RankTerm term, int ranks) {
  switch (term) {
    case RankTerm::One: return 1;
    case RankTerm::Log2: return std::log2(static_cast<double>(ranks));
    case RankTerm::Linear: return ranks - 1.0;
    case RankTerm::LinearLog2: return ranks * std::log2(static_cast<double>(ranks)) / 2;
    default: return 0;
  }
}

// Coefficients below half a nanosecond (or half a picosecond per byte) print as 0: an exact fit
// leaves rounding residue there.
double shown(double value) { return std::abs(value) < 5e-4 ? 0 : value; }

// The median time of each (bytes, ranks) measured.
struct Cell {
  double bytes = 0;
  int ranks = 0;
  double seconds = 0;
};

struct Candidate {
  RankTerm latency;
  RankTerm bandwidth;
};

Eigen::MatrixXd design(const std::vector<Cell>& cells, const Candidate& c) {
  const Eigen::Index columns = c.bandwidth == RankTerm::None ? 2 : 3;
  Eigen::MatrixXd x(static_cast<Eigen::Index>(cells.size()), columns);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto row = static_cast<Eigen::Index>(i);
    x(row, 0) = 1;
    x(row, 1) = term_value(c.latency, cells[i].ranks);
    if (columns == 3) x(row, 2) = cells[i].bytes * term_value(c.bandwidth, cells[i].ranks);
  }
  return x;
}

std::vector<std::string> column_names(const Candidate& c) {
  if (c.bandwidth == RankTerm::None) return {"start", "per_step"};
  return {"start", "per_step", "per_byte"};
}

// Schwarz's criterion on the weighted residuals; a floor keeps exact fits (simulated times can be
// noise-free) comparable, and then the form with fewer terms wins.
double bic(const fit::LinearFit& f) {
  double rss = 0;
  for (Eigen::Index i = 0; i < f.residuals().size(); ++i) rss += f.weights()[i] * f.residuals()[i] * f.residuals()[i];
  const double m = static_cast<double>(f.observations());
  const double floor = 1e-12 * m;  // relative errors of one part in a million
  return m * std::log(std::max(rss, floor) / m) + static_cast<double>(f.coefficients().size()) * std::log(m);
}

std::optional<CollectiveModel> fit_one(const std::string& call, const std::string& algorithm, std::vector<Cell> cells) {
  std::set<int> ranks;
  std::set<double> bytes;
  for (const Cell& c : cells) {
    ranks.insert(c.ranks);
    bytes.insert(c.bytes);
  }
  if (ranks.size() < 3) return std::nullopt;  // two sizes cannot tell log2 P from P - 1
  std::vector<Candidate> candidates;
  for (RankTerm latency : {RankTerm::Log2, RankTerm::Linear}) {
    if (bytes.size() < 2) {
      candidates.push_back({latency, RankTerm::None});
      continue;
    }
    for (RankTerm bandwidth : {RankTerm::One, RankTerm::Log2, RankTerm::Linear, RankTerm::LinearLog2})
      candidates.push_back({latency, bandwidth});
  }
  Eigen::VectorXd y(static_cast<Eigen::Index>(cells.size())), weights(y.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto row = static_cast<Eigen::Index>(i);
    y(row) = cells[i].seconds;
    const double scale = std::max(cells[i].seconds, 1e-9);  // relative error; zero-time cells count as 1 ns
    weights(row) = 1 / (scale * scale);
  }
  std::optional<CollectiveModel> best;
  double best_bic = std::numeric_limits<double>::infinity();
  for (const Candidate& c : candidates) {
    const std::vector<std::string> names = column_names(c);
    if (cells.size() < names.size() + 2) continue;
    try {
      fit::LinearFit f = fit::LinearFit::least_squares(design(cells, c), names, y, weights);
      const double score = bic(f);
      if (score < best_bic) {
        best_bic = score;
        best = CollectiveModel{call, algorithm, c.latency, c.bandwidth, std::move(f), cells.size(), {}, 0};
      }
    } catch (const std::invalid_argument&) {  // a form the sizes cannot tell apart from another
    }
  }
  if (!best) return std::nullopt;
  best->rank_counts.assign(ranks.begin(), ranks.end());
  for (const Cell& c : cells) {
    const double error = std::abs(best->predict(c.bytes, c.ranks) - c.seconds) / std::max(c.seconds, 1e-9);
    best->largest_relative_error = std::max(best->largest_relative_error, error);
  }
  return best;
}

}  // namespace

double CollectiveModel::predict(double bytes_per_rank, int ranks) const {
  const Eigen::VectorXd& b = fit.coefficients();
  double t = b(0) + b(1) * term_value(latency, ranks);
  if (bandwidth != RankTerm::None) t += b(2) * bytes_per_rank * term_value(bandwidth, ranks);
  return t;
}

std::string CollectiveModel::formula() const {
  const Eigen::VectorXd& b = fit.coefficients();
  // As a factor: "(P - 1)" needs its brackets.
  const auto factor = [](RankTerm t) -> std::string { return t == RankTerm::Linear ? "(P - 1)" : rank_term_text(t); };
  std::string text = "T = " + number_text(shown(b(0) * 1e6), 3) + " us + " + number_text(shown(b(1) * 1e6), 3) +
                     " us * " + factor(latency);
  if (bandwidth == RankTerm::None) return text;
  text += " + " + number_text(shown(b(2) * 1e9), 3) + " ns/B * n";
  if (bandwidth != RankTerm::One) text += " * " + factor(bandwidth);
  return text;
}

std::string rank_term_text(RankTerm term) {
  switch (term) {
    case RankTerm::One: return "1";
    case RankTerm::Log2: return "log2 P";
    case RankTerm::Linear: return "P - 1";
    case RankTerm::LinearLog2: return "P log2 P / 2";
    default: return "0";
  }
}

std::vector<CollectiveModel> fit_collective_models(const std::vector<CollectiveSample>& samples, int branching) {
  // (call, algorithm) -> (bytes, ranks) -> times
  std::map<std::pair<std::string, std::string>, std::map<std::pair<double, int>, std::vector<double>>> groups;
  for (const CollectiveSample& s : samples) {
    if (!s.measured || s.ranks < 2) continue;
    if (s.branching != 0 && branching != 0 && s.branching != branching) continue;
    groups[{s.call, s.algorithm}][{s.bytes_per_rank, s.ranks}].push_back(s.seconds);
  }
  std::vector<CollectiveModel> models;
  for (auto& [key, by_cell] : groups) {
    std::vector<Cell> cells;
    for (auto& [cell, seconds] : by_cell) cells.push_back({cell.first, cell.second, fit::median(std::move(seconds))});
    if (auto model = fit_one(key.first, key.second, std::move(cells))) models.push_back(std::move(*model));
  }
  return models;
}

}  // namespace xo::analyzer
