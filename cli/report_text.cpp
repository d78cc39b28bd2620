#include "report_text.hpp"

#include <algorithm>
#include <cmath>

#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/hwmodels/switch_point.hpp"

namespace xo::cli {

namespace {

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

using analyzer::bytes_text;
using analyzer::duration_text;
using analyzer::number_text;
using analyzer::percent_text;
using namespace analyzer::report;

// What a trace filter (xo record --trace-*) left out, and the figures that therefore cover only
// the traced part: every figure from events. The crossovers and the simulated savings come from
// the bench and from recording the program again, whole, and are not limited.
void add_filter_lines(const TraceSummary& t, std::vector<std::string>& lines) {
  const analyzer::CrossoverRun& run = *t.crossover;
  std::string traced = "traced: ";
  traced += run.trace_ranks.empty() ? "every rank" : "ranks " + run.trace_ranks;
  traced += " (" + std::to_string(t.traced_ranks) + " of " + std::to_string(t.ranks) + ")";
  traced += run.trace_calls.empty() ? ", every call" : ", calls " + run.trace_calls;
  if (run.trace_from_ps || run.trace_to_ps) {
    traced += ", calls begun from " + duration_text(static_cast<double>(run.trace_from_ps.value_or(0)) * 1e-12) +
              (run.trace_to_ps ? " to " + duration_text(static_cast<double>(*run.trace_to_ps) * 1e-12) : " on");
  }
  lines.push_back(traced + " (xo record --trace-*)");
  std::string limited =
      "so the times in MPI, by call, protocol and call site, the point-to-point models, the wait states, the root "
      "causes and the recommendations' predicted savings cover only what was traced";
  if (t.ends_outside_trace > 0) {
    limited += "; " + std::to_string(t.ends_outside_trace) +
               " message ends whose other end was left out are unmatched and in none of them";
  }
  lines.push_back(limited +
                  "; the crossovers and the recommendations' simulated savings are not (the bench and "
                  "the checks run the program again, whole)");
}

ReportSection run_section(const RunReport& r) {
  ReportSection s{"run", "Run", {}, std::nullopt};
  const TraceSummary& t = r.run;
  if (t.damage > 0) {
    s.lines.push_back("DAMAGED TRACE, read with --tolerate: " + std::to_string(t.damage) + " sign" +
                      (t.damage > 1 ? "s" : "") + " of damage, the first: " + t.first_damage +
                      ". Every figure below may be wrong");
  }
  s.lines.push_back("trace: " + t.anchor + " (" + std::to_string(t.events) + " events, " + std::to_string(t.ranks) +
                    " ranks)");
  if (t.crossover) {
    if (t.crossover->machine.empty()) {  // a job of the system's MPI, traced by xo record --mpi
      s.lines.push_back("MPI: " + t.crossover->machine_description + " (a real job, traced by xo record --mpi)");
      std::string settings;
      for (const auto& e : t.crossover->environment)
        settings += (settings.empty() ? "" : ", ") + e.name + "=" + e.value;
      s.lines.push_back("its settings: " +
                        (settings.empty() ? std::string("none set, the library's defaults") : settings));
      for (const auto& p : t.crossover->parameters) {
        if (p.name == "other_thread_calls") {
          s.lines.push_back(p.value +
                            " MPI calls from threads other than the one that called MPI_Init are not in the "
                            "trace (MPI_THREAD_MULTIPLE; one location per rank): their messages show as unmatched");
        }
      }
    } else {
      s.lines.push_back("machine: " + t.crossover->machine + " (" + t.crossover->machine_description + "), compute " +
                        t.crossover->compute_mode);
    }
    if (!t.crossover->command_line.empty()) s.lines.push_back("command: " + t.crossover->command_line);
    if (t.crossover->exit_code && *t.crossover->exit_code != 0) {
      s.lines.push_back(std::string(t.crossover->cut_short ? "the run was cut short" : "the run failed") +
                        ": exit code " + std::to_string(*t.crossover->exit_code) +
                        (t.crossover->cut_short ? "; the figures below cover only what ran before" : ""));
      if (!t.crossover->failure.empty()) s.lines.push_back("  " + first_line(t.crossover->failure));
    }
  } else {
    s.lines.push_back("creator: " + t.creator + " (not a Crossover trace: no machine model, so no bench)");
  }
  if (t.crossover && t.crossover->filtered()) add_filter_lines(t, s.lines);
  if (t.problems > 0) {
    s.lines.push_back(std::to_string(t.problems) + " problems in the trace were tolerated, e.g. " +
                      (t.first_problem.empty() ? std::string("?") : t.first_problem));
  }
  return s;
}

// A real job's library: the settings that switch its protocols and algorithms, as the job ran.
std::optional<ReportSection> library_section(const RunReport& r) {
  const TraceSummary& t = r.run;
  if (!t.library) return std::nullopt;
  ReportSection s{"library_settings",
                  "The settings of " + t.library->name + " that switch protocols and algorithms",
                  {},
                  ReportTable{{"variable", "this job", "choices", "what it switches"}, {}}};
  s.lines.push_back("from " + t.library->source);
  if (!r.real_bench) {
    s.lines.push_back("no advice on them (--no-bench)");
  } else if (r.real_bench->run == 0) {
    s.lines.push_back("no advice on them: " + r.real_bench->missing);
  } else {
    s.lines.push_back("advice on them from xo bench --mpi run " + std::to_string(r.real_bench->run) + " (" +
                      r.real_bench->started_at + ") of the same library on this host");
  }
  for (const auto& [k, value, set] : t.library->settings) {
    s.table->rows.push_back({k.variable, set ? value : value + " (default)", k.choices, k.effect});
  }
  return s;
}

// Only for a run with one-sided calls.
std::optional<ReportSection> rma_section(const analyzer::RmaProfile& rma, const analyzer::MpiProfile& p) {
  if (rma.by_mode.empty()) return std::nullopt;
  ReportSection s{
      "one_sided", "One-sided communication", {}, ReportTable{{"calls for", "calls", "time", "share of MPI"}, {}}};
  s.lines.push_back(duration_text(rma.seconds) + " in one-sided calls, " + percent_text(rma.seconds, p.mpi_seconds) +
                    " of MPI");
  for (const analyzer::RmaModeTime& m : rma.by_mode) {
    s.table->rows.push_back(
        {m.mode, std::to_string(m.calls), duration_text(m.seconds), percent_text(m.seconds, p.mpi_seconds)});
  }
  for (const analyzer::RmaWaitingCall& w : rma.waiting) {
    std::string line = w.call + ": " + duration_text(w.seconds) + " in " + std::to_string(w.calls) + " calls, ";
    if (w.wait_seconds) {
      line += "of which " + duration_text(*w.wait_seconds) + " (in " + std::to_string(w.waiting_calls) +
              " calls) waiting for ";
    } else {
      line += "which wait for ";  // a trace without RMA synchronisation records: the whole calls
    }
    s.lines.push_back(line + w.waits);
  }
  if (rma.deferred) {
    s.lines.push_back(
        "this machine's MPI sends one-sided operations only when their epoch ends (MPICH2 CH3 RMA, layered "
        "on its send/recv path): the operations themselves took " +
        duration_text(rma.operation_seconds) + ", the calls that end epochs " + duration_text(rma.completing_seconds) +
        ", which include the transfers; no computation overlaps them, and each operation of an open epoch holds "
        "a Portals event on the XT3 (MPICH_PTL_OTHER_EVENTS)");
  }
  return s;
}

// A C++ function without its parameter list ("halo::Exchanger::run"), which the JSON keeps.
std::string function_text(const std::string& function) {
  std::size_t end = function.size();
  if (function.ends_with(" const")) end -= 6;
  if (end == 0 || function[end - 1] != ')') return function;
  int depth = 0;
  for (std::size_t i = end; i-- > 0;) {
    if (function[i] == ')') ++depth;
    if (function[i] == '(' && --depth == 0) return i == 0 ? function : function.substr(0, i);
  }
  return function;
}

// "exchange (stencil.c:42)"; a site without a line (no debug information) names its object file.
std::string site_text(const analyzer::CallSite& c) {
  const std::string file = c.file.substr(c.file.rfind('/') + 1);
  const std::string function = function_text(c.function);
  if (c.line == 0) return function + (file.empty() ? "" : " (in " + file + ", no line: built without -g)");
  return function + " (" + file + ":" + std::to_string(c.line) + ")";
}

ReportSection call_sites_section(const analyzer::MpiProfile& p, std::size_t top, bool crossover_trace) {
  ReportSection s{"time_by_call_site",
                  "Time in MPI by call site (where the program made the call)",
                  {},
                  ReportTable{{"call", "site", "calls", "ranks", "time", "share of MPI", "longest call"}, {}}};
  for (std::size_t i = 0; i < p.by_call_site.size() && i < top; ++i) {
    const auto& c = p.by_call_site[i];
    s.table->rows.push_back({c.call, site_text(c.site), std::to_string(c.count), std::to_string(c.ranks),
                             duration_text(c.seconds), percent_text(c.seconds, p.mpi_seconds),
                             duration_text(c.longest)});
  }
  if (p.by_call_site.empty()) {
    s.lines.push_back(crossover_trace ? "none: the trace names no call sites (record it again with this xo)"
                                      : "none: the trace names no call sites");
  } else if (p.calls_without_site > 0) {
    s.lines.push_back(std::to_string(p.calls_without_site) +
                      " calls have no site (made from code the reference MPI could not walk back from)");
  }
  return s;
}

std::string interval(const analyzer::fit::Estimate& e, double scale, const std::string& unit) {
  return number_text(e.value * scale, 3) + " " + unit + " [" + number_text(e.lower * scale, 3) + ", " +
         number_text(e.upper * scale, 3) + "]";
}

ReportSection fits_section(const analyzer::RunFits& fits) {
  ReportSection s{"fits",
                  "Point-to-point models of this run (end-to-end time = a + b x bytes, 95 % intervals)",
                  {},
                  ReportTable{{"protocol", "samples", "a", "b", "R^2"}, {}}};
  for (const analyzer::ProtocolLine& p : fits.protocols) {
    if (!p.line) {
      s.lines.push_back(p.protocol + ": no line: " + p.missing);
      continue;
    }
    const analyzer::fit::LinearFit& f = p.line->fit;
    s.table->rows.push_back({p.protocol, std::to_string(p.samples), interval(f.coefficient("intercept"), 1e6, "µs"),
                             interval(f.coefficient("slope"), 1e9, "ns/B"), number_text(f.r_squared(), 3)});
  }
  if (!fits.boundaries) {
    s.lines.push_back("protocol boundaries from the times alone: none looked for: " + fits.boundaries_missing);
  } else if (fits.boundaries->breakpoints.empty()) {
    s.lines.push_back("protocol boundaries from the times alone (a segmented fit): none, one line fits every size");
  } else {
    std::string line = "protocol boundaries from the times alone (a segmented fit; each lies between two sizes sent): ";
    for (std::size_t i = 0; i < fits.boundaries->breakpoints.size(); ++i) {
      const auto& b = fits.boundaries->breakpoints[i];
      line += (i > 0 ? "; " : "") + std::string("above ") + bytes_text(b.left_x) + ", up to " + bytes_text(b.right_x);
    }
    s.lines.push_back(line);
    // Each side of a boundary fitted on its own: the sizes between two boundaries, as rows under the
    // protocols' (a real MPI labels none, so these are its protocols as far as the times tell).
    for (const auto& segment : fits.boundaries->segments) {
      const analyzer::fit::LinearFit& f = segment.fit;
      s.table->rows.push_back({"sizes " + bytes_text(segment.first_x) + " to " + bytes_text(segment.last_x),
                               std::to_string(f.observations()), interval(f.coefficient("intercept"), 1e6, "µs"),
                               interval(f.coefficient("slope"), 1e9, "ns/B"), number_text(f.r_squared(), 3)});
    }
  }
  return s;
}

ReportSection waits_section(const std::vector<WaitRow>& waits, double mpi_seconds) {
  ReportSection s{"wait_states",
                  "Wait states (Scalasca's patterns), by the protocol or algorithm they happened in",
                  {},
                  ReportTable{{"pattern", "protocol", "count", "time", "share of MPI"}, {}}};
  for (const WaitRow& w : waits) {
    s.table->rows.push_back({w.pattern, w.protocol, std::to_string(w.count), duration_text(w.seconds),
                             percent_text(w.seconds, mpi_seconds)});
  }
  if (waits.empty()) s.lines.push_back("none: no rank waited for another inside MPI");
  return s;
}

// The share of the wait a late rank caused that its extra computation must explain to be named as
// the reason it was late.
constexpr double kComputeExplains = 0.1;

// One late arrival: who, where, what it cost, and why it was late: its own computation when that
// explains a tenth or more of the wait it caused, else how it came out of its previous call.
std::string late_arrival_text(const analyzer::LateArrival& a) {
  const std::string after =
      a.after_call.empty() ? std::string() : a.after_call + (a.after_site ? " at " + site_text(*a.after_site) : "");
  const std::string waited =
      a.waited_for < 0 ? std::string()
                       : duration_text(a.waited_before_seconds) + ", mostly for rank " + std::to_string(a.waited_for);
  const double caused_each = a.caused_seconds / static_cast<double>(std::max<std::uint64_t>(a.last_at, 1));
  std::string why;
  if (a.extra_compute_seconds > kComputeExplains * caused_each) {
    why = "before each it computed " + duration_text(a.extra_compute_seconds) + " more than the members' median" +
          (after.empty() ? std::string() : " (the computation after its " + after + ")") +
          (waited.empty() ? std::string() : "; in that call it had waited " + waited);
  } else {
    const double extra = a.extra_compute_seconds;
    why = "its computation before them was about the members' median (" + duration_text(std::abs(extra)) +
          (extra < 0 ? " less)" : " more)") +
          (after.empty() ? std::string() : ": it came out of its " + after + " later than the others") +
          (waited.empty() ? std::string() : ", having waited there " + waited);
  }
  return "rank " + std::to_string(a.rank) + " arrived last at " + std::to_string(a.last_at) + " of " +
         std::to_string(a.instances) + " " + a.call + " calls" + (a.site ? " at " + site_text(*a.site) : "") +
         " with waiting; the others waited " + duration_text(a.caused_seconds) + " for it; " + why;
}

ReportSection root_causes_section(const RunReport& r, std::size_t top) {
  const analyzer::ComputeImbalance& b = r.balance;
  ReportSection s{
      "root_causes",
      "Root causes (what the waiting ranks waited for: computation between MPI calls)",
      {},
      ReportTable{{"rank", "computation", "in MPI", "waited", "caused directly", "caused at the root"}, {}}};
  if (b.ranks.empty()) {
    s.lines.push_back("no ranks");
    return s;
  }
  s.lines.push_back("computation per rank: mean " + duration_text(b.mean_compute_seconds) + ", most " +
                    duration_text(b.max_compute_seconds) + " on rank " + std::to_string(b.most_compute_rank) +
                    " (imbalance " + percent_text(b.imbalance(), 1) + ": the most over the mean, less 1)");
  std::vector<analyzer::RankBalance> ranks = b.ranks;
  std::stable_sort(ranks.begin(), ranks.end(), [](const auto& x, const auto& y) {
    return x.root_seconds != y.root_seconds ? x.root_seconds > y.root_seconds : x.compute_seconds > y.compute_seconds;
  });
  for (std::size_t i = 0; i < ranks.size() && i < top; ++i) {
    const auto& k = ranks[i];
    s.table->rows.push_back({std::to_string(k.rank), duration_text(k.compute_seconds), duration_text(k.mpi_seconds),
                             duration_text(k.waited_seconds), duration_text(k.caused_seconds),
                             duration_text(k.root_seconds)});
  }
  if (ranks.size() > top) {
    s.lines.push_back("the " + std::to_string(top) + " ranks at the root of the most waiting (--top N for more)");
  }
  s.lines.push_back(
      "caused directly: other ranks' waiting for this one; caused at the root: waiting its own computation "
      "caused, directly or through ranks that were late only because they had waited for it");
  double rooted = 0;
  for (const auto& k : b.ranks) rooted += k.root_seconds;
  if (b.wait_seconds > 0) {
    s.lines.push_back("of the " + duration_text(b.wait_seconds) + " of waiting, " + duration_text(rooted) +
                      " goes back to computation; the rest was communication (messages in transit, protocol "
                      "hand-shakes), which the settings above may shorten");
  }
  for (std::size_t i = 0; i < b.late.size() && i < top; ++i) {
    const analyzer::LateArrival& a = b.late[i];
    s.lines.push_back(late_arrival_text(a));
  }
  if (const auto v = imbalance_verdict(r)) {
    std::string line = percent_text(v->percent_of_mpi, 100) + " of the MPI time is waiting caused by rank " +
                       std::to_string(v->rank) + "'s computation, " + percent_text(v->compute_above_mean, 1) +
                       " above the mean rank's";
    if (v->no_setting_helps) {
      line =
          "no setting helps here: " + line + "; balance the work (no MPI setting shortens another rank's computation)";
    }
    s.lines.push_back(line);
  }
  return s;
}

// A size in a switch point's unit, as people read it.
std::string size_text(hw::SwitchUnit unit, double size) {
  if (unit == hw::SwitchUnit::Elements) return number_text(size, 4) + " elements";
  if (unit == hw::SwitchUnit::Ranks) return number_text(size, 4) + " ranks";
  return bytes_text(size);
}

std::string best_text(const analyzer::SwitchCrossover& c) {
  if (!c.best) return "-";
  const std::string value = number_text(std::round(*c.best), 12);
  if (!c.best_is_bound || std::llround(*c.best) == c.setting) return value;
  return (*c.best > static_cast<double>(c.setting) ? ">= " : "<= ") + value;
}

ReportSection crossovers_section(const BenchSummary& bench) {
  ReportSection s{"crossovers",
                  "Crossovers of the machine's switch points (xo bench with this run's settings)",
                  {},
                  ReportTable{{"variable", "call", "now", "best", "crossing", "finding"}, {}}};
  std::string how = std::to_string(bench.runs) + " bench runs";
  if (bench.collective_runs > 0) {
    how += ", " + std::to_string(bench.collective_runs) + " of them collective sweeps on " +
           std::to_string(bench.ranks) + " ranks";
  }
  if (bench.cached_runs > 0) {
    how += "; " + std::to_string(bench.cached_runs) + " of them from the bench cache in " + bench.cache +
           " (--no-cache measures afresh)";
  }
  s.lines.push_back(how);
  for (const std::string& call : bench.unasked) {
    s.lines.push_back(call + ": its switch points were not measured, the run makes no such call");
  }
  for (const auto& c : bench.analysis.switches) {
    s.table->rows.push_back({c.point.env_var, c.where(), std::to_string(c.setting), best_text(c),
                             c.crossing ? size_text(c.point.unit, c.crossing->x) : "-", c.finding});
  }
  if (bench.analysis.branching) {
    const auto& b = *bench.analysis.branching;
    s.lines.push_back("barrier tree branching: best " + std::to_string(b.chosen()) + " (" + std::to_string(b.best.at) +
                      " by the fitted tree model, R^2 " + number_text(b.model.r_squared(), 3) + "; " +
                      std::to_string(b.measured_best) + " measured)");
  }
  if (s.table->rows.empty() && !bench.analysis.branching) {
    s.lines.push_back("the machine has no switch points this run needs measured");
  }
  return s;
}

ReportSection recommendations_section(const RunReport& report) {
  const auto& recs = report.recommendations;
  const double mpi_seconds = report.profile.mpi_seconds;
  const auto& tried = report.candidates;
  const bool simulated = tried && tried->simulated;
  ReportSection s{
      "recommendations",
      report.real_bench ? "Recommendations (predicted saving: the time the affected messages or calls take less, by "
                          "xo bench --mpi's measurements of this library on this host; a real job is not simulated)"
                        : "Recommendations (predicted saving: the time the affected messages hold their ranks, or the "
                          "calls take, by the bench's measurements; simulated: the program's MPI time recorded again "
                          "with it alone)",
      {},
      ReportTable{
          {"setting", "predicted saving", "share of MPI", "simulated", "chosen", "affected", "evidence", "cost"}, {}}};
  for (std::size_t i = 0; i < recs.size(); ++i) {
    const auto& r = recs[i];
    const std::string cost = r.cost.empty() ? "-" : r.cost;
    if (r.required) {
      s.table->rows.push_back({r.export_line(), "needed", "the run failed without it", "-", "yes",
                               std::to_string(r.affected), r.evidence, cost});
      continue;
    }
    std::string alone = "-", chosen = "-";
    if (simulated && tried->alone_mpi_seconds[i]) {
      alone = duration_text(tried->baseline_mpi_seconds - *tried->alone_mpi_seconds[i]);
      chosen = tried->is_chosen(i) ? "yes" : "no";
    }
    s.table->rows.push_back({r.export_line() + (r.model_experiment() ? " (model experiment)" : "") +
                                 (r.alternative_to.empty() ? "" : " (alternative to " + r.alternative_to + ")"),
                             duration_text(r.predicted_seconds), percent_text(r.predicted_seconds, mpi_seconds), alone,
                             chosen, std::to_string(r.affected), r.evidence, cost});
  }
  if (std::any_of(recs.begin(), recs.end(), [](const auto& r) { return r.model_experiment(); })) {
    s.lines.push_back(
        "model experiment: a knob of this tool (XO_...) where the machine's MPI had none; it tells what "
        "the model would gain, not a setting a user of the real machine could make");
  }
  if (std::any_of(recs.begin(), recs.end(), [](const auto& r) { return !r.alternative_to.empty(); })) {
    s.lines.push_back(
        "alternative: it moves the same messages as the setting named, which the bench predicts to save "
        "more; its saving is not added to that one's, and the simulation of the program picks");
  }
  if (recs.empty()) {
    s.lines.push_back("none: by the bench's measurements, no setting would make this run's communication faster");
    return s;
  }
  if (report.real_bench) {
    s.lines.push_back(
        "a real job: each message (or collective call) priced at what xo bench --mpi measured at its size "
        "with each value; xo report --verify runs the job again with them");
  } else if (!tried) {
    s.lines.push_back("not tried on the program (--no-simulate): the savings are the first-order prediction alone");
  } else if (!simulated) {
    s.lines.push_back("not tried on the program: " + tried->not_simulated);
  } else {
    std::string set;
    double predicted = 0;
    for (std::size_t i : tried->chosen) {
      set += (set.empty() ? "" : "; ") + recs[i].export_line();
      predicted += recs[i].predicted_seconds;
    }
    const double saved = tried->baseline_mpi_seconds - tried->chosen_mpi_seconds;
    s.lines.push_back("tried on the program (" + std::to_string(tried->runs) +
                      " recordings with --compute=none, each setting alone, then together): " +
                      (set.empty() ? std::string("none makes it faster")
                                   : set + " take its MPI time from " + duration_text(tried->baseline_mpi_seconds) +
                                         " to " + duration_text(tried->chosen_mpi_seconds) + ", " +
                                         percent_text(saved, tried->baseline_mpi_seconds) + " less (predicted " +
                                         duration_text(predicted) + ")"));
    for (const std::string& d : tried->dropped) s.lines.push_back("left out: " + d);
  }
  return s;
}

std::string range_text(const std::vector<double>& sorted) {
  return duration_text(sorted.front()) + " to " + duration_text(sorted.back());
}

ReportSection verification_section(const std::optional<VerificationResult>& v) {
  ReportSection s{
      "verification", "Verification (the run recorded again with the recommended settings)", {}, std::nullopt};
  if (!v) {
    s.lines.push_back("nothing to verify");
    return s;
  }
  std::string settings;
  for (const std::string& line : v->settings) settings += (settings.empty() ? "" : "; ") + line;
  s.lines.push_back("with " + settings);
  const double before = VerificationResult::median(v->mpi_seconds_before);
  const double after = VerificationResult::median(v->mpi_seconds_after);
  if (v->verdict == Verdict::NowCompletes) {
    s.lines.push_back("the run failed before (exit code " + std::to_string(v->failed_exit_code.value_or(0)) +
                      " after " + duration_text(v->run_seconds_before) + " per rank) and now completes, in " +
                      duration_text(v->run_seconds_after) + " per rank");
    return s;
  }
  s.lines.push_back("predicted: the affected messages and calls take " + duration_text(v->predicted_seconds) + " less");
  if (v->verdict == Verdict::ModelConsistency) {
    s.lines.push_back(
        "what this checks: the run was recorded with --compute=none, so the simulation is exactly "
        "reproducible and one recording suffices; it checks that the machine model agrees with its own "
        "prediction (the bench that priced the settings ran the same model), not that a real machine would");
    s.lines.push_back("measured: time in MPI summed over the ranks " + duration_text(before) + " -> " +
                      duration_text(after) + ", " + duration_text(before - after) + " less (" +
                      percent_text(before - after, before) +
                      "; a faster message also shortens the partner's wait, so MPI time may fall by more)");
    s.lines.push_back("run time per rank: " + duration_text(v->run_seconds_before) + " -> " +
                      duration_text(v->run_seconds_after));
    return s;
  }
  if (v->compute_mode == "real") {
    s.lines.push_back(
        "what this checks: the job ran on the real library, whose times vary from run to run; it was run "
        "again by its own command " +
        std::to_string(v->runs_per_side) + " times with the settings and " + std::to_string(v->runs_per_side) +
        " times without, interleaved, and the change counts only if "
        "every run of one side beats every run of the other (p = " +
        number_text(v->p_value, 2) + " that it happens by chance)");
    s.lines.push_back(
        "measured: time in MPI summed over the ranks, without MPI_Init and MPI_Finalize (start-up and "
        "tear-down, which no setting here changes), median " +
        duration_text(before) + " (" + range_text(v->mpi_seconds_before) + ") -> " + duration_text(after) + " (" +
        range_text(v->mpi_seconds_after) + "), " + percent_text(before - after, before) + " less");
  } else {
    s.lines.push_back("what this checks: the run was recorded with --compute=" + v->compute_mode +
                      ", so its computation is timed on this host and varies from run to run; each side was recorded " +
                      std::to_string(v->runs_per_side) +
                      " times, interleaved, and the change counts only if every run of "
                      "one side beats every run of the other (p = " +
                      number_text(v->p_value, 2) + " that it happens by chance)");
    s.lines.push_back("measured: time in MPI summed over the ranks, median " + duration_text(before) + " (" +
                      range_text(v->mpi_seconds_before) + ") -> " + duration_text(after) + " (" +
                      range_text(v->mpi_seconds_after) + "), " + percent_text(before - after, before) + " less");
  }
  switch (v->verdict) {
    case Verdict::Faster:
    case Verdict::Slower:
      s.lines.push_back(std::string("verdict: every run with the settings was ") +
                        (v->verdict == Verdict::Faster ? "faster" : "slower") +
                        " than every run without: the change is larger than the noise");
      break;
    case Verdict::TooFewRuns:
      s.lines.push_back("verdict: the runs separate, but " + std::to_string(v->runs_per_side) +
                        " a side are too few to tell that from chance: give --verify-runs 4 or more");
      break;
    default:
      s.lines.push_back(v->compute_mode == "real"
                            ? "verdict: the two sides' ranges overlap: the change is within this host's noise (more "
                              "runs with --verify-runs, or a longer job, may separate them)"
                            : "verdict: the two sides' ranges overlap: the change is within this host's noise (record "
                              "with --compute=none to see the model's effect alone)");
  }
  return s;
}

}  // namespace

ReportSection calls_section(const analyzer::MpiProfile& p, std::size_t top) {
  ReportSection s{"time_by_call",
                  "Time in MPI by call",
                  {},
                  ReportTable{{"call", "calls", "time", "share of MPI", "longest call"}, {}}};
  s.lines.push_back("MPI time " + duration_text(p.mpi_seconds) + " summed over " + std::to_string(p.ranks) +
                    " ranks: " + percent_text(p.mpi_seconds, p.run_seconds * p.ranks) + " of the run's " +
                    duration_text(p.run_seconds) + " per rank");
  for (std::size_t i = 0; i < p.by_call.size() && i < top; ++i) {
    const auto& c = p.by_call[i];
    s.table->rows.push_back({c.call, std::to_string(c.count), duration_text(c.seconds),
                             percent_text(c.seconds, p.mpi_seconds), duration_text(c.longest)});
  }
  return s;
}

ReportSection protocols_section(const analyzer::MpiProfile& p, std::size_t top) {
  ReportSection s{"time_by_protocol",
                  "Time in MPI by protocol or collective algorithm",
                  {},
                  ReportTable{{"protocol", "messages or calls", "bytes", "time", "share of MPI"}, {}}};
  for (std::size_t i = 0; i < p.by_protocol.size() && i < top; ++i) {
    const auto& r = p.by_protocol[i];
    s.table->rows.push_back({r.protocol, std::to_string(r.messages), bytes_text(static_cast<double>(r.bytes)),
                             duration_text(r.seconds), percent_text(r.seconds, p.mpi_seconds)});
  }
  return s;
}

ReportDocument report_document(const RunReport& r, const std::string& title, std::size_t top) {
  ReportDocument doc{title, {}};
  doc.sections.push_back(run_section(r));
  if (auto library = library_section(r)) doc.sections.push_back(std::move(*library));
  doc.sections.push_back(calls_section(r.profile, top));
  doc.sections.push_back(protocols_section(r.profile, top));
  if (auto rma = rma_section(r.rma, r.profile)) doc.sections.push_back(std::move(*rma));
  doc.sections.push_back(call_sites_section(r.profile, top, r.run.crossover.has_value()));
  doc.sections.push_back(fits_section(r.fits));
  doc.sections.push_back(waits_section(r.waits, r.profile.mpi_seconds));
  doc.sections.push_back(root_causes_section(r, top));
  if (r.bench) {
    doc.sections.push_back(crossovers_section(*r.bench));
    doc.sections.push_back(recommendations_section(r));
  }
  if (r.real_bench && r.real_bench->run != 0) doc.sections.push_back(recommendations_section(r));
  if (r.verify_requested) doc.sections.push_back(verification_section(r.verification));
  if (r.run.damage > 0) {
    for (ReportSection& s : doc.sections) s.title += " (from a damaged trace)";
  }
  return doc;
}

}  // namespace xo::cli
