// xo bench: characterise a machine model, mpptest-like. Runs the suite's benchmarks on the
// reference MPI (each traced into DIR/<run>/), reads the traces back, fits a LogGP model per
// protocol, finds where each switch point should be and the best barrier branching factor.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <thread>

#include "argument_reader.hpp"
#include "bench_parts.hpp"
#include "commands.hpp"
#include "history_records.hpp"
#include "memory_estimate.hpp"
#include "progress_line.hpp"
#include "real_bench.hpp"
#include "table.hpp"
#include "tool_paths.hpp"
#include "trace_directory.hpp"
#include "unknown_env.hpp"
#include "xo/analyzer/analysis/bench_analysis.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/experiments/bench_plan.hpp"
#include "xo/experiments/bench_runner.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace xo::cli {

using analyzer::number_text;

namespace {

namespace suite = experiments;

struct BenchOptions {
  std::string machine = "loggp";
  suite::Suite suite = suite::Suite::All;
  std::vector<int> ranks = {16};
  std::string out_dir;  // default MACHINE-bench
  bool force = false;
  std::vector<std::string> params;
  std::map<std::string, std::string> environment;
  HistoryChoice history;
  // --mpi: the bench on the system's MPI (real_bench.hpp) under this launcher command.
  std::string mpi;
  int reps = 100;
  int rounds = 3;
  bool reps_given = false;
  std::vector<std::string> launcher;
  std::vector<std::string> model_options;  // given, which a real MPI's bench has no use for
  BenchPart part;                          // --part I/N: only this part of the plan, no analysis
  bool merge = false;                      // --merge: analyse the parts' traces, run nothing
};

suite::Suite parse_suite(const std::string& text) {
  if (text == "pt2pt") return suite::Suite::PointToPoint;
  if (text == "coll") return suite::Suite::Collective;
  if (text == "all") return suite::Suite::All;
  throw UsageError("--suite " + text + ": choose pt2pt, coll or all");
}

std::vector<int> parse_ranks(const std::string& text) {
  std::vector<int> ranks;
  std::stringstream list(text);
  for (std::string item; std::getline(list, item, ',');) {
    char* end = nullptr;
    const long n = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || n < 2 || n > 4096) {
      throw UsageError("--ranks " + text + ": give rank counts from 2 to 4096 separated by commas, e.g. --ranks 16,64");
    }
    ranks.push_back(static_cast<int>(n));
  }
  if (ranks.empty()) throw UsageError("--ranks needs at least one rank count, e.g. --ranks 16");
  return ranks;
}

BenchOptions parse(const std::vector<std::string>& args) {
  BenchOptions o;
  ArgumentReader reader("bench", args);
  while (reader.at_option()) {
    const std::string name = reader.option_name();
    if (name == "--machine" || name == "-m" || name == "--ranks" || name == "-n" || name == "--param" || name == "-p" ||
        name == "--ranks-per-node" || name == "-N" || name == "-e" || name == "--env") {
      o.model_options.push_back(name);
    }
    if (name == "--mpi") {
      o.mpi = reader.take_value();
    } else if (name == "--reps") {
      o.reps = static_cast<int>(reader.take_whole_number(1, 100000, "the round trips a size"));
      o.reps_given = true;
    } else if (name == "--rounds") {
      o.rounds = static_cast<int>(reader.take_whole_number(1, 100, "the times every setting is run"));
      o.reps_given = true;
    } else if (name == "--machine" || name == "-m") {
      o.machine = reader.take_value();
    } else if (name == "--suite") {
      o.suite = parse_suite(reader.take_value());
    } else if (name == "--ranks" || name == "-n") {
      o.ranks = parse_ranks(reader.take_value());
    } else if (name == "-o" || name == "--output") {
      o.out_dir = reader.take_value();
    } else if (name == "--force") {
      reader.take_flag();
      o.force = true;
    } else if (name == "--part") {
      o.part = parse_bench_part(reader.take_value());
      o.model_options.push_back(name);
    } else if (name == "--merge") {
      reader.take_flag();
      o.merge = true;
      o.model_options.push_back(name);
    } else if (name == "--param" || name == "-p") {
      reader.take_param(o.params);
    } else if (name == "--ranks-per-node" || name == "-N") {
      reader.take_ranks_per_node(o.params);
    } else if (name == "-e" || name == "--env") {
      reader.take_env_setting(o.environment);
    } else if (take_history_option(reader, o.history)) {
    } else {
      reader.unknown_option();
    }
  }
  if (!o.mpi.empty()) {
    if (!o.model_options.empty()) {
      throw UsageError(o.model_options.front() +
                       " is for a machine model; --mpi benches the system's MPI, which its "
                       "launcher runs: give the ranks to the launcher after --");
    }
    reader.take_separator();
    o.launcher = reader.rest();
    return o;
  }
  if (o.reps_given) {
    throw UsageError(
        "--reps and --rounds are for --mpi: a machine model's runs are exact, so each size is run 3 times");
  }
  if (!reader.done()) throw UsageError("unexpected argument '" + reader.rest()[0] + "'; see `xo help bench`");
  if (o.merge && o.part.count > 0) {
    throw UsageError("--part runs a part of the plan and --merge analyses all of them: give one, the merge last");
  }
  if (o.out_dir.empty()) o.out_dir = o.machine + "-bench";
  return o;
}

// The machine as every run sees it: the user's parameters and -e settings (not the process
// environment, so that a bench is reproducible from its command line).
std::unique_ptr<hw::Machine> configured_machine(const BenchOptions& o, int ranks) {
  return hw::configured_machine(o.machine, ranks, o.params, hw::lookup_in(o.environment));
}

std::string with_interval(const analyzer::fit::Estimate& e, double scale) {
  return number_text(e.value * scale, 3) + " [" + number_text(e.lower * scale, 3) + ", " +
         number_text(e.upper * scale, 3) + "]";
}

void print_protocols(const analyzer::BenchAnalysis& a) {
  if (a.protocols.empty()) return;
  std::printf("\nProtocols: LogGP fits, 95 %% intervals (us, G in ns/byte)\n");
  std::vector<std::vector<std::string>> rows = {{"protocol", "messages", "L", "o_s", "o_r", "g", "G"}};
  for (const analyzer::ProtocolModel& p : a.protocols) {
    if (!p.loggp) {
      rows.push_back({p.protocol, std::to_string(p.samples), "not fitted: " + p.missing});
      continue;
    }
    const auto& f = *p.loggp;
    rows.push_back({p.protocol, std::to_string(p.samples), with_interval(f.latency, 1e6),
                    with_interval(f.send_overhead, 1e6), with_interval(f.receive_overhead, 1e6),
                    f.gap ? with_interval(*f.gap, 1e6) : "-", with_interval(f.gap_per_byte, 1e9)});
  }
  print_table(rows);
}

// One export per variable whose switch points agree on a new value; a variable that serves several
// calls with different best values is left to the application's mix (xo report).
void print_unlabelled(const analyzer::BenchAnalysis& a) {
  if (!a.unlabelled) return;
  const auto& breakpoints = a.unlabelled->breakpoints;
  std::printf("\nProtocol boundaries found without labels (segmented fit of end-to-end time, as for a real MPI): ");
  if (breakpoints.empty()) std::printf("none, one line fits every size\n");
  for (std::size_t i = 0; i < breakpoints.size(); ++i) {
    std::printf("%s%s to %s bytes", i ? "; " : "", number_text(breakpoints[i].left_x, 10).c_str(),
                number_text(breakpoints[i].right_x, 10).c_str());
  }
  if (!breakpoints.empty()) std::printf("\n");
}

void print_switches(const analyzer::BenchAnalysis& a, std::vector<std::string>& exports) {
  if (a.switches.empty()) return;
  std::printf("\nSwitch points: where each threshold should be, from fits of both sides\n");
  std::vector<std::vector<std::string>> rows = {{"variable", "call", "now", "best", "finding"}};
  std::map<std::string, std::vector<const analyzer::SwitchCrossover*>> by_variable;
  for (const analyzer::SwitchCrossover& s : a.switches) {
    const std::string best = s.best ? number_text(*s.best, 10) : "?";
    rows.push_back({s.point.env_var, s.where(), std::to_string(s.setting), best, s.finding});
    by_variable[s.point.env_var].push_back(&s);
  }
  print_table(rows);
  for (const auto& [variable, points] : by_variable) {
    const auto& first = *points.front();
    if (std::none_of(points.begin(), points.end(),
                     [](const analyzer::SwitchCrossover* s) { return s->best.has_value(); })) {
      continue;
    }
    const bool agree = std::all_of(points.begin(), points.end(), [&](const analyzer::SwitchCrossover* s) {
      return s->best && first.best && std::llround(*s->best) == std::llround(*first.best);
    });
    if (!agree) {
      std::printf("  (%s: the calls it serves favour different values; the application's mix decides)\n",
                  variable.c_str());
    } else if (std::llround(*first.best) != first.setting && first.best_changes_measured_sizes()) {
      exports.push_back("export " + variable + "=" + std::to_string(std::llround(*first.best)) + "   # " +
                        first.finding);
    }
  }
}

void print_collective_models(const analyzer::BenchAnalysis& a, const BenchOptions& o) {
  if (a.collective_models.empty()) {
    if (o.suite != suite::Suite::PointToPoint && o.ranks.size() < 3) {
      std::printf(
          "\n(Collective time against bytes and ranks needs three or more communicator sizes: --ranks 8,16,32)\n");
    }
    return;
  }
  std::printf("\nCollective models: time against bytes per rank n and ranks P, the form chosen by BIC\n");
  std::vector<std::vector<std::string>> rows = {{"call", "algorithm", "model", "R^2", "worst error", "P measured"}};
  for (const analyzer::CollectiveModel& m : a.collective_models) {
    std::string sizes;
    for (int p : m.rank_counts) {
      if (!sizes.empty()) sizes += ',';
      sizes += std::to_string(p);
    }
    if (m.rank_counts.size() > 4)
      sizes = std::to_string(m.rank_counts.front()) + " to " + std::to_string(m.rank_counts.back());
    rows.push_back({m.call, m.algorithm, m.formula(), number_text(m.fit.r_squared(), 4),
                    number_text(std::round(m.largest_relative_error * 1000) / 10, 3) + " %", sizes});
  }
  print_table(rows);
}

void print_branching(const analyzer::BenchAnalysis& a, const hw::Machine& m, std::vector<std::string>& exports) {
  if (!a.branching) return;
  const auto& b = *a.branching;
  const std::int64_t now = m.env("XO_COLL_BRANCHING");
  std::printf(
      "\nBarrier tree branching (XO_COLL_BRANCHING): best %d (%lld by the fitted tree model, R^2 %.3f%s; %d by "
      "the measured means); now %lld\n",
      b.chosen(), static_cast<long long>(b.best.at), b.model.r_squared(),
      b.model_holds() ? "" : ": the model does not describe this barrier, so the measured best counts", b.measured_best,
      static_cast<long long>(now));
  std::vector<std::vector<std::string>> rows = {{"k", "mean barrier us", "tree depth"}};
  for (std::size_t i = 0; i < b.factors.size(); ++i) {
    rows.push_back(
        {std::to_string(b.factors[i]), number_text(b.mean_seconds[i] * 1e6, 5), number_text(b.mean_depth[i], 3)});
  }
  print_table(rows);
  if (b.chosen() != now) {
    exports.push_back("export XO_COLL_BRANCHING=" + std::to_string(b.chosen()) + "   # barrier tree");
  }
}

// Runs `plan` on every core: the runs are independent and deterministic, so the output is a
// serial run's.
std::vector<suite::RunOutcome> run_plan(const suite::BenchPlan& plan, const BenchOptions& o,
                                        const std::vector<std::string>& command_line, ProgressLine& progress) {
  const int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return suite::run_bench(
      plan, {o.params, o.environment, std::string("xo ") + kVersion, shell_words(command_line), jobs}, o.out_dir,
      [&](std::size_t done, std::size_t total, const std::string& purpose) { progress.show(purpose, done, total); });
}

// Each run's trace directory; earlier traces move beside them (RUN.old), said once.
void prepare_run_dirs(const BenchOptions& o, const suite::BenchPlan& plan) {
  bool moved = false;
  for (const suite::BenchRun& run : plan.runs) moved = prepare_trace_dir(o.out_dir + "/" + run.name, o.force) || moved;
  if (moved) {
    say_bench_traces_moved(o.out_dir);
  }
}

// --part I/N: this part's runs into the shared directory, its stamp, and how to merge.
int run_part(const BenchOptions& o, const suite::BenchPlan& plan, const std::string& fingerprint,
             const std::vector<std::string>& command_line) {
  suite::BenchPlan mine{plan.machine, {}};
  for (const std::size_t i : runs_of_part(plan.runs.size(), o.part)) mine.runs.push_back(plan.runs[i]);
  prepare_run_dirs(o, mine);
  const auto start = std::chrono::steady_clock::now();
  ProgressLine progress;
  const auto outcomes = run_plan(mine, o, command_line, progress);
  std::vector<FailedRun> failed;
  for (const auto& outcome : outcomes) {
    if (outcome.error.empty()) continue;
    std::fprintf(stderr, "xo: bench run %s failed: %s\n", outcome.name.c_str(), outcome.error.c_str());
    failed.push_back({outcome.name, outcome.error});
  }
  stamp_part(o.out_dir, o.part, fingerprint, failed);  // the merge reports the failed runs as a whole bench does
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<std::string> merge = {"xo", "bench"};
  for (std::size_t i = 2; i < command_line.size(); ++i) {
    if (command_line[i] == "--part" || command_line[i] == "--force") {
      if (command_line[i] == "--part") ++i;
      continue;
    }
    if (command_line[i].rfind("--part=", 0) == 0) continue;
    merge.push_back(command_line[i]);
  }
  merge.push_back("--merge");
  std::printf("xo bench: %s, part %d of %d: %zu of the plan's %zu runs in %s/ (%.1f s)\n", o.machine.c_str(),
              o.part.index, o.part.count, mine.runs.size(), plan.runs.size(), o.out_dir.c_str(), wall);
  std::printf("When every part has run into %s/, analyse them and store the bench:\n  %s\n", o.out_dir.c_str(),
              shell_words(merge).c_str());
  return failed.empty() ? 0 : 1;
}

}  // namespace

int command_bench(const std::vector<std::string>& args) {
  const BenchOptions o = parse(args);
  std::vector<std::string> command_line = {"xo", "bench"};
  command_line.insert(command_line.end(), args.begin(), args.end());
  if (!o.mpi.empty())
    return bench_real_mpi({o.mpi, o.out_dir, o.force, o.suite, o.reps, o.rounds, o.launcher, command_line, o.history});
  int most_ranks = 2;
  for (int r : o.ranks) most_ranks = std::max(most_ranks, r);
  refuse_ranks_beyond_memory(most_ranks, "xo bench --ranks " + std::to_string(most_ranks));
  const auto machine = configured_machine(o, most_ranks);
  refuse_unknown_env(*machine, o.machine, o.environment, false);
  const suite::BenchPlan plan = suite::plan_bench(*machine, o.suite, o.ranks);
  if (plan.runs.empty()) {
    throw UsageError("the " + o.machine + " model has nothing for this suite to measure; try --suite all");
  }
  const std::string fingerprint = plan_fingerprint(plan, o.params, o.environment);
  if (o.part.count > 0) return run_part(o, plan, fingerprint, command_line);
  if (!o.merge) prepare_run_dirs(o, plan);
  auto history = o.history.open_for_storing();

  const auto start = std::chrono::steady_clock::now();
  ProgressLine progress;
  std::vector<std::string> anchors;
  std::uint64_t events = 0;
  std::size_t runs = plan.runs.size();
  if (o.merge) {
    const MergedRuns merged = merge_parts(o.out_dir, plan, fingerprint);
    for (const FailedRun& run : merged.failed) {
      std::fprintf(stderr, "xo: bench run %s failed: %s\n", run.name.c_str(), run.error.c_str());
    }
    anchors = merged.anchors;
  } else {
    const auto outcomes = run_plan(plan, o, command_line, progress);
    runs = outcomes.size();
    for (const auto& outcome : outcomes) {
      if (!outcome.error.empty()) {
        std::fprintf(stderr, "xo: bench run %s failed: %s\n", outcome.name.c_str(), outcome.error.c_str());
      }
      if (outcome.anchor.empty()) continue;
      anchors.push_back(outcome.anchor);
      events += outcome.events;
    }
  }
  const auto analysis = analyzer::analyze_bench(*machine, anchors, [&](std::size_t done, std::size_t total) {
    progress.show("reading the traces", done, total);
  });
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (o.merge) {
    std::printf("xo bench: %s, %zu runs merged from the parts' traces in %s/ (%.1f s)\n", o.machine.c_str(), runs,
                o.out_dir.c_str(), wall);
  } else {
    std::printf("xo bench: %s, %zu runs, %llu trace events in %s/ (%.1f s)\n", o.machine.c_str(), runs,
                static_cast<unsigned long long>(events), o.out_dir.c_str(), wall);
  }
  std::vector<std::string> exports;
  print_protocols(analysis);
  print_unlabelled(analysis);
  print_switches(analysis, exports);
  print_collective_models(analysis, o);
  print_branching(analysis, *machine, exports);
  if (!exports.empty()) {
    std::printf("\nSettings these measurements favour (point-to-point by end-to-end time; weigh memory too):\n");
    for (const std::string& e : exports) std::printf("  %s\n", e.c_str());
  }
  if (history)
    store_bench(*history, bench_record(*machine, most_ranks, analysis, shell_words(command_line), o.out_dir));
  return anchors.size() == runs ? 0 : 1;
}

}  // namespace xo::cli
