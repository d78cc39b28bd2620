// xo compare A B: two traces side by side, so that users see how a machine model differs from
// their library, or one setting from another: what each run was, its time in MPI by call and by
// protocol, its point-to-point messages' end-to-end time by size, and the protocol boundaries a
// segmented fit finds in each. With --machine, B is the reference MPI's run of a program (built
// with xo cc) on that model, recorded here with A's rank count: a real job beside its model.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>

#include "argument_reader.hpp"
#include "child_process.hpp"
#include "commands.hpp"
#include "report_document.hpp"
#include "scratch_directory.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/analysis/message_samples.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/analysis/run_fits.hpp"
#include "xo/analyzer/fit/median.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;
using analyzer::bytes_text;
using analyzer::duration_text;
using analyzer::number_text;
using analyzer::percent_text;

struct CompareOptions {
  std::string first, second;  // traces
  std::string machine;        // --machine: record `program` on it as the second
  std::string compute = "measured";
  std::vector<std::string> program;
  ReportFormat format = ReportFormat::Text;
  analyzer::Damage damage = analyzer::Damage::Refuse;  // --tolerate reads damaged traces, marked
};

// Options may come before or after the traces; a program to record follows `--`.
CompareOptions parse(const std::vector<std::string>& args) {
  CompareOptions o;
  ArgumentReader reader("compare", args);
  std::vector<std::string> traces;
  while (!reader.done()) {
    if (reader.take_separator()) {
      o.program = reader.rest();
      break;
    }
    if (!reader.at_option()) {
      traces.push_back(reader.take_operand());
      continue;
    }
    const std::string name = reader.option_name();
    if (name == "--machine" || name == "-m") {
      o.machine = reader.take_value();
    } else if (name == "--compute") {
      o.compute = reader.take_value();
    } else if (name == "--tolerate") {
      reader.take_flag();
      o.damage = analyzer::Damage::Tolerate;
    } else if (name == "--format" || name == "-f") {
      const std::string f = reader.take_value();
      if (f == "text") {
        o.format = ReportFormat::Text;
      } else if (f == "markdown" || f == "md") {
        o.format = ReportFormat::Markdown;
      } else {
        throw UsageError("--format " + f + ": choose text or markdown");
      }
    } else {
      reader.unknown_option();
    }
  }
  if (o.machine.empty()) {
    if (traces.size() != 2 || !o.program.empty()) {
      throw UsageError(
          "give two traces (xo compare A B), or a trace and a program to record on a machine model "
          "(xo compare A --machine M -- ./app)");
    }
    o.second = traces[1];
  } else if (traces.size() != 1 || o.program.empty()) {
    throw UsageError(
        "--machine records the program given after -- beside one trace: xo compare A --machine M -- ./app");
  }
  o.first = traces[0];
  return o;
}

// One side: its trace read, profiled and fitted.
struct Side {
  std::string label;  // "A", "B"
  std::string path;
  analyzer::TraceModel model;
  analyzer::MpiProfile profile;
  std::vector<analyzer::ProtocolSamples> messages;
  analyzer::RunFits fits;
};

Side read_side(const std::string& label, const std::string& path, analyzer::Damage damage) {
  Side s{label, path, analyzer::read_trace(trace_anchor(path), {}, damage), {}, {}, {}};
  if (s.model.problems.damage() > 0) s.label += " (damaged trace)";
  s.profile = analyzer::profile_mpi(s.model);
  analyzer::add_message_samples(s.model, s.messages);
  s.fits = analyzer::fit_run(s.messages);
  return s;
}

std::string what_ran(const Side& s) {
  const auto& run = s.model.run.crossover;
  if (!run) return "a foreign trace (" + s.model.run.creator + ")";
  if (run->machine.empty()) return run->machine_description + " (a real job)";
  return "machine " + run->machine + " (" + run->machine_description + "), compute " + run->compute_mode;
}

std::string ratio_text(double a, double b) {
  if (!(a > 0) || !(b > 0)) return "-";
  return number_text(b / a, 3) + "x";
}

ReportSection runs_section(const Side& a, const Side& b) {
  ReportSection s{"runs",
                  "The two runs",
                  {},
                  ReportTable{{"", "trace", "what ran", "ranks", "run time per rank", "time in MPI (all ranks)"}, {}}};
  for (const Side* side : {&a, &b}) {
    s.table->rows.push_back({side->label, side->path, what_ran(*side), std::to_string(side->model.ranks()),
                             duration_text(side->profile.run_seconds), duration_text(side->profile.mpi_seconds)});
  }
  s.lines.push_back("B/A: B's time over A's (2x: B takes twice as long)");
  return s;
}

ReportSection calls_section(const Side& a, const Side& b) {
  ReportSection s{"calls",
                  "Time in MPI by call",
                  {},
                  ReportTable{{"call", "A calls", "A time", "A share", "B calls", "B time", "B share", "B/A"}, {}}};
  std::map<std::string, std::pair<const analyzer::CallTime*, const analyzer::CallTime*>> calls;
  for (const auto& c : a.profile.by_call) calls[c.call].first = &c;
  for (const auto& c : b.profile.by_call) calls[c.call].second = &c;
  std::vector<std::pair<std::string, std::pair<const analyzer::CallTime*, const analyzer::CallTime*>>> rows(
      calls.begin(), calls.end());
  const auto largest = [](const auto& row) {
    return std::max(row.second.first ? row.second.first->seconds : 0,
                    row.second.second ? row.second.second->seconds : 0);
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& x, const auto& y) { return largest(x) > largest(y); });
  for (const auto& [call, pair] : rows) {
    const auto [ca, cb] = pair;
    std::vector<std::string> row = {call};
    for (const auto& [c, side] : {std::pair{ca, &a}, std::pair{cb, &b}}) {
      if (c == nullptr) {
        row.insert(row.end(), {"-", "-", "-"});
      } else {
        row.insert(row.end(), {std::to_string(c->count), duration_text(c->seconds),
                               percent_text(c->seconds, side->profile.mpi_seconds)});
      }
    }
    row.push_back(ratio_text(ca ? ca->seconds : 0, cb ? cb->seconds : 0));
    s.table->rows.push_back(std::move(row));
  }
  return s;
}

ReportSection protocols_section(const Side& a, const Side& b) {
  ReportSection s{"protocols",
                  "Time in MPI by protocol or collective algorithm",
                  {},
                  ReportTable{{"", "protocol or algorithm", "messages or calls", "bytes", "time", "share of MPI"}, {}}};
  for (const Side* side : {&a, &b}) {
    for (const auto& p : side->profile.by_protocol) {
      s.table->rows.push_back({side->label, p.protocol, std::to_string(p.messages), bytes_text(p.bytes),
                               duration_text(p.seconds), percent_text(p.seconds, side->profile.mpi_seconds)});
    }
  }
  const auto real = [](const Side& side) {
    return side.model.run.crossover && side.model.run.crossover->machine.empty();
  };
  if (real(a) || real(b)) {
    s.lines.push_back(
        "a real MPI labels no protocol: its messages are \"(unknown)\"; the boundaries below are found from its times");
  }
  return s;
}

// End-to-end times by size bin (a power of two and up to the next), medians.
std::map<int, std::vector<double>> by_size_bin(const Side& s) {
  std::map<int, std::vector<double>> bins;
  for (const auto& p : s.messages) {
    for (const auto& m : p.samples) {
      if (m.end_to_end_seconds && m.bytes > 0)
        bins[static_cast<int>(std::floor(std::log2(m.bytes)))].push_back(*m.end_to_end_seconds);
    }
  }
  return bins;
}

ReportSection sizes_section(const Side& a, const Side& b) {
  ReportSection s{"sizes",
                  "Point-to-point end-to-end time by message size (median of the messages in each size range)",
                  {},
                  ReportTable{{"sizes", "A messages", "A median", "B messages", "B median", "B/A"}, {}}};
  const auto bins_a = by_size_bin(a), bins_b = by_size_bin(b);
  std::map<int, bool> keys;
  for (const auto& [k, v] : bins_a) keys[k] = true;
  for (const auto& [k, v] : bins_b) keys[k] = true;
  for (const auto& [k, present] : keys) {
    const auto ia = bins_a.find(k), ib = bins_b.find(k);
    const double ma = ia != bins_a.end() ? analyzer::fit::median(ia->second) : 0,
                 mb = ib != bins_b.end() ? analyzer::fit::median(ib->second) : 0;
    s.table->rows.push_back({bytes_text(std::exp2(k)) + " to " + bytes_text(std::exp2(k + 1) - 1),
                             ia != bins_a.end() ? std::to_string(ia->second.size()) : "-",
                             ma > 0 ? duration_text(ma) : "-",
                             ib != bins_b.end() ? std::to_string(ib->second.size()) : "-",
                             mb > 0 ? duration_text(mb) : "-", ratio_text(ma, mb)});
  }
  if (keys.empty()) s.lines.push_back("neither run has a point-to-point message with an end-to-end time");
  return s;
}

std::string segments_text(const analyzer::RunFits& fits) {
  if (!fits.boundaries) return "no segmented fit: " + fits.boundaries_missing;
  std::string text;
  for (const auto& seg : fits.boundaries->segments) {
    if (!text.empty()) text += "; ";
    text += bytes_text(seg.first_x) + " to " + bytes_text(seg.last_x) + ": " +
            duration_text(seg.fit.coefficient("intercept").value) + " + " +
            number_text(seg.fit.coefficient("slope").value * 1e9, 3) + " ns/B";
  }
  return text;
}

ReportSection boundaries_section(const Side& a, const Side& b) {
  ReportSection s{
      "boundaries",
      "Protocol boundaries from the times alone (segmented fit of end-to-end time; a line a + b x bytes per segment)",
      {},
      ReportTable{{"", "segments"}, {}}};
  for (const Side* side : {&a, &b}) s.table->rows.push_back({side->label, segments_text(side->fits)});
  return s;
}

}  // namespace

int command_compare(const std::vector<std::string>& args) {
  const CompareOptions o = parse(args);
  Side a = read_side("A", o.first, o.damage);
  std::optional<ScratchDirectory> scratch;
  std::string second = o.second;
  if (!o.machine.empty()) {
    scratch.emplace("compare");
    second = scratch->path();
    std::vector<std::string> command = {fs::read_symlink("/proc/self/exe").string(),
                                        "record",
                                        "-q",
                                        "--force",
                                        "-o",
                                        second,
                                        "-n",
                                        std::to_string(a.model.ranks()),
                                        "--machine",
                                        o.machine,
                                        "--compute",
                                        o.compute,
                                        "--"};
    command.insert(command.end(), o.program.begin(), o.program.end());
    const ProcessEnd end = run_process_to_end(command, "xo compare runs xo record", ChildStdout::ToStderr);
    if (end.signal != 0) {
      throw UsageError("recording " + o.program[0] + " on " + o.machine + " failed: xo record was " + end.text());
    }
    if (end.exit_code != 0) {
      throw UsageError("recording " + o.program[0] + " on " + o.machine + " failed (" + end.text() +
                       "); the program must be built with xo cc (see its messages above)");
    }
  }
  Side b = read_side("B", second, o.damage);
  if (!o.machine.empty()) b.path = o.program[0] + " on " + o.machine + " (recorded now)";
  ReportDocument doc{"xo compare: A " + o.first + ", B " + b.path, {}};
  doc.sections.push_back(runs_section(a, b));
  for (const Side* side : {&a, &b}) {
    if (side->model.problems.damage() > 0) {
      doc.sections.front().lines.push_back(side->label + ": read with --tolerate, every figure of it may be wrong: " +
                                           side->model.problems.first_damage);
    }
  }
  doc.sections.push_back(calls_section(a, b));
  doc.sections.push_back(protocols_section(a, b));
  doc.sections.push_back(sizes_section(a, b));
  doc.sections.push_back(boundaries_section(a, b));
  render(doc, o.format, stdout);
  return 0;
}

}  // namespace xo::cli
