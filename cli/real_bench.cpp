#include "real_bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "argument_reader.hpp"
#include "history_records.hpp"
#include "progress_line.hpp"
#include "record_job.hpp"
#include "scoped_variable.hpp"
#include "table.hpp"
#include "tool_layout.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/analysis/real_bench_analysis.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/experiments/bench_plan.hpp"

namespace xo::cli {

namespace {

using analyzer::bytes_text;
using analyzer::number_text;

// The sizes the comparison tables show: enough to see each side of a boundary up to 1 MiB, or a
// collective's algorithms cross up to its 256 KiB a rank.
constexpr double kShownSizes[] = {64, 1024, 4096, 16384, 65536, 262144, 1048576};
constexpr double kShownCollectiveSizes[] = {8, 64, 1024, 8192, 65536, 262144};

// The knobs' values the job's own run has: those set in xo's environment (the launcher passes it
// on), else none (the library's defaults).
std::map<std::string, std::string> own_settings(const hw::RealMpi& mpi) {
  std::map<std::string, std::string> out;
  for (const hw::RealMpiKnob& knob : mpi.knobs) {
    if (const char* value = std::getenv(knob.variable.c_str())) out[knob.variable] = value;
  }
  return out;
}

std::string boundaries_text(const analyzer::SettingCurve& c) {
  if (!c.boundaries) return "not fitted (too few sizes)";
  if (c.boundaries->breakpoints.empty() && !c.tested_boundary) return "none: one line fits every size";
  // In order of size, the tested one among those the fit found.
  std::vector<std::pair<const analyzer::fit::Breakpoint*, bool>> all;  // and whether tested
  for (const auto& b : c.boundaries->breakpoints) all.emplace_back(&b, false);
  if (c.tested_boundary) all.emplace_back(&*c.tested_boundary, true);
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first->left_x < b.first->left_x; });
  std::string text;
  for (const auto& [b, tested] : all) {
    if (!text.empty()) text += "; ";
    text += "above " + bytes_text(b->left_x) + ", up to " + bytes_text(b->right_x);
    if (tested) text += " (tested at the value)";
  }
  return text;
}

// The curve's median at `bytes` (a size the sweep measured), or NaN.
double median_at(const analyzer::SettingCurve& c, double bytes) {
  for (std::size_t i = 0; i < c.bytes.size(); ++i) {
    if (c.bytes[i] == bytes) return c.median_seconds[i];
  }
  return std::nan("");
}

// A value as people read it: "3 recursive doubling", "16384"; the job's own marked.
std::string value_label(const hw::RealMpiKnob& knob, const analyzer::SettingCurve& c) {
  const std::string name = knob.value_name(c.value);
  return c.value + (name.empty() ? "" : " " + name) + (c.own ? " (own)" : "");
}

void print_boundaries(const hw::RealMpiKnob& knob, const analyzer::KnobSweep& sweep) {
  std::printf(
      "\n%s: protocol boundaries found from the times alone (segmented fit of half round trips; where it put "
      "none at a value, a jump tested there)\n",
      sweep.variable.c_str());
  std::vector<std::vector<std::string>> rows = {{"value", "boundaries found", "at the value"}};
  for (const auto& c : sweep.curves) {
    rows.push_back({value_label(knob, c), boundaries_text(c), c.boundary_at_value ? "yes" : "-"});
  }
  print_table(rows);
}

// Where the fastest setting changes with size: ranges of sizes and the setting that beat the own
// one there in every round.
void print_fastest_ranges(const hw::RealMpiKnob& knob, const analyzer::KnobSweep& sweep) {
  const auto& own = sweep.curves.front();
  if (own.bytes.size() < 2) return;
  std::string text;
  for (std::size_t i = 0; i < own.bytes.size();) {
    std::size_t j = i;
    while (j + 1 < own.bytes.size() && sweep.fastest_by_size[j + 1] == sweep.fastest_by_size[i]) ++j;
    const auto& c = sweep.curves[sweep.fastest_by_size[i]];
    if (!text.empty()) text += "; ";
    text += bytes_text(own.bytes[i]) + (j > i ? " to " + bytes_text(own.bytes[j]) : "") + ": " +
            (c.own ? std::string("the own") : value_label(knob, c));
    i = j + 1;
  }
  std::printf("  fastest by size (beating the own by %s %% in every round): %s\n",
              number_text(analyzer::kFasterBy * 100, 2).c_str(), text.c_str());
}

void print_sweep(const hw::RealMpiKnob& knob, const analyzer::KnobSweep& sweep, std::vector<std::string>& exports) {
  const bool collective = !sweep.collective.empty();
  if (collective) {
    std::printf(
        "\n%s (%s): time of the call, us (the slowest member's, ranks lined up; median of every round), "
        "against the own setting (ratio in the same round; geometric mean over sizes)\n",
        sweep.variable.c_str(), sweep.collective.c_str());
  } else {
    print_boundaries(knob, sweep);
    std::printf(
        "\nHalf round trip by size, us (median of every round), and against the own setting (ratio in the "
        "same round; geometric mean over sizes)\n");
  }
  std::vector<double> shown;
  const bool barrier = collective && sweep.curves.front().bytes.size() == 1;
  if (barrier) {
    shown = sweep.curves.front().bytes;
  } else if (collective) {
    shown.assign(std::begin(kShownCollectiveSizes), std::end(kShownCollectiveSizes));
  } else {
    shown.assign(std::begin(kShownSizes), std::end(kShownSizes));
  }
  std::vector<std::string> header = {"value"};
  for (double b : shown) header.push_back(barrier ? "time" : bytes_text(b));
  header.insert(header.end(), {"vs own", "faster at", "slower at"});
  std::vector<std::vector<std::string>> rows = {header};
  for (std::size_t k = 0; k < sweep.curves.size(); ++k) {
    const auto& c = sweep.curves[k];
    const auto& cmp = sweep.against_own[k];
    std::vector<std::string> row = {value_label(knob, c)};
    for (double b : shown) {
      const double s = median_at(c, b);
      row.push_back(std::isnan(s) ? "-" : number_text(s * 1e6, 3));
    }
    if (c.own) {
      row.insert(row.end(), {"1", "-", "-"});
    } else {
      row.push_back(number_text(cmp.geometric_mean_ratio, 3));
      row.push_back(std::to_string(cmp.faster_sizes) + " sizes");
      row.push_back(cmp.slower_sizes == 0
                        ? "none"
                        : std::to_string(cmp.slower_sizes) + " sizes (worst x" + number_text(cmp.worst_ratio, 3) +
                              " at " + bytes_text(cmp.worst_at) + ")");
    }
    rows.push_back(std::move(row));
  }
  print_table(rows);
  if (collective && !barrier) print_fastest_ranges(knob, sweep);
  std::printf("  %s\n", sweep.finding.c_str());
  if (!sweep.best) return;
  std::string line = "export";
  for (const auto& [name, value] : sweep.requires_settings) line += " " + name + "=" + value;
  exports.push_back(line + " " + sweep.variable + "=" + sweep.curves[*sweep.best].value + "   # " + sweep.finding);
}

const hw::RealMpiKnob& knob_named(const hw::RealMpi& mpi, const std::string& variable) {
  for (const hw::RealMpiKnob& k : mpi.knobs) {
    if (k.variable == variable) return k;
  }
  throw std::logic_error("no knob " + variable);
}

}  // namespace

// Whether the ping-pong's partner, the last rank, ran on another host than rank 0 (the trace's
// placement parameter, written by the importer from the ranks' clock records).
bool partner_on_other_host(const analyzer::TraceModel& trace) {
  if (!trace.run.crossover) return false;
  for (const analyzer::Setting& p : trace.run.crossover->parameters) {
    if (p.name == "last_rank_on_other_host") return p.value == "1";
  }
  return false;
}

int bench_real_mpi(const RealBenchOptions& o) {
  if (o.launcher.empty()) {
    throw UsageError("give the launcher after --: xo bench --mpi=system -- mpirun -np 2");
  }
  JobRecording probe{o.mpi, "", false, true, o.launcher, {}};
  const std::string key = job_mpi(probe);
  const hw::RealMpi* mpi = hw::real_mpi_named(key);
  const std::string helper = key == "openmpi" ? tool_layout().bench_openmpi : tool_layout().bench_mpich;
  const std::string out_dir = o.out_dir.empty() ? key + "-bench" : o.out_dir;
  const auto run_dir = [&](int repetition, const std::string& name) {
    return out_dir + "/" + std::to_string(repetition + 1) + "/" + name;
  };
  // The first run (the own settings' ping-pong, or the first collective) tells where the ranks
  // run, which decides the point-to-point switch to sweep: the plan with the on-node one names the
  // same first run.
  experiments::BenchPlan plan = experiments::plan_real_bench(*mpi, o.suite, o.reps, hw::RealMpiPath::OnNode);
  bool moved = prepare_trace_dir(run_dir(0, plan.runs.front().name), o.force);
  auto history = o.history.open_for_storing();
  const std::map<std::string, std::string> own = own_settings(*mpi);

  const auto start = std::chrono::steady_clock::now();
  ProgressLine progress;
  analyzer::RealBenchSamples samples;
  int failed = 0;
  std::size_t total = plan.runs.size() * static_cast<std::size_t>(o.repetitions);
  // Records one run; false if it left no trace to read.
  const auto record = [&](const experiments::BenchRun& run, int repetition, std::size_t done) {
    progress.show(run.purpose + " (round " + std::to_string(repetition + 1) + ")", done, total);
    JobRecording job{key, run_dir(repetition, run.name), o.force, true, o.launcher, o.command_line};
    job.command.push_back(helper);
    job.command.insert(job.command.end(), run.argv.begin(), run.argv.end());
    std::vector<std::unique_ptr<ScopedVariable>> forced;  // the knob last, after what it requires
    for (const auto& [name, setting] : run.environment)
      forced.push_back(std::make_unique<ScopedVariable>(name, setting));
    std::string variable, value;
    if (!run.environment.empty()) std::tie(variable, value) = run.environment.back();
    int status = 0;
    try {
      status = record_job(job);
    } catch (const std::runtime_error& e) {
      std::fprintf(stderr, "xo: bench run %s failed: %s\n", job.trace_dir.c_str(), e.what());
      ++failed;
      return std::optional<analyzer::TraceModel>();
    }
    if (status != 0) {
      std::fprintf(stderr, "xo: bench run %s: the job ended with status %d; its trace is analysed as far as it goes\n",
                   job.trace_dir.c_str(), status);
      ++failed;
    }
    std::optional<analyzer::TraceModel> trace = analyzer::read_trace(job.trace_dir + "/traces.otf2");
    samples.add(*trace, variable, value, repetition);
    return trace;
  };
  const auto first = record(plan.runs.front(), 0, 0);
  if (!first) {  // the launcher or the library refuses: every other run would too
    throw std::runtime_error("the first bench run failed (see the job's messages above); check that `" +
                             shell_words(o.launcher) + " ./program` runs a job of " + mpi->name + " here");
  }
  const hw::RealMpiPath path =
      first && partner_on_other_host(*first) ? hw::RealMpiPath::BetweenNodes : hw::RealMpiPath::OnNode;
  if (path == hw::RealMpiPath::BetweenNodes) {
    plan = experiments::plan_real_bench(*mpi, o.suite, o.reps, path);
    total = plan.runs.size() * static_cast<std::size_t>(o.repetitions);
  }
  for (int r = 0; r < o.repetitions; ++r) {
    for (std::size_t k = r == 0 ? 1 : 0; k < plan.runs.size(); ++k) {
      moved = prepare_trace_dir(run_dir(r, plan.runs[k].name), o.force) || moved;
    }
  }
  if (moved) {
    say_bench_traces_moved(o.out_dir);
  }
  for (std::size_t i = 1; i < total; ++i) {
    record(plan.runs[i % plan.runs.size()], static_cast<int>(i / plan.runs.size()), i);
  }
  progress.show("done", total, total);
  const analyzer::RealBenchAnalysis analysis = analyzer::analyze_real_bench(*mpi, samples, own);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf(
      "xo bench: %s\n  %zu runs x %d rounds (the ping-pong between rank 0 and the last, 0 B to 1 MiB, %d round "
      "trips a size; collectives on every rank, 8 B to 256 KiB a rank), traces in %s/ (%.1f s)\n",
      samples.library().empty() ? mpi->name.c_str() : samples.library().c_str(), plan.runs.size(), o.repetitions,
      o.reps, out_dir.c_str(), wall);
  if (o.suite != experiments::Suite::Collective) {
    std::printf("  rank 0 and the last rank ran on %s: the ping-pong measures %s\n",
                path == hw::RealMpiPath::BetweenNodes ? "different hosts" : "one host",
                path == hw::RealMpiPath::BetweenNodes ? "the network path and its switches"
                                                      : "the on-node path and its switches");
  }
  if (analysis.sweeps.empty()) {
    std::printf("\nThe run with the job's own settings left no ping-pong to analyse.\n");
    return 1;
  }
  std::vector<std::string> exports;
  for (const auto& sweep : analysis.sweeps) print_sweep(knob_named(*mpi, sweep.variable), sweep, exports);
  if (!exports.empty()) {
    std::printf(
        "\nSettings these measurements favour (by time at every size; weigh memory too, and check them on your "
        "program with xo report --verify):\n");
    for (const std::string& e : exports) std::printf("  %s\n", e.c_str());
  }
  if (history) {
    std::vector<db::Setting> environment;
    for (const auto& [name, value] : own) environment.push_back({name, value});
    store_bench(*history, real_bench_record(*mpi, analysis, environment, shell_words(o.command_line), out_dir));
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace xo::cli
