// xo report TRACE: what one traced run spent in MPI and why, and which settings would help. Reads
// any OTF2 archive into a typed RunReport (analyzer/report); for a trace of a machine model it
// also benchmarks that model with the run's settings for the switch points the run needs
// (report_bench, cached in the history), prices the settings on the run's own messages and
// collectives, tries them on the program (report_candidates), and with --verify records the run
// again with the chosen set (report_verify). Rendered as text, Markdown or JSON.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "history_records.hpp"
#include "progress_line.hpp"
#include "report_bench.hpp"
#include "report_candidates.hpp"
#include "report_document.hpp"
#include "report_json.hpp"
#include "report_profile.hpp"
#include "report_real_job.hpp"
#include "report_text.hpp"
#include "report_verify.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/analysis/recommendations.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/analyzer/report/run_report.hpp"
#include "xo/db/history_error.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/tracer/run_profile.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;
using analyzer::TraceModel;

// Recordings a side --verify makes under measured computation, unless --verify-runs says.
constexpr int kDefaultVerifyRuns = 5;

struct ReportOptions {
  std::string trace;
  ReportFormat format = ReportFormat::Text;
  bool verify = false;
  bool bench = true;
  bool cache = true;
  bool simulate = true;
  bool store_run = true;                               // false with --no-store: the history serves the bench cache only
  analyzer::Damage damage = analyzer::Damage::Refuse;  // --tolerate reports on a damaged trace, marked
  std::optional<int> verify_runs;                      // --verify-runs, only with --verify
  std::size_t top = 10;
  HistoryChoice history;
};

// Options may come before or after the trace (as `perf report -i FILE --stdio`); after `--`
// everything is a trace name, one starting with '-' included.
ReportOptions parse(const std::vector<std::string>& args) {
  ReportOptions o;
  ArgumentReader reader("report", args);
  std::vector<std::string> traces;
  while (!reader.done()) {
    if (reader.take_separator()) {
      const auto rest = reader.rest();
      traces.insert(traces.end(), rest.begin(), rest.end());
      break;
    }
    if (!reader.at_option()) {
      traces.push_back(reader.take_operand());
      continue;
    }
    const std::string name = reader.option_name();
    if (name == "--format" || name == "-f") {
      const std::string f = reader.take_value();
      if (f == "text") {
        o.format = ReportFormat::Text;
      } else if (f == "json") {
        o.format = ReportFormat::Json;
      } else if (f == "markdown" || f == "md") {
        o.format = ReportFormat::Markdown;
      } else {
        throw UsageError("--format " + f + ": choose text, json or markdown");
      }
    } else if (name == "--verify") {
      reader.take_flag();
      o.verify = true;
    } else if (name == "--no-bench") {
      reader.take_flag();
      o.bench = false;
    } else if (name == "--verify-runs") {
      o.verify_runs = static_cast<int>(reader.take_whole_number(1, 100, "a number of recordings a side"));
    } else if (name == "--no-simulate") {
      reader.take_flag();
      o.simulate = false;
    } else if (name == "--no-cache") {
      reader.take_flag();
      o.cache = false;
    } else if (name == "--no-store") {
      reader.take_flag();
      o.store_run = false;
    } else if (name == "--tolerate") {
      reader.take_flag();
      o.damage = analyzer::Damage::Tolerate;
    } else if (name == "--top") {
      o.top = static_cast<std::size_t>(reader.take_whole_number(1, 100000, "a number of rows"));
    } else if (take_history_option(reader, o.history)) {
    } else {
      reader.unknown_option();
    }
  }
  if (traces.empty())
    throw UsageError("give a trace: xo report TRACE (a directory from xo record, its traces.otf2, or a profile.xop)");
  if (traces.size() > 1) {
    throw UsageError("give one trace, not " + std::to_string(traces.size()) + " ('" + traces[0] + "', '" + traces[1] +
                     "'" + (traces.size() > 2 ? ", ..." : "") + "); to set two runs side by side: xo compare A B");
  }
  o.trace = traces[0];
  if (o.verify && !o.bench)
    throw UsageError("--verify needs the recommendations, which need the bench: drop --no-bench");
  if (o.verify_runs && !o.verify) throw UsageError("--verify-runs counts --verify's recordings: add --verify");
  if (!o.store_run && !o.history.store)
    throw UsageError("--no-store keeps the bench cache, --no-history drops it: give one");
  return o;
}

// None for a foreign trace, which names no machine model.
std::optional<RecordedRun> recorded_run(const TraceModel& m) {
  if (!m.run.crossover || m.run.crossover->machine.empty()) return std::nullopt;
  const analyzer::CrossoverRun& run = *m.run.crossover;
  RecordedRun r{run.machine, run.ranks.value_or(m.ranks()), {}, {}};
  for (const analyzer::Setting& p : run.parameters) r.params.push_back(p.name + "=" + p.value);
  for (const analyzer::Setting& e : run.environment) r.environment[e.name] = e.value;
  return r;
}

// What --verify applies: the set the simulation chose (and anything required), else every
// recommendation but the alternatives.
std::vector<analyzer::Recommendation> to_verify(const analyzer::report::RunReport& report) {
  std::vector<analyzer::Recommendation> chosen;
  if (!report.candidates || !report.candidates->simulated) {
    for (const auto& r : report.recommendations) {
      if (r.alternative_to.empty()) chosen.push_back(r);
    }
    return chosen;
  }
  for (std::size_t i = 0; i < report.recommendations.size(); ++i) {
    if (report.recommendations[i].required || report.candidates->is_chosen(i))
      chosen.push_back(report.recommendations[i]);
  }
  return chosen;
}

// The history the report stores in and caches its bench in. With --no-store it only serves the
// cache, so a history that cannot be opened costs the cache, not the report.
std::optional<db::History> open_history(const ReportOptions& o) {
  if (o.store_run) return o.history.open_for_storing();
  try {
    return o.history.open(db::HistoryAccess::ReadWrite);
  } catch (const db::HistoryError& e) {
    std::fprintf(stderr, "xo report: no bench cache (%s)\n", e.what());
    return std::nullopt;
  }
}

}  // namespace

int command_report(const std::vector<std::string>& args) {
  const ReportOptions o = parse(args);
  if (const std::optional<std::string> profile = tracer::profile_file_of(o.trace)) {
    report_profile(*profile, "xo report: " + o.trace, o.format, o.top, stdout);
    return 0;  // a profile has no bench to run, nothing to verify, no trace to store
  }
  auto history = open_history(o);
  const std::string anchor = trace_anchor(o.trace);
  ProgressLine progress;
  const TraceModel model = analyzer::read_trace(
      anchor,
      [&](std::uint64_t read, std::uint64_t total) {
        progress.show("reading " + anchor, static_cast<std::size_t>(read),
                      static_cast<std::size_t>(std::max(read, total)));
      },
      o.damage);
  if (model.calls.size() == 0) {  // nothing below would mean anything, and an empty run is no history
    throw analyzer::TraceReadError(
        anchor + " holds no MPI calls (" +
        (model.run.creator.empty() ? std::string("no creator named") : "written by " + model.run.creator) +
        "): there is nothing to report, and nothing was stored; record an MPI program");
  }
  analyzer::RunSamples samples;
  analyzer::add_message_samples(model, samples.messages);
  samples.message_ends = analyzer::message_ends(model);
  samples.unexpected = analyzer::unexpected_arrivals(model);
  analyzer::add_collective_samples(model, samples.collectives);

  analyzer::report::RunReport report = analyzer::report::describe_trace(model, anchor, samples);
  const auto recorded = recorded_run(model);
  std::optional<analyzer::MpiProfile> verified;
  if (recorded && o.bench) {
    const auto machine = hw::configured_machine(recorded->machine, recorded->ranks, recorded->params,
                                                hw::lookup_in(recorded->environment));
    report.bench = bench_for_report(*machine, *recorded, samples.collectives, o.cache && history ? &*history : nullptr);
    report.recommendations = analyzer::recommend(*machine, report.bench->analysis, samples);
    if (o.simulate) report.candidates = simulate_candidates(model, *recorded, report.recommendations);
    if (o.verify) {
      report.verify_requested = true;
      if (auto v = verify_recommendations(model, *recorded, to_verify(report), report.profile,
                                          o.verify_runs.value_or(kDefaultVerifyRuns))) {
        report.verification = std::move(v->result);
        verified = std::move(v->measured);
      }
    }
  }
  if (report.run.library && o.bench) {
    advise_real_job(model, samples.collectives, history ? &*history : nullptr, report);
    if (o.verify) {
      report.verify_requested = true;
      if (auto v = verify_real_job(model, report.recommendations, report.profile,
                                   o.verify_runs.value_or(kDefaultVerifyRuns))) {
        report.verification = std::move(v->result);
        verified = std::move(v->measured);
      }
    }
  }
  if (o.format == ReportFormat::Json) {
    write_report_json(report, stdout);
  } else {
    render(report_document(report, "xo report: " + o.trace, o.top), o.format, stdout);
  }
  if (history && o.store_run) {
    std::vector<std::string> command_line = {"xo", "report"};
    command_line.insert(command_line.end(), args.begin(), args.end());
    store_report(*history, {model, anchor, shell_words(command_line), report.profile,
                            report.bench ? &report.bench->analysis : nullptr, report.recommendations,
                            verified ? &*verified : nullptr, report.verification ? &*report.verification : nullptr,
                            model.problems.first_damage});
  }
  return 0;
}

}  // namespace xo::cli
