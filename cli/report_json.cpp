#include "report_json.hpp"

#include <cmath>
#include <string>

#include "json_writer.hpp"
#include "xo/db/history_export.hpp"
#include "xo/hwmodels/switch_point.hpp"

namespace xo::cli {

namespace {

using namespace analyzer::report;

double percent(double part, double whole) { return whole > 0 ? 100 * part / whole : std::nan(""); }

void interval(JsonWriter& j, const char* name, const analyzer::fit::Estimate& e, double scale) {
  j.key(name).begin_object();
  j.key("value").value(e.value * scale);
  j.key("lower").value(e.lower * scale);
  j.key("upper").value(e.upper * scale);
  j.end_object();
}

void settings(JsonWriter& j, const char* name, const std::vector<analyzer::Setting>& list) {
  j.key(name).begin_array();
  for (const auto& s : list) {
    j.begin_object();
    j.key("name").value(s.name);
    j.key("value").value(s.value);
    j.end_object();
  }
  j.end_array();
}

// A real job's library and its switches as the job ran (null for a simulated or foreign trace), and
// the xo bench --mpi its advice comes from.
void write_library(JsonWriter& j, const RunReport& r) {
  const TraceSummary& t = r.run;
  j.key("library");
  if (!t.library) return j.null();
  j.begin_object();
  j.key("name").value(t.library->name);
  j.key("source").value(t.library->source);
  j.key("bench");
  if (!r.real_bench) {
    j.null();
  } else {
    j.begin_object();
    j.key("run");
    if (r.real_bench->run != 0) {
      j.value(r.real_bench->run);
    } else {
      j.null();
    }
    j.key("started_at").value(r.real_bench->started_at);
    j.key("missing").value(r.real_bench->missing);
    j.end_object();
  }
  j.key("settings").begin_array();
  for (const auto& [k, value, set] : t.library->settings) {
    j.begin_object();
    j.key("variable").value(k.variable);
    j.key("value").value(value);
    j.key("set").value(set);
    j.key("default").value(k.default_value);
    j.key("choices").value(k.choices);
    j.key("effect").value(k.effect);
    j.end_object();
  }
  j.end_array();
  j.end_object();
}

void write_run(JsonWriter& j, const TraceSummary& t) {
  j.key("trace").begin_object();
  j.key("anchor").value(t.anchor);
  j.key("events").value(t.events);
  j.key("ranks").value(t.ranks);
  j.key("traced_ranks").value(t.traced_ranks);
  j.key("ends_outside_trace").value(t.ends_outside_trace);
  j.key("creator").value(t.creator);
  j.key("problems").value(t.problems);
  j.key("first_problem").text_or_null(t.first_problem);
  j.key("damage").value(t.damage);
  j.key("first_damage").text_or_null(t.first_damage);
  j.end_object();
  j.key("run");
  if (!t.crossover) return j.null();
  const analyzer::CrossoverRun& c = *t.crossover;
  j.begin_object();
  j.key("machine").value(c.machine);
  j.key("machine_description").value(c.machine_description);
  j.key("compute").value(c.compute_mode);
  j.key("command").value(c.command_line);
  j.key("program").value(c.program_args);
  j.key("exit_code").optional(c.exit_code);
  j.key("cut_short").value(c.cut_short);
  j.key("failure").text_or_null(c.failure);
  settings(j, "parameters", c.parameters);
  settings(j, "environment", c.environment);
  j.key("trace_filter");
  if (!c.filtered()) {
    j.null();
  } else {
    j.begin_object();
    j.key("ranks").text_or_null(c.trace_ranks);
    j.key("calls").text_or_null(c.trace_calls);
    j.key("from_seconds").optional(c.trace_from_ps ? std::optional<double>(*c.trace_from_ps * 1e-12) : std::nullopt);
    j.key("to_seconds").optional(c.trace_to_ps ? std::optional<double>(*c.trace_to_ps * 1e-12) : std::nullopt);
    j.end_object();
  }
  j.end_object();
}

// {"function", "file", "line"}; "file" null and "line" 0 without debug information; null if none.
void write_site(JsonWriter& j, const char* key, const std::optional<analyzer::CallSite>& site) {
  j.key(key);
  if (!site) {
    j.null();
    return;
  }
  j.begin_object();
  j.key("function").value(site->function);
  j.key("file").text_or_null(site->line == 0 ? std::string() : site->file);
  j.key("line").value(static_cast<std::uint64_t>(site->line));
  j.end_object();
}

void write_profile(JsonWriter& j, const analyzer::MpiProfile& p) {
  j.key("profile").begin_object();
  j.key("ranks").value(p.ranks);
  j.key("run_seconds").value(p.run_seconds);
  j.key("mpi_seconds").value(p.mpi_seconds);
  j.key("mpi_percent_of_run").value(percent(p.mpi_seconds, p.run_seconds * p.ranks));
  j.key("calls").begin_array();
  for (const auto& c : p.by_call) {
    j.begin_object();
    j.key("call").value(c.call);
    j.key("count").value(c.count);
    j.key("seconds").value(c.seconds);
    j.key("percent_of_mpi").value(percent(c.seconds, p.mpi_seconds));
    j.key("longest_seconds").value(c.longest);
    j.end_object();
  }
  j.end_array();
  j.key("protocols").begin_array();
  for (const auto& r : p.by_protocol) {
    j.begin_object();
    j.key("protocol").value(r.protocol);
    j.key("messages_or_calls").value(r.messages);
    j.key("bytes").value(r.bytes);
    j.key("seconds").value(r.seconds);
    j.key("percent_of_mpi").value(percent(r.seconds, p.mpi_seconds));
    j.end_object();
  }
  j.end_array();
  j.key("call_sites").begin_array();
  for (const auto& c : p.by_call_site) {
    j.begin_object();
    j.key("call").value(c.call);
    write_site(j, "site", c.site);
    j.key("count").value(c.count);
    j.key("ranks").value(c.ranks);
    j.key("seconds").value(c.seconds);
    j.key("percent_of_mpi").value(percent(c.seconds, p.mpi_seconds));
    j.key("longest_seconds").value(c.longest);
    j.end_object();
  }
  j.end_array();
  j.key("calls_without_site").value(p.calls_without_site);
  j.end_object();
}

// null for a run without one-sided calls.
void write_rma(JsonWriter& j, const analyzer::RmaProfile& rma, double mpi_seconds) {
  j.key("one_sided");
  if (rma.by_mode.empty()) {
    j.null();
    return;
  }
  j.begin_object();
  j.key("seconds").value(rma.seconds);
  j.key("percent_of_mpi").value(percent(rma.seconds, mpi_seconds));
  j.key("modes").begin_array();
  for (const auto& m : rma.by_mode) {
    j.begin_object();
    j.key("mode").value(m.mode);
    j.key("calls").value(m.calls);
    j.key("seconds").value(m.seconds);
    j.key("percent_of_mpi").value(percent(m.seconds, mpi_seconds));
    j.end_object();
  }
  j.end_array();
  j.key("waiting_calls").begin_array();
  for (const auto& w : rma.waiting) {
    j.begin_object();
    j.key("call").value(w.call);
    j.key("waits_for").value(w.waits);
    j.key("calls").value(w.calls);
    j.key("seconds").value(w.seconds);
    j.key("wait_seconds");
    if (w.wait_seconds) {
      j.value(*w.wait_seconds);
    } else {
      j.null();
    }
    j.key("waiting_calls").value(w.waiting_calls);
    j.end_object();
  }
  j.end_array();
  j.key("deferred_to_epoch_end").value(rma.deferred);
  j.key("operation_seconds").value(rma.operation_seconds);
  j.key("completing_seconds").value(rma.completing_seconds);
  j.end_object();
}

void write_fits(JsonWriter& j, const analyzer::RunFits& fits) {
  j.key("fits").begin_object();
  j.key("protocols").begin_array();
  for (const analyzer::ProtocolLine& p : fits.protocols) {
    j.begin_object();
    j.key("protocol").value(p.protocol);
    j.key("samples").value(static_cast<std::uint64_t>(p.samples));
    j.key("sizes").value(static_cast<std::uint64_t>(p.sizes));
    if (p.line) {
      interval(j, "intercept_seconds", p.line->fit.coefficient("intercept"), 1);
      interval(j, "seconds_per_byte", p.line->fit.coefficient("slope"), 1);
      j.key("r_squared").value(p.line->fit.r_squared());
      j.key("missing").null();
    } else {
      j.key("intercept_seconds").null();
      j.key("seconds_per_byte").null();
      j.key("r_squared").null();
      j.key("missing").value(p.missing);
    }
    j.end_object();
  }
  j.end_array();
  j.key("boundaries");
  if (fits.boundaries) {
    j.begin_array();
    for (const auto& b : fits.boundaries->breakpoints) {
      j.begin_object();
      j.key("above_bytes").value(b.left_x);
      j.key("up_to_bytes").value(b.right_x);
      j.end_object();
    }
    j.end_array();
  } else {
    j.null();
  }
  j.key("boundaries_missing").text_or_null(fits.boundaries_missing);
  j.key("segments");
  if (fits.boundaries) {
    j.begin_array();
    for (const auto& segment : fits.boundaries->segments) {
      j.begin_object();
      j.key("first_bytes").value(segment.first_x);
      j.key("last_bytes").value(segment.last_x);
      j.key("samples").value(static_cast<std::uint64_t>(segment.fit.observations()));
      interval(j, "intercept_seconds", segment.fit.coefficient("intercept"), 1);
      interval(j, "seconds_per_byte", segment.fit.coefficient("slope"), 1);
      j.key("r_squared").value(segment.fit.r_squared());
      j.end_object();
    }
    j.end_array();
  } else {
    j.null();
  }
  j.end_object();
}

void write_waits(JsonWriter& j, const std::vector<WaitRow>& waits, double mpi_seconds) {
  j.key("waits").begin_array();
  for (const WaitRow& w : waits) {
    j.begin_object();
    j.key("pattern").value(w.pattern);
    j.key("protocol").value(w.protocol);
    j.key("count").value(w.count);
    j.key("seconds").value(w.seconds);
    j.key("percent_of_mpi").value(percent(w.seconds, mpi_seconds));
    j.end_object();
  }
  j.end_array();
}

void write_balance(JsonWriter& j, const RunReport& r) {
  const analyzer::ComputeImbalance& b = r.balance;
  j.key("balance").begin_object();
  j.key("mean_compute_seconds").value(b.mean_compute_seconds);
  j.key("max_compute_seconds").value(b.max_compute_seconds);
  j.key("most_compute_rank").value(static_cast<int>(b.most_compute_rank));
  j.key("imbalance_percent").value(100 * b.imbalance());
  j.key("ranks").begin_array();
  for (const auto& k : b.ranks) {
    j.begin_object();
    j.key("rank").value(static_cast<int>(k.rank));
    j.key("compute_seconds").value(k.compute_seconds);
    j.key("mpi_seconds").value(k.mpi_seconds);
    j.key("waited_seconds").value(k.waited_seconds);
    j.key("caused_seconds").value(k.caused_seconds);
    j.key("root_seconds").value(k.root_seconds);
    j.end_object();
  }
  j.end_array();
  j.key("late_arrivals").begin_array();
  for (const auto& a : b.late) {
    j.begin_object();
    j.key("call").value(a.call);
    j.key("rank").value(static_cast<int>(a.rank));
    j.key("last_at").value(a.last_at);
    j.key("instances").value(a.instances);
    j.key("caused_seconds").value(a.caused_seconds);
    j.key("extra_compute_seconds").value(a.extra_compute_seconds);
    write_site(j, "site", a.site);
    j.key("after_call").text_or_null(a.after_call);
    write_site(j, "after_site", a.after_site);
    j.key("waited_before_seconds").value(a.waited_before_seconds);
    j.key("waited_for");
    if (a.waited_for < 0) {
      j.null();
    } else {
      j.value(static_cast<int>(a.waited_for));
    }
    j.end_object();
  }
  j.end_array();
  j.key("verdict");
  if (const auto v = imbalance_verdict(r)) {
    j.begin_object();
    j.key("rank").value(static_cast<int>(v->rank));
    j.key("waiting_seconds").value(v->waiting_seconds);
    j.key("percent_of_mpi").value(v->percent_of_mpi);
    j.key("compute_above_mean_percent").value(100 * v->compute_above_mean);
    j.key("no_setting_helps").value(v->no_setting_helps);
    j.end_object();
  } else {
    j.null();
  }
  j.end_object();
}

void write_crossover(JsonWriter& j, const analyzer::SwitchCrossover& c) {
  j.begin_object();
  j.key("variable").value(c.point.env_var);
  j.key("call").value(c.where());
  j.key("operation").text_or_null(c.point.operation);
  j.key("ranks").value(c.ranks);
  j.key("unit").value(hw::switch_unit_name(c.point.unit));
  j.key("below").value(c.below.name);
  j.key("above").value(c.above.name);
  j.key("now").value(c.setting);
  j.key("best").optional(c.best);
  j.key("best_is_bound").value(c.best_is_bound);
  j.key("crossing");
  if (c.crossing) {
    j.begin_object();
    j.key("value").value(c.crossing->x);
    j.key("lower").value(c.crossing->band_overlap_lower);
    j.key("upper").value(c.crossing->band_overlap_upper);
    j.end_object();
  } else {
    j.null();
  }
  j.key("measured_from").value(c.lo);
  j.key("measured_to").value(c.hi);
  j.key("finding").value(c.finding);
  j.end_object();
}

void write_bench(JsonWriter& j, const std::optional<BenchSummary>& bench) {
  j.key("bench");
  if (!bench) return j.null();
  j.begin_object();
  j.key("ranks").value(bench->ranks);
  j.key("runs").value(static_cast<std::uint64_t>(bench->runs));
  j.key("collective_runs").value(static_cast<std::uint64_t>(bench->collective_runs));
  j.key("cached_runs").value(static_cast<std::uint64_t>(bench->cached_runs));
  j.key("cache").text_or_null(bench->cache);
  j.key("not_measured_calls").begin_array();
  for (const std::string& call : bench->unasked) j.value(call);
  j.end_array();
  j.key("crossovers").begin_array();
  for (const auto& c : bench->analysis.switches) write_crossover(j, c);
  j.end_array();
  j.key("branching");
  if (const auto& b = bench->analysis.branching) {
    j.begin_object();
    j.key("best").value(b->chosen());
    j.key("model_best").value(static_cast<int>(b->best.at));
    j.key("measured_best").value(b->measured_best);
    j.key("model_r_squared").value(b->model.r_squared());
    j.end_object();
  } else {
    j.null();
  }
  j.end_object();
}

void write_recommendations(JsonWriter& j, const RunReport& report) {
  const auto& recs = report.recommendations;
  const double mpi_seconds = report.profile.mpi_seconds;
  const bool simulated = report.candidates && report.candidates->simulated;
  j.key("recommendations").begin_array();
  for (std::size_t i = 0; i < recs.size(); ++i) {
    const auto& r = recs[i];
    j.begin_object();
    j.key("variable").value(r.variable);
    j.key("value").value(r.value);
    j.key("export").value(r.export_line());
    j.key("required").value(r.required);
    j.key("model_experiment").value(r.model_experiment());
    j.key("alternative_to").text_or_null(r.alternative_to);
    j.key("predicted_saving_seconds");
    if (r.required) {
      j.null();
    } else {
      j.value(r.predicted_seconds);
    }
    j.key("percent_of_mpi");
    if (r.required) {
      j.null();
    } else {
      j.value(percent(r.predicted_seconds, mpi_seconds));
    }
    j.key("simulated_saving_seconds");
    if (simulated && report.candidates->alone_mpi_seconds[i]) {
      j.value(report.candidates->baseline_mpi_seconds - *report.candidates->alone_mpi_seconds[i]);
    } else {
      j.null();
    }
    j.key("chosen").value(r.required || (simulated ? report.candidates->is_chosen(i) : r.alternative_to.empty()));
    j.key("affected").value(static_cast<std::uint64_t>(r.affected));
    j.key("moves");  // the point-to-point messages it moves, for the GUI to show them
    if (r.moves) {
      j.begin_object();
      j.key("protocol").value(r.moves->protocol);
      j.key("smallest_bytes").value(r.moves->smallest);
      j.key("largest_bytes").value(r.moves->largest);
      j.end_object();
    } else {
      j.null();
    }
    j.key("evidence").value(r.evidence);
    j.key("cost").text_or_null(r.cost);
    j.end_object();
  }
  j.end_array();
}

void write_candidates(JsonWriter& j, const std::optional<CandidateSimulation>& c) {
  j.key("candidates");
  if (!c) return j.null();
  j.begin_object();
  j.key("simulated").value(c->simulated);
  j.key("not_simulated").text_or_null(c->not_simulated);
  j.key("runs").value(static_cast<std::uint64_t>(c->runs));
  j.key("baseline_mpi_seconds").value(c->baseline_mpi_seconds);
  j.key("chosen").begin_array();
  for (std::size_t i : c->chosen) j.value(static_cast<std::uint64_t>(i));
  j.end_array();
  j.key("chosen_mpi_seconds").value(c->chosen_mpi_seconds);
  j.key("dropped").begin_array();
  for (const std::string& d : c->dropped) j.value(d);
  j.end_array();
  j.end_object();
}

void seconds_list(JsonWriter& j, const char* name, const std::vector<double>& values) {
  j.key(name).begin_array();
  for (double v : values) j.value(v);
  j.end_array();
}

void write_verification(JsonWriter& j, const RunReport& r) {
  j.key("verification");
  if (!r.verify_requested) return j.null();
  j.begin_object();
  j.key("requested").value(true);
  const auto& v = r.verification;
  j.key("verdict").value(v ? verdict_name(v->verdict) : "nothing_to_verify");
  if (v) {
    j.key("settings").begin_array();
    for (const std::string& s : v->settings) j.value(s);
    j.end_array();
    j.key("predicted_saving_seconds").value(v->predicted_seconds);
    j.key("compute").value(v->compute_mode);
    j.key("runs_per_side").value(v->runs_per_side);
    j.key("p_value").value(v->p_value);
    seconds_list(j, "mpi_seconds_before", v->mpi_seconds_before);
    seconds_list(j, "mpi_seconds_after", v->mpi_seconds_after);
    j.key("run_seconds_before").value(v->run_seconds_before);
    j.key("run_seconds_after").value(v->run_seconds_after);
    j.key("failed_exit_code").optional(v->failed_exit_code);
  }
  j.end_object();
}

}  // namespace

void write_report_json(const RunReport& r, std::FILE* out) {
  JsonWriter j(out);
  j.begin_object();
  j.key("schema").value("crossover-report");
  j.key("version").value(kSchemaVersion);
  j.key("damaged").value(r.run.damage > 0);  // every figure below then comes from a damaged trace
  write_run(j, r.run);
  write_library(j, r);
  write_profile(j, r.profile);
  write_rma(j, r.rma, r.profile.mpi_seconds);
  write_fits(j, r.fits);
  write_waits(j, r.waits, r.profile.mpi_seconds);
  write_balance(j, r);
  write_bench(j, r.bench);
  write_recommendations(j, r);
  write_candidates(j, r.candidates);
  write_verification(j, r);
  j.end_object();
  j.finish();
}

}  // namespace xo::cli
