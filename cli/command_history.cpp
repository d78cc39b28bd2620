// xo history: the benchmark history that xo bench and xo report store runs in. list, show, compare,
// trend, export and delete; every one takes --db PATH.

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "figure_text.hpp"
#include "history_option.hpp"
#include "history_subcommands.hpp"
#include "table.hpp"
#include "trace_directory.hpp"
#include "xo/db/history_error.hpp"
#include "xo/db/history_export.hpp"

namespace xo::cli {

namespace {

constexpr const char* kNoRuns = "no runs yet; `xo bench --machine xt3` or `xo report TRACE` stores one";

struct HistoryRequest {
  std::string subcommand;
  HistoryChoice choice;
  std::vector<std::string> operands;
  std::string machine;
  std::string kind;
  std::size_t limit = 20;
  std::string format = "csv";
  std::string output;
};

std::size_t parse_limit(const std::string& text) {
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || n < 0) throw UsageError("--limit " + text + ": give a number of runs, 0 for all");
  return static_cast<std::size_t>(n);
}

// Options may stand before, between or after the operands, as in `xo history show 3 --db h.db`.
HistoryRequest parse(const std::vector<std::string>& args) {
  if (args.empty())
    throw UsageError("give a sub-command: xo history list|show|compare|trend|export|delete (see `xo help history`)");
  HistoryRequest r;
  r.subcommand = args[0];
  ArgumentReader reader("history", std::vector<std::string>(args.begin() + 1, args.end()));
  while (!reader.done()) {
    if (!reader.at_option()) {
      if (!reader.take_separator()) r.operands.push_back(reader.take_operand());
      continue;
    }
    const std::string name = reader.option_name();
    if (take_db_option(reader, r.choice)) {
    } else if ((name == "--machine" || name == "-m") && (r.subcommand == "list" || r.subcommand == "trend")) {
      r.machine = reader.take_value();
    } else if (name == "--kind" && r.subcommand == "list") {
      r.kind = reader.take_value();
      if (!db::parse_run_kind(r.kind)) throw UsageError("--kind " + r.kind + ": choose bench, report or verify");
    } else if (name == "--limit" && r.subcommand == "list") {
      r.limit = parse_limit(reader.take_value());
    } else if ((name == "--format" || name == "-f") && r.subcommand == "export") {
      r.format = reader.take_value();
      if (r.format != "csv" && r.format != "json") throw UsageError("--format " + r.format + ": choose csv or json");
    } else if ((name == "-o" || name == "--output") && r.subcommand == "export") {
      r.output = reader.take_value();
    } else {
      reader.unknown_option();
    }
  }
  return r;
}

std::int64_t parse_run_id(const std::string& text) {
  char* end = nullptr;
  const long long id = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || id <= 0) {
    throw UsageError("'" + text + "' is not a run id: give the number `xo history list` shows");
  }
  return id;
}

std::vector<std::int64_t> run_ids(const HistoryRequest& r, std::size_t least, std::size_t most, const char* usage) {
  if (r.operands.size() < least || r.operands.size() > most) throw UsageError(std::string("usage: ") + usage);
  std::vector<std::int64_t> ids;
  for (const std::string& word : r.operands) ids.push_back(parse_run_id(word));
  return ids;
}

void list(const HistoryRequest& r) {
  if (!r.operands.empty()) throw UsageError("unexpected argument '" + r.operands[0] + "'; see `xo help history`");
  const auto history = r.choice.open(db::HistoryAccess::ReadOnly);
  const auto runs = history.runs({r.machine, db::parse_run_kind(r.kind), r.limit});
  const std::int64_t total = history.run_count();
  if (total == 0) {
    std::printf("%s\n", kNoRuns);
    return;
  }
  std::printf("%s: %lld runs\n", history.path().c_str(), static_cast<long long>(total));
  // The trace column appears only when a run listed came from a damaged trace.
  const bool any_damaged = std::any_of(runs.begin(), runs.end(), [](const db::RunSummary& s) { return s.damaged; });
  std::vector<std::vector<std::string>> rows = {
      {"run", "time (UTC)", "kind", "machine", "ranks", "program", "figures"}};
  if (any_damaged) rows[0].push_back("trace");
  for (const db::RunSummary& s : runs) {
    rows.push_back({std::to_string(s.id), s.started_at, db::run_kind_name(s.kind), s.machine,
                    s.ranks ? std::to_string(*s.ranks) : "-", s.program.empty() ? "-" : s.program,
                    std::to_string(s.figures)});
    if (s.damaged) rows.back().push_back("damaged");
  }
  print_table(rows);
  if (any_damaged) {
    std::printf("  (damaged: read despite damage with xo report --tolerate; `xo history show RUN` says what)\n");
  }
  if (runs.empty()) std::printf("  (none on this machine or of this kind)\n");
  if (r.limit != 0 && runs.size() == r.limit) std::printf("  (the newest %zu; --limit 0 shows all)\n", r.limit);
}

// NAME=value words, wrapped to lines of about 100 columns under `indent`.
std::string settings_text(const std::vector<db::Setting>& settings, std::size_t indent) {
  std::string text, line;
  for (const db::Setting& s : settings) {
    const std::string word = s.name + "=" + s.value;
    if (!line.empty() && indent + line.size() + 1 + word.size() > 100) {
      text += line + "\n" + std::string(indent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  text += line;
  return text.empty() ? "-" : text;
}

std::string seconds_text(double seconds) {
  const DisplayUnit unit = display_unit("s", seconds);
  return value_text(seconds, unit) + " " + unit.name;
}

void show(const HistoryRequest& r) {
  const std::int64_t id = run_ids(r, 1, 1, "xo history show RUN")[0];
  const auto history = r.choice.open(db::HistoryAccess::ReadOnly);
  const db::RunRecord run = existing_run(history, id);
  std::printf("%s\n", run_title(id, run).c_str());
  std::printf("  command: %s\n  program: %s\n  ranks: %s\n  trace: %s\n  host: %s, %s\n", run.command.c_str(),
              run.program.empty() ? "-" : run.program.c_str(), run.ranks ? std::to_string(*run.ranks).c_str() : "-",
              run.trace.c_str(), run.host.c_str(), run.tool_version.c_str());
  if (!run.damage.empty()) std::printf("  from a damaged trace: %s\n", run.damage.c_str());
  std::printf("  parameters: %s\n  environment: %s\n", settings_text(run.parameters, 14).c_str(),
              settings_text(run.environment, 15).c_str());
  const auto figures = history.figures(id);
  std::printf("\nFigures (%zu)\n", figures.size());
  std::vector<std::vector<std::string>> rows = {{"figure", "value", "unit", "95 % interval", "better"}};
  for (const db::Figure& f : figures) {
    const DisplayUnit unit = display_unit(f.unit, f.value);
    const std::string interval =
        f.lower && f.upper ? value_text(*f.lower, unit) + " .. " + value_text(*f.upper, unit) : "";
    rows.push_back({f.key, value_text(f.value, unit), unit.name, interval, db::direction_phrase(f.direction)});
  }
  print_table(rows);
  for (const db::RecommendationRecord& rec : run.recommendations) {
    std::printf("\nexport %s=%s: predicted saving %s (%lld affected; %s)", rec.variable.c_str(), rec.value.c_str(),
                seconds_text(rec.predicted_seconds).c_str(), static_cast<long long>(rec.affected),
                rec.evidence.c_str());
    if (rec.verification) {
      std::printf(
          "; measured %s (%s%s)", seconds_text(rec.verification->measured_seconds).c_str(),
          rec.verification->note.c_str(),
          rec.verification->verify_run ? (", run " + std::to_string(*rec.verification->verify_run)).c_str() : "");
    }
  }
  if (!run.recommendations.empty()) std::printf("\n");
}

// The -o file's place, checked before anything is read: a directory given for the file, or a
// directory that does not exist (no directories are made for it: a mistyped path is an error).
void check_export_file(const std::string& output, const std::string& format) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::is_directory(output, error)) {
    throw UsageError("cannot write " + output + ": it is a directory; give a file, e.g. -o " +
                     (fs::path(output) / ("history." + format)).string());
  }
  const fs::path dir = fs::path(output).parent_path();
  if (dir.empty() || fs::is_directory(dir, error)) return;
  for (fs::path part = dir; !part.empty() && part != part.parent_path(); part = part.parent_path()) {
    if (fs::exists(part, error) && !fs::is_directory(part, error)) {
      throw UsageError("cannot write " + output + ": " + part.string() + " is not a directory; choose another -o FILE");
    }
  }
  throw UsageError("cannot write " + output + ": the directory " + dir.string() +
                   " does not exist; create it (mkdir -p " + shell_words({dir.string()}) +
                   ") or choose another -o FILE");
}

void export_runs(const HistoryRequest& r) {
  if (!r.output.empty()) check_export_file(r.output, r.format);
  const auto history = r.choice.open(db::HistoryAccess::ReadOnly);
  std::vector<std::int64_t> ids;
  for (const std::string& word : r.operands) ids.push_back(parse_run_id(word));
  if (ids.empty()) {
    const auto runs = history.runs();
    for (auto it = runs.rbegin(); it != runs.rend(); ++it) ids.push_back(it->id);  // oldest first
  }
  std::vector<db::ExportedRun> runs;
  for (std::int64_t id : ids) runs.push_back({id, existing_run(history, id), history.figures(id)});
  std::ostringstream text;
  if (r.format == "json") {
    db::write_json(text, runs);
  } else {
    db::write_csv(text, runs);
  }
  if (r.output.empty()) {
    std::fwrite(text.str().data(), 1, text.str().size(), stdout);
    return;
  }
  errno = 0;
  std::ofstream out(r.output, std::ios::binary | std::ios::trunc);
  out << text.str();
  out.close();
  if (!out) {
    // The system's reason: a permission, a full disk.
    throw UsageError("cannot write " + r.output + (errno != 0 ? std::string(" (") + std::strerror(errno) + ")" : "") +
                     "; choose another file with -o FILE");
  }
  std::fprintf(stderr, "xo: %zu runs written to %s\n", runs.size(), r.output.c_str());
}

// After a comparison: which of the runs came from a damaged trace, and what the damage was, since
// a figure that changed may have changed with the damage rather than with the program.
void say_damaged_runs(const db::History& history, const std::vector<std::int64_t>& ids) {
  for (std::int64_t id : ids) {
    const db::RunRecord run = existing_run(history, id);
    if (run.damage.empty()) continue;
    std::printf("run %lld is from a damaged trace, so its figures may not be what the program did: %s\n",
                static_cast<long long>(id), run.damage.c_str());
  }
}

void remove_runs(const HistoryRequest& r) {
  const auto ids = run_ids(r, 1, static_cast<std::size_t>(-1), "xo history delete RUN...");
  std::vector<std::string> titles;
  {
    // Read-only first: deleting from a history that does not exist must not create one.
    const auto reader = r.choice.open(db::HistoryAccess::ReadOnly);
    for (std::int64_t id : ids) {
      if (auto run = reader.run(id)) titles.push_back(run_title(id, *run));
    }
  }
  r.choice.open(db::HistoryAccess::ReadWrite).remove(ids);  // refuses the whole list if one id is unknown
  for (const std::string& title : titles) std::printf("deleted %s\n", title.c_str());
}

}  // namespace

db::RunRecord existing_run(const db::History& history, std::int64_t id) {
  auto run = history.run(id);
  if (!run) {
    if (history.run_count() == 0) throw db::HistoryError(std::string(kNoRuns) + " (" + history.path() + " is empty)");
    throw db::HistoryError("no run " + std::to_string(id) + " in " + history.path() +
                           "; `xo history list` shows the runs");
  }
  return *run;
}

std::string run_title(std::int64_t id, const db::RunRecord& run) {
  return "run " + std::to_string(id) + " (" + db::run_kind_name(run.kind) + " on " +
         (run.machine.empty() ? "an unknown machine" : run.machine) + ", " + run.started_at +
         (run.damage.empty() ? "" : ", from a damaged trace") + ")";
}

int command_history(const std::vector<std::string>& args) {
  const HistoryRequest r = parse(args);
  if (r.subcommand == "list") {
    list(r);
  } else if (r.subcommand == "show") {
    show(r);
  } else if (r.subcommand == "compare") {
    const auto ids = run_ids(r, 2, 2, "xo history compare RUN RUN");
    const auto history = r.choice.open(db::HistoryAccess::ReadOnly);
    print_comparison(history, ids[0], ids[1]);
    say_damaged_runs(history, ids);
  } else if (r.subcommand == "trend") {
    if (r.operands.size() != 1)
      throw UsageError("usage: xo history trend FIGURE [--machine M], e.g. fit/short/L or 'fit/*/L'");
    print_trend(r.choice.open(db::HistoryAccess::ReadOnly), r.operands[0], r.machine);
  } else if (r.subcommand == "export") {
    export_runs(r);
  } else if (r.subcommand == "delete") {
    remove_runs(r);
  } else {
    throw UsageError("unknown history sub-command '" + r.subcommand +
                     "'; the sub-commands are list, show, compare, trend, export and delete (see `xo help history`)");
  }
  return 0;
}

}  // namespace xo::cli
