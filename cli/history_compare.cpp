// xo history compare and trend: figures across runs, each change judged by the regression rule
// (xo/db/regression_rule.hpp) against the figure's own history.

#include <algorithm>
#include <cstdio>
#include <map>

#include "argument_reader.hpp"
#include "figure_text.hpp"
#include "history_subcommands.hpp"
#include "table.hpp"
#include "xo/db/figure_comparison.hpp"
#include "xo/db/history_error.hpp"

namespace xo::cli {

namespace {

std::string rule_note() {
  return "REGRESSION: worse by more than " + std::to_string(static_cast<int>(db::kNoiseFactor)) +
         " x the figure's typical run-to-run change and by more than " +
         std::to_string(static_cast<int>(db::kRelativeFloor * 100)) + " %, the changes taken over its last " +
         std::to_string(db::kWindow) + " runs of the same kind, machine, program and rank count (judged once it has " +
         std::to_string(db::kMinChanges) + " earlier changes)";
}

// Edit distance, for suggesting the figure a mistyped name meant.
std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Up to five known keys nearest to `wanted`; keys sharing its first part ("fit/") count as near.
std::vector<std::string> near_keys(const std::vector<std::string>& keys, const std::string& wanted) {
  std::vector<std::pair<std::size_t, std::string>> ranked;
  const std::string head = wanted.substr(0, wanted.find('/') + 1);
  for (const std::string& key : keys) {
    const std::size_t d = distance(key, wanted);
    if (d <= std::max<std::size_t>(3, wanted.size() / 3) || (head.size() > 1 && key.rfind(head, 0) == 0)) {
      ranked.emplace_back(d, key);
    }
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> near;
  for (std::size_t i = 0; i < ranked.size() && i < 5; ++i) near.push_back(ranked[i].second);
  return near;
}

std::string settings_change(const std::vector<db::Setting>& a, const std::vector<db::Setting>& b) {
  std::map<std::string, std::pair<std::string, std::string>> values;
  for (const auto& s : a) values[s.name].first = s.value;
  for (const auto& s : b) values[s.name].second = s.value;
  std::string text;
  for (const auto& [name, v] : values) {
    if (v.first == v.second) continue;
    text += (text.empty() ? "" : ", ") + name + " " + (v.first.empty() ? "-" : v.first) + " -> " +
            (v.second.empty() ? "-" : v.second);
  }
  return text;
}

bool same_program(const db::FigureValue& a, const db::FigureValue& b) {
  return a.figure.key == b.figure.key && a.machine == b.machine && a.kind == b.kind && a.program == b.program;
}

bool same_series(const db::FigureValue& a, const db::FigureValue& b) {
  return same_program(a, b) && a.ranks == b.ranks && a.settings == b.settings;
}

// The space-separated words of `text`.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// The "name=value" words of `settings` that `reference` does not have: how a series differs.
std::string settings_not_in(const std::string& settings, const std::string& reference) {
  const std::vector<std::string> theirs = words(reference);
  std::string out;
  for (const std::string& word : words(settings)) {
    if (std::find(theirs.begin(), theirs.end(), word) == theirs.end()) out += (out.empty() ? "" : " ") + word;
  }
  return out;
}

}  // namespace

void print_comparison(const db::History& history, std::int64_t before, std::int64_t after) {
  const db::RunRecord a = existing_run(history, before), b = existing_run(history, after);
  std::map<std::string, std::vector<double>> earlier;
  for (const auto& v : history.figure_history(before, db::kWindow + 1)) earlier[v.figure.key].push_back(v.figure.value);
  const auto rows = db::compare_figures(history.figures(before), history.figures(after),
                                        [&](const std::string& key) { return earlier[key]; });

  std::printf("%s against %s\n", run_title(before, a).c_str(), run_title(after, b).c_str());
  if (a.machine != b.machine) std::printf("  different machines: %s and %s\n", a.machine.c_str(), b.machine.c_str());
  if (a.program != b.program) std::printf("  different programs: %s and %s\n", a.program.c_str(), b.program.c_str());
  const std::string changed =
      settings_change(a.parameters, b.parameters) + settings_change(a.environment, b.environment);
  if (!changed.empty()) std::printf("  settings changed: %s\n", changed.c_str());
  std::vector<std::vector<std::string>> table = {
      {"figure", "unit", "run " + std::to_string(before), "run " + std::to_string(after), "change", "flag"}};
  int regressions = 0, unjudged = 0;
  for (const db::FigureComparison& row : rows) {
    const DisplayUnit unit = display_unit(row.unit, row.before ? *row.before : *row.after);
    const auto text = [&](const std::optional<double>& v) { return v ? value_text(*v, unit) : std::string("-"); };
    const bool both = row.before && row.after;
    table.push_back({row.key, unit.name, text(row.before), text(row.after), both ? percent_text(row.percent) : "",
                     db::verdict_flag(row.judgement.verdict)});
    regressions += row.judgement.verdict == db::Verdict::Regression;
    unjudged += row.judgement.verdict == db::Verdict::TooLittleHistory;
  }
  print_table(table);
  std::printf("\n%d regressions. %s", regressions, rule_note().c_str());
  if (unjudged > 0) std::printf("; %d figures have too little history yet", unjudged);
  std::printf(". Crossover positions are never flagged.\n");
}

void print_trend(const db::History& history, const std::string& pattern, const std::string& machine) {
  const auto values = history.figure_values(pattern, machine);
  if (values.empty()) {
    if (history.run_count() == 0)
      throw db::HistoryError("no runs yet; `xo bench --machine xt3` or `xo report TRACE` stores one");
    const auto near = near_keys(history.figure_keys(), pattern);
    std::string hint;
    for (const std::string& key : near) hint += (hint.empty() ? "" : ", ") + key;
    throw UsageError("no figure '" + pattern + "'" + (machine.empty() ? "" : " on " + machine) + " in the history" +
                     (hint.empty() ? "" : "; near names: " + hint) +
                     " (`xo history show RUN` lists a run's figures; a glob such as 'fit/*/L' matches several)");
  }
  // One series per figure, machine, kind, program, rank count and settings: values that are
  // comparable run to run. Series of one program that differ only in ranks or settings say how.
  std::size_t first = 0;
  const db::FigureValue* family = nullptr;  // the first series of this figure, machine, kind and program
  while (first < values.size()) {
    const db::FigureValue& head = values[first];
    std::size_t end = first;
    while (end < values.size() && same_series(values[end], head)) ++end;
    if (family == nullptr || !same_program(*family, head)) family = &head;
    const DisplayUnit unit = display_unit(head.figure.unit, head.figure.value);
    const char* better = db::direction_phrase(head.figure.direction);
    std::string which = head.ranks ? ", " + std::to_string(*head.ranks) + " ranks" : std::string();
    if (&head != family) {
      const std::string changed = settings_not_in(head.settings, family->settings);
      which += changed.empty() ? std::string(", other settings") : ", with " + changed;
    }
    std::printf("%s%s on %s (%s runs%s%s%s), in %s%s\n", first ? "\n" : "", head.figure.key.c_str(),
                head.machine.empty() ? "an unknown machine" : head.machine.c_str(), db::run_kind_name(head.kind),
                head.program.empty() ? "" : " of ", head.program.c_str(), which.c_str(), unit.name.c_str(),
                *better ? (std::string(", ") + better).c_str() : "");
    std::vector<std::vector<std::string>> table = {{"run", "time (UTC)", "value", "change", "flag"}};
    std::vector<double> earlier;
    for (std::size_t i = first; i < end; ++i) {
      const db::Figure& f = values[i].figure;
      std::string change, flag;
      if (!earlier.empty()) {
        change = percent_text(db::percent_change(earlier.back(), f.value));
        flag = db::verdict_flag(db::judge_change(earlier, f.value, f.direction).verdict);
      }
      table.push_back(
          {std::to_string(values[i].run_id), values[i].started_at, value_text(f.value, unit), change, flag});
      earlier.push_back(f.value);
    }
    print_table(table);
    first = end;
  }
  std::printf("\n%s.\n", rule_note().c_str());
}

}  // namespace xo::cli
