// xo report TRACE: what one traced run spent in MPI and why, and which settings would help. Reads
// any OTF2 archive; for a trace of a machine model it also benchmarks that model with the run's
// settings (xo bench's suite) to know both sides of every switch point, then applies those
// fitted models to the run's own messages and collectives. --verify re-records the run with the
// recommended settings and sets the measured change beside the prediction.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "history_records.hpp"
#include "progress_line.hpp"
#include "report_bench.hpp"
#include "report_document.hpp"
#include "report_verify.hpp"
#include "tool_paths.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/analysis/bench_analysis.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/analysis/recommendations.hpp"
#include "xo/analyzer/analysis/wait_states.hpp"
#include "xo/analyzer/fit/robust_fit.hpp"
#include "xo/analyzer/fit/segmented_fit.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/hwmodels/machine_setup.hpp"

namespace xo::cli {

using analyzer::number_text;

namespace {

namespace fs = std::filesystem;
using analyzer::TraceModel;

struct ReportOptions {
  std::string trace;
  ReportFormat format = ReportFormat::Text;
  bool verify = false;
  bool bench = true;
  bool cache = true;
  int verify_runs = 5;
  std::size_t top = 10;
  HistoryChoice history;
};

ReportOptions parse(const std::vector<std::string>& args) {
  ReportOptions o;
  ArgumentReader reader("report", args);
  while (reader.at_option()) {
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
      const std::string n = reader.take_value();
      char* end = nullptr;
      const long runs = std::strtol(n.c_str(), &end, 10);
      if (n.empty() || *end != '\0' || runs < 1 || runs > 100) {
        throw UsageError("--verify-runs " + n + ": give a number of recordings a side from 1 to 100");
      }
      o.verify_runs = static_cast<int>(runs);
    } else if (name == "--no-cache") {
      reader.take_flag();
      o.cache = false;
    } else if (name == "--top") {
      const std::string n = reader.take_value();
      o.top = static_cast<std::size_t>(std::max(1L, std::strtol(n.c_str(), nullptr, 10)));
    } else if (take_history_option(reader, o.history)) {
    } else {
      reader.unknown_option();
    }
  }
  reader.take_separator();
  const auto rest = reader.rest();
  if (rest.size() != 1) throw UsageError("give one trace: xo report TRACE (a directory from xo record, or its traces.otf2)");
  o.trace = rest[0];
  if (o.verify && !o.bench) throw UsageError("--verify needs the recommendations, which need the bench: drop --no-bench");
  return o;
}

std::string anchor_of(const std::string& trace) {
  std::error_code error;
  if (fs::is_directory(trace, error)) return (fs::path(trace) / "traces.otf2").string();
  return trace;
}

std::string microseconds(double seconds) { return number_text(seconds * 1e6, 5); }
std::string percent(double part, double whole) { return whole > 0 ? number_text(100 * part / whole, 3) + " %" : "-"; }

// None for a foreign trace, which names no machine model.
std::optional<RecordedRun> recorded_run(const TraceModel& m) {
  if (!m.run.crossover || m.run.crossover->machine.empty()) return std::nullopt;
  const analyzer::CrossoverRun& run = *m.run.crossover;
  RecordedRun r{run.machine, run.ranks.value_or(m.ranks()), {}, {}};
  for (const analyzer::Setting& p : run.parameters) r.params.push_back(p.name + "=" + p.value);
  for (const analyzer::Setting& e : run.environment) r.environment[e.name] = e.value;
  return r;
}

ReportSection run_section(const TraceModel& m, const std::string& anchor) {
  ReportSection s{"run", "Run", {}, std::nullopt};
  s.lines.push_back("trace: " + anchor + " (" + std::to_string(m.events) + " events, " + std::to_string(m.ranks()) +
                    " ranks)");
  if (m.run.crossover) {
    const auto& run = *m.run.crossover;
    s.lines.push_back("machine: " + run.machine + " (" + run.machine_description + "), compute " + run.compute_mode);
    if (!run.command_line.empty()) s.lines.push_back("command: " + run.command_line);
    if (run.exit_code && *run.exit_code != 0) s.lines.push_back("the run failed: exit code " + std::to_string(*run.exit_code));
  } else {
    s.lines.push_back("creator: " + m.run.creator + " (not a Crossover trace: no machine model, so no bench)");
  }
  if (m.problems.total() > 0) {
    s.lines.push_back(std::to_string(m.problems.total()) + " problems in the trace were tolerated, e.g. " +
                      (m.problems.examples.empty() ? std::string("?") : m.problems.examples.front()));
  }
  return s;
}

std::vector<ReportSection> profile_sections(const analyzer::MpiProfile& p, std::size_t top) {
  ReportSection calls{"time_by_call", "Time in MPI by call", {}, ReportTable{{"call", "calls", "seconds", "share of MPI", "longest us"}, {}}};
  const double available = p.run_seconds * p.ranks;
  calls.lines.push_back("MPI time " + number_text(p.mpi_seconds, 4) + " s summed over " + std::to_string(p.ranks) + " ranks: " +
                        percent(p.mpi_seconds, available) + " of the run's " + number_text(p.run_seconds, 4) + " s per rank");
  for (std::size_t i = 0; i < p.by_call.size() && i < top; ++i) {
    const auto& c = p.by_call[i];
    calls.table->rows.push_back({c.call, std::to_string(c.count), number_text(c.seconds, 4), percent(c.seconds, p.mpi_seconds),
                                 microseconds(c.longest)});
  }
  ReportSection protocols{"time_by_protocol", "Time in MPI by protocol or collective algorithm", {},
                          ReportTable{{"protocol", "messages or calls", "bytes", "seconds", "share of MPI"}, {}}};
  for (std::size_t i = 0; i < p.by_protocol.size() && i < top; ++i) {
    const auto& r = p.by_protocol[i];
    protocols.table->rows.push_back({r.protocol, std::to_string(r.messages), std::to_string(r.bytes), number_text(r.seconds, 4),
                                     percent(r.seconds, p.mpi_seconds)});
  }
  return {calls, protocols};
}

// The run's own point-to-point models: end-to-end time against bytes per protocol, and, as for a
// real MPI, the protocol boundaries a segmented fit finds without the labels.
ReportSection fits_section(const std::vector<analyzer::ProtocolSamples>& messages) {
  ReportSection s{"fits", "Point-to-point models of this run (end-to-end time = a + b * bytes, 95 % intervals)", {},
                  ReportTable{{"protocol", "samples", "a us", "b ns/byte", "R^2"}, {}}};
  std::vector<double> all_bytes, all_seconds;
  for (const auto& p : messages) {
    std::vector<double> x, y;
    for (const auto& m : p.samples) {
      if (!m.end_to_end_seconds) continue;
      x.push_back(m.bytes);
      y.push_back(*m.end_to_end_seconds);
      if (m.bytes > 0) all_bytes.push_back(m.bytes), all_seconds.push_back(*m.end_to_end_seconds);
    }
    try {
      const auto fit = analyzer::fit::fit_robust_line(x, y);
      const auto a = fit.fit.coefficient("intercept");
      const auto b = fit.fit.coefficient("slope");
      s.table->rows.push_back({p.protocol, std::to_string(x.size()),
                               microseconds(a.value) + " [" + microseconds(a.lower) + ", " + microseconds(a.upper) + "]",
                               number_text(b.value * 1e9, 4) + " [" + number_text(b.lower * 1e9, 4) + ", " + number_text(b.upper * 1e9, 4) + "]",
                               number_text(fit.fit.r_squared(), 4)});
    } catch (const std::invalid_argument&) {
      s.table->rows.push_back({p.protocol, std::to_string(x.size()), "too few sizes to fit", "", ""});
    }
  }
  try {
    const auto segmented = analyzer::fit::fit_segmented(all_bytes, all_seconds);
    std::string line = "protocol boundaries from times alone (segmented fit): ";
    if (segmented.breakpoints.empty()) line += "none";
    for (std::size_t i = 0; i < segmented.breakpoints.size(); ++i) {
      if (i > 0) line += "; ";
      line += number_text(segmented.breakpoints[i].left_x, 10) + " to " + number_text(segmented.breakpoints[i].right_x, 10) +
              " bytes";
    }
    s.lines.push_back(line);
  } catch (const std::invalid_argument&) {
    s.lines.push_back("too few message sizes to look for protocol boundaries");
  }
  return s;
}

ReportSection waits_section(const TraceModel& m, double mpi_seconds) {
  const auto waits = analyzer::find_wait_states(m);
  ReportSection s{"wait_states", "Wait states (Scalasca's patterns), by the protocol or algorithm they happened in", {},
                  ReportTable{{"pattern", "protocol", "count", "seconds", "share of MPI"}, {}}};
  for (const auto& t : analyzer::total_wait_states(waits)) {
    const std::string_view protocol = m.strings.at(t.protocol);
    s.table->rows.push_back({analyzer::wait_kind_name(t.kind), protocol.empty() ? "(unknown)" : std::string(protocol),
                             std::to_string(t.count), number_text(t.seconds, 4), percent(t.seconds, mpi_seconds)});
  }
  if (s.table->rows.empty()) s.lines.push_back("none: no rank waited for another inside MPI");
  return s;
}

ReportSection crossovers_section(const ReportBench& measured, const std::optional<db::History>& cache) {
  const analyzer::BenchAnalysis& bench = measured.analysis;
  ReportSection s{"crossovers", "Crossovers of the machine's switch points (xo bench with this run's settings)", {},
                  ReportTable{{"variable", "call", "now", "best", "crossing", "finding"}, {}}};
  std::string how = std::to_string(measured.runs) + " bench runs";
  if (measured.collective_runs > 0) {
    how += ", " + std::to_string(measured.collective_runs) + " of them collective sweeps on " +
           std::to_string(measured.ranks) + " ranks";
  }
  if (measured.cached > 0) {
    how += "; " + std::to_string(measured.cached) + " of them from the bench cache in " + cache->path() +
           " (--no-cache measures afresh)";
  }
  s.lines.push_back(how);
  for (const std::string& call : measured.unasked) {
    s.lines.push_back(call + ": its switch points were not measured, the run makes no such call");
  }
  for (const auto& c : bench.switches) {
    s.table->rows.push_back({c.point.env_var, c.where(),
                             std::to_string(c.setting), c.best ? number_text(*c.best, 10) : "?",
                             c.crossing ? number_text(c.crossing->x) : "-", c.finding});
  }
  if (bench.branching) {
    const auto& b = *bench.branching;
    s.lines.push_back("barrier tree branching: best " + std::to_string(b.chosen()) + " (" + std::to_string(b.best.at) +
                      " by the fitted tree model, R^2 " + number_text(b.model.r_squared(), 3) + "; " +
                      std::to_string(b.measured_best) + " measured)");
  }
  if (s.table->rows.empty() && !bench.branching) s.lines.push_back("the machine has no switch points this run needs measured");
  return s;
}

ReportSection recommendations_section(const std::vector<analyzer::Recommendation>& recs, double mpi_seconds) {
  ReportSection s{"recommendations", "Recommendations (predicted saving: the time the affected messages hold their ranks, or the calls take, by the bench's measurements)", {},
                  ReportTable{{"setting", "predicted saving s", "share of MPI", "affected", "evidence", "cost"}, {}}};
  for (const auto& r : recs) {
    if (r.required) {
      s.table->rows.push_back({r.export_line(), "needed", "the run failed without it", std::to_string(r.affected),
                               r.evidence, r.cost.empty() ? "-" : r.cost});
      continue;
    }
    s.table->rows.push_back({r.export_line(), number_text(r.predicted_seconds, 4), percent(r.predicted_seconds, mpi_seconds),
                             std::to_string(r.affected), r.evidence, r.cost.empty() ? "-" : r.cost});
  }
  if (recs.empty()) s.lines.push_back("none: by the bench's measurements, no setting would make this run's communication faster");
  return s;
}

}  // namespace

int command_report(const std::vector<std::string>& args) {
  const ReportOptions o = parse(args);
  auto history = o.history.open_for_storing();
  const std::string anchor = anchor_of(o.trace);
  ProgressLine progress;
  const TraceModel model = analyzer::read_trace(anchor, [&](std::uint64_t read, std::uint64_t total) {
    progress.show("reading " + anchor, static_cast<std::size_t>(read), static_cast<std::size_t>(std::max(read, total)));
  });
  const analyzer::MpiProfile profile = analyzer::profile_mpi(model);
  analyzer::RunSamples samples;
  analyzer::add_message_samples(model, samples.messages);
  samples.message_ends = analyzer::message_ends(model);
  samples.unexpected = analyzer::unexpected_arrivals(model);
  analyzer::add_collective_samples(model, samples.collectives);

  ReportDocument doc{"xo report: " + o.trace, {}};
  doc.sections.push_back(run_section(model, anchor));
  for (auto& s : profile_sections(profile, o.top)) doc.sections.push_back(std::move(s));
  doc.sections.push_back(fits_section(samples.messages));
  doc.sections.push_back(waits_section(model, profile.mpi_seconds));
  const auto recorded = recorded_run(model);
  std::optional<ReportBench> bench;
  std::vector<analyzer::Recommendation> recs;
  std::optional<analyzer::MpiProfile> verified;
  if (recorded && o.bench) {
    const auto machine =
        hw::configured_machine(recorded->machine, recorded->ranks, recorded->params, hw::lookup_in(recorded->environment));
    bench = bench_for_report(*machine, *recorded, samples.collectives, o.cache && history ? &*history : nullptr);
    doc.sections.push_back(crossovers_section(*bench, history));
    recs = analyzer::recommend(*machine, bench->analysis, samples);
    doc.sections.push_back(recommendations_section(recs, profile.mpi_seconds));
    if (o.verify) {
      Verification v = verify_recommendations(model, *recorded, recs, profile, o.verify_runs);
      doc.sections.push_back(std::move(v.section));
      verified = std::move(v.measured);
    }
  }
  render(doc, o.format, stdout);
  if (history) {
    std::vector<std::string> command_line = {"xo", "report"};
    command_line.insert(command_line.end(), args.begin(), args.end());
    store_report(*history, {model, anchor, shell_words(command_line), profile, bench ? &bench->analysis : nullptr, recs,
                            verified ? &*verified : nullptr});
  }
  return 0;
}

}  // namespace xo::cli
