#include "history_records.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "history_option.hpp"
#include "tool_paths.hpp"
#include "xo/analyzer/analysis/wait_states.hpp"
#include "xo/db/history_export.hpp"

namespace xo::cli {

namespace {

using db::Direction;

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "";
  return name;
}

// The fields every run has; the caller adds what it measured.
db::RunRecord new_run(db::RunKind kind, std::string machine, std::optional<int> ranks, std::string command) {
  db::RunRecord run;
  run.kind = kind;
  run.machine = std::move(machine);
  run.ranks = ranks;
  run.command = std::move(command);
  run.tool_version = std::string("xo ") + kVersion;
  run.started_at = db::utc_now_iso8601();
  run.host = host_name();
  return run;
}

// A number that is not finite (a fit that failed quietly) is no figure.
void add_measurement(db::RunRecord& run, std::string key, double value, std::string unit, Direction direction,
                     std::optional<std::int64_t> count = std::nullopt) {
  if (std::isfinite(value))
    run.measurements.push_back({std::move(key), value, std::move(unit), direction, {}, {}, count});
}

void add_fit(db::RunRecord& run, const std::string& protocol, const std::string& parameter,
             const analyzer::fit::Estimate& e, const std::string& unit, std::optional<double> r_squared) {
  if (!std::isfinite(e.value)) return;
  run.fits.push_back({protocol, parameter, e.value, unit, Direction::LowerIsBetter, e.lower, e.upper, r_squared});
}

void add_bench_results(db::RunRecord& run, const analyzer::BenchAnalysis& a) {
  for (const analyzer::ProtocolModel& p : a.protocols) {
    if (!p.loggp) continue;
    const auto& f = *p.loggp;
    add_fit(run, p.protocol, "L", f.latency, "s", f.end_to_end_fit.fit.r_squared());
    add_fit(run, p.protocol, "o_s", f.send_overhead, "s", f.send_fit.fit.r_squared());
    add_fit(run, p.protocol, "o_r", f.receive_overhead, "s", f.receive_fit.fit.r_squared());
    if (f.gap) add_fit(run, p.protocol, "g", *f.gap, "s", std::nullopt);
    add_fit(run, p.protocol, "G", f.gap_per_byte, "s/byte", f.end_to_end_fit.fit.r_squared());
  }
  for (const analyzer::SwitchCrossover& s : a.switches) {
    db::CrossoverRecord x{s.point.env_var,
                          s.point.operation,
                          std::nullopt,
                          s.point.below,
                          s.point.above,
                          hw::switch_unit_name(s.point.unit),
                          {},
                          {},
                          {},
                          s.best,
                          s.setting,
                          s.finding};
    if (!s.point.operation.empty() && s.ranks > 0) x.ranks = s.ranks;
    if (s.crossing)
      x.crossing = s.crossing->x, x.lower = s.crossing->band_overlap_lower, x.upper = s.crossing->band_overlap_upper;
    run.crossovers.push_back(std::move(x));
  }
  // Collective models by their terms: per_step multiplies f(P), per_byte n g(P) (the form is in
  // the bench's output; the figures keep its coefficients, whose trend is what history compares).
  for (const analyzer::CollectiveModel& m : a.collective_models) {
    const std::string subject = m.call + "/" + m.algorithm;
    const double r2 = m.fit.r_squared();
    add_fit(run, subject, "start", m.fit.coefficient("start"), "s", r2);
    add_fit(run, subject, "per_step", m.fit.coefficient("per_step"), "s", r2);
    if (m.bandwidth != analyzer::RankTerm::None)
      add_fit(run, subject, "per_byte", m.fit.coefficient("per_byte"), "s/byte", r2);
  }
  if (a.unlabelled) {
    const auto& breakpoints = a.unlabelled->breakpoints;
    for (std::size_t i = 0; i < breakpoints.size(); ++i) {
      add_measurement(run, "boundary/" + std::to_string(i + 1), breakpoints[i].right_x, "bytes", Direction::Neither);
    }
  }
  if (a.branching) {
    const auto& b = *a.branching;
    add_measurement(run, "branching/MPI_Barrier", b.chosen(), "k", Direction::Neither);
    for (std::size_t i = 0; i < b.factors.size(); ++i) {
      add_measurement(run, "barrier/k=" + std::to_string(b.factors[i]), b.mean_seconds[i], "s",
                      Direction::LowerIsBetter);
    }
  }
}

void add_profile(db::RunRecord& run, const analyzer::MpiProfile& p) {
  add_measurement(run, "mpi_time", p.mpi_seconds, "s", Direction::LowerIsBetter);
  add_measurement(run, "run_time", p.run_seconds, "s", Direction::LowerIsBetter);
  for (const analyzer::CallTime& c : p.by_call) {
    add_measurement(run, "mpi_time/" + c.call, c.seconds, "s", Direction::LowerIsBetter,
                    static_cast<std::int64_t>(c.count));
  }
  for (const analyzer::ProtocolTime& t : p.by_protocol) {
    add_measurement(run, "protocol_time/" + t.protocol, t.seconds, "s", Direction::LowerIsBetter,
                    static_cast<std::int64_t>(t.messages));
  }
}

void add_wait_states(db::RunRecord& run, const analyzer::TraceModel& model) {
  for (const auto& t : analyzer::total_wait_states(analyzer::find_wait_states(model))) {
    const std::string_view protocol = model.strings.at(t.protocol);
    add_measurement(run,
                    std::string("wait/") + analyzer::wait_kind_name(t.kind) + "/" +
                        (protocol.empty() ? "(unknown)" : std::string(protocol)),
                    t.seconds, "s", Direction::LowerIsBetter, static_cast<std::int64_t>(t.count));
  }
}

// The run as the trace describes it: its machine, resolved settings and program.
// The machine a traced run is stored under: its model, or a real MPI's job's library ("openmpi"),
// as xo bench --mpi stores that library's bench.
std::string machine_of(const analyzer::TraceModel& model) {
  const auto& crossover = model.run.crossover;
  if (!crossover) return model.run.machine_name;
  if (crossover->machine.empty()) {
    if (const hw::RealMpi* mpi = hw::real_mpi_for(crossover->machine_description)) return mpi->key;
  }
  return crossover->machine;
}

db::RunRecord traced_run(db::RunKind kind, const ReportResults& r) {
  const auto& crossover = r.model.run.crossover;
  db::RunRecord run = new_run(kind, machine_of(r.model), r.model.ranks(), r.command);
  if (crossover) {
    for (const analyzer::Setting& p : crossover->parameters) run.parameters.push_back({p.name, p.value});
    for (const analyzer::Setting& e : crossover->environment) run.environment.push_back({e.name, e.value});
    run.program = crossover->program_args;
  }
  return run;
}

// The verifying recording: the traced run with the recommended settings, and its profile.
db::RunRecord verify_record(const ReportResults& r) {
  db::RunRecord run = traced_run(db::RunKind::Verify, r);
  run.trace = "(recorded by xo report --verify and removed)";
  const auto set = [&](const std::string& name, const std::string& value) {
    for (db::Setting& e : run.environment) {
      if (e.name == name) return void(e.value = value);
    }
    run.environment.push_back({name, value});
  };
  for (const analyzer::Recommendation& rec : r.recommendations) {
    for (const auto& [name, value] : rec.with) set(name, value);
    set(rec.variable, rec.value);
  }
  add_profile(run, *r.verified);
  return run;
}

db::RunRecord report_record(const ReportResults& r, std::optional<std::int64_t> verify_run) {
  db::RunRecord run = traced_run(db::RunKind::Report, r);
  run.trace = r.trace;
  run.damage = r.damage;
  add_profile(run, r.profile);
  add_wait_states(run, r.model);
  if (r.bench) add_bench_results(run, *r.bench);
  for (const analyzer::Recommendation& rec : r.recommendations) {
    db::RecommendationRecord stored{
        rec.variable, rec.value, rec.predicted_seconds, static_cast<std::int64_t>(rec.affected),
        rec.evidence, rec.cost,  std::nullopt};
    if (r.verified) {
      // --verify records the run once with every recommendation, so each shares the one saving.
      const std::size_t n = r.recommendations.size();
      const double saved = r.verification
                               ? analyzer::report::VerificationResult::median(r.verification->mpi_seconds_before) -
                                     analyzer::report::VerificationResult::median(r.verification->mpi_seconds_after)
                               : r.profile.mpi_seconds - r.verified->mpi_seconds;
      stored.verification = db::Verification{
          saved, verify_run,
          n == 1 ? "the run recorded again with this setting"
                 : "the run recorded again with all " + std::to_string(n) + " recommended settings together"};
    }
    run.recommendations.push_back(std::move(stored));
  }
  return run;
}

}  // namespace

db::RunRecord bench_record(const hw::Machine& machine, int ranks, const analyzer::BenchAnalysis& analysis,
                           const std::string& command, const std::string& trace_dir) {
  db::RunRecord run = new_run(db::RunKind::Bench, machine.name(), ranks, command);
  for (const hw::Parameter& p : machine.parameters()) run.parameters.push_back({p.name, db::exact_number(p.value)});
  for (const hw::EnvVar& v : machine.env_vars()) {
    run.environment.push_back({v.name, machine.env_value_text(v, machine.env(v.name))});
  }
  run.trace = trace_dir;
  add_bench_results(run, analysis);
  return run;
}

db::RunRecord real_bench_record(const hw::RealMpi& mpi, const analyzer::RealBenchAnalysis& analysis,
                                const std::vector<db::Setting>& environment, const std::string& command,
                                const std::string& trace_dir) {
  db::RunRecord run = new_run(db::RunKind::Bench, mpi.key, analysis.ranks, command);
  run.program = analysis.library;
  run.environment = environment;
  run.trace = trace_dir;
  std::set<std::string> own_stored;  // the own runs' curves, shared by the sweeps of one measurement
  for (const analyzer::KnobSweep& sweep : analysis.sweeps) {
    const std::string measured = sweep.collective.empty() ? "pingpong/" : "collective/";
    for (const analyzer::SettingCurve& c : sweep.curves) {
      const std::string own_key = measured + (sweep.collective.empty() ? "" : sweep.collective + "/");
      if (c.own && !own_stored.insert(own_key).second) continue;
      const std::string prefix = c.own ? own_key : measured + sweep.variable + "=" + c.value + "/";
      for (std::size_t i = 0; i < c.bytes.size(); ++i) {
        add_measurement(run, prefix + db::exact_number(c.bytes[i]), c.median_seconds[i], "s", Direction::LowerIsBetter);
      }
      if (!c.boundaries) continue;
      const auto& breakpoints = c.boundaries->breakpoints;
      for (std::size_t i = 0; i < breakpoints.size(); ++i) {
        add_measurement(run, "boundary/" + sweep.variable + "=" + c.value + "/" + std::to_string(i + 1),
                        breakpoints[i].right_x, "bytes", Direction::Neither);
      }
    }
    db::CrossoverRecord x{sweep.variable, "", std::nullopt, "", "", "bytes", {}, {}, {}, {}, 0, sweep.finding};
    char* end = nullptr;
    x.setting = std::strtoll(sweep.own_value.c_str(), &end, 10);
    if (sweep.best) x.best = std::strtod(sweep.curves[*sweep.best].value.c_str(), nullptr);
    run.crossovers.push_back(std::move(x));
  }
  return run;
}

std::optional<StoredRealBench> latest_real_bench(const db::History& history, const hw::RealMpi& mpi,
                                                 const std::string& library) {
  const std::string host = host_name();
  for (const db::RunSummary& summary : history.runs({mpi.key, db::RunKind::Bench, 0})) {
    if (summary.program != library) continue;
    const std::optional<db::RunRecord> run = history.run(summary.id);
    if (!run || run->host != host) continue;
    StoredRealBench out{summary.id, summary.started_at, run->ranks.value_or(0), {}};
    // Curves by what they measured and their setting: "pingpong/", "pingpong/VAR=value/",
    // "collective/MPI_Call/", "collective/VAR=value/"; sizes increasing.
    std::map<std::string, std::map<double, double>> curves;
    for (const db::Measurement& m : run->measurements) {
      if (m.key.rfind("pingpong/", 0) != 0 && m.key.rfind("collective/", 0) != 0) continue;
      const std::size_t slash = m.key.rfind('/');
      curves[m.key.substr(0, slash + 1)][std::strtod(m.key.c_str() + slash + 1, nullptr)] = m.value;
    }
    const auto curve = [&](const std::string& value, bool own, const std::map<double, double>& points) {
      analyzer::SettingCurve c;
      c.value = value;
      c.own = own;
      for (const auto& [bytes, seconds] : points) c.bytes.push_back(bytes), c.median_seconds.push_back(seconds);
      return c;
    };
    for (const hw::RealMpiKnob& knob : mpi.knobs) {
      const std::string measured = knob.collective.empty() ? "pingpong/" : "collective/";
      const auto own = curves.find(measured + (knob.collective.empty() ? "" : knob.collective + "/"));
      if (knob.bench_values.empty() || own == curves.end()) continue;
      analyzer::KnobSweep sweep;
      sweep.variable = knob.variable;
      sweep.collective = knob.collective;
      sweep.requires_settings = knob.requires_settings;
      sweep.own_value = knob.default_value;
      for (const db::Setting& e : run->environment) {
        if (e.name == knob.variable) sweep.own_value = e.value;
      }
      sweep.curves.push_back(curve(sweep.own_value, true, own->second));
      for (const std::string& value : knob.bench_values) {
        const auto found = curves.find(measured + knob.variable + "=" + value + "/");
        if (found != curves.end()) sweep.curves.push_back(curve(value, false, found->second));
      }
      out.sweeps.push_back(std::move(sweep));
    }
    return out;
  }
  return std::nullopt;
}

void store_bench(db::History& history, const db::RunRecord& run) { say_stored(history.store(run), history.path()); }

void store_report(db::History& history, const ReportResults& results) {
  std::optional<std::int64_t> verify_run;
  if (results.verified) verify_run = history.store(verify_record(results));
  const std::int64_t id = history.store(report_record(results, verify_run));
  say_stored(id, history.path(),
             verify_run ? " (its --verify recording as run " + std::to_string(*verify_run) + ")" : "");
}

}  // namespace xo::cli
