#pragma once
// Two runs' figures side by side (xo history compare): each key's value in both, the change in
// percent, and the regression rule's verdict on the change given the figure's history.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "xo/db/figure.hpp"
#include "xo/db/regression_rule.hpp"

namespace xo::db {

struct FigureComparison {
  std::string key;
  std::string unit;
  Direction direction = Direction::Neither;
  std::optional<double> before, after;  // absent where the run has no such figure
  std::optional<double> percent;        // after against before, where both are there
  ChangeJudgement judgement;
};

// The figure's values up to and including the first run's, oldest first; empty for no history.
using FigureHistory = std::function<std::vector<double>(const std::string& key)>;

// Pairs the figures by key (a key in one run only is listed too), in key order.
std::vector<FigureComparison> compare_figures(const std::vector<Figure>& before, const std::vector<Figure>& after,
                                              const FigureHistory& history = {});

}  // namespace xo::db
