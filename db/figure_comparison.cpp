#include "xo/db/figure_comparison.hpp"

#include <map>

namespace xo::db {

std::vector<FigureComparison> compare_figures(const std::vector<Figure>& before, const std::vector<Figure>& after,
                                              const FigureHistory& history) {
  std::map<std::string, FigureComparison> by_key;
  for (const Figure& f : before) by_key[f.key] = {f.key, f.unit, f.direction, f.value, std::nullopt, std::nullopt, {}};
  for (const Figure& f : after) {
    auto [it, added] =
        by_key.try_emplace(f.key, FigureComparison{f.key, f.unit, f.direction, std::nullopt, {}, {}, {}});
    it->second.after = f.value;
  }
  std::vector<FigureComparison> rows;
  for (auto& [key, row] : by_key) {
    if (row.before && row.after) {
      row.percent = percent_change(*row.before, *row.after);
      std::vector<double> earlier = history ? history(key) : std::vector<double>{};
      if (earlier.empty()) earlier.push_back(*row.before);
      row.judgement = judge_change(earlier, *row.after, row.direction);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace xo::db
