#include "report_bench.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <thread>

#include "fnv1a.hpp"
#include "progress_line.hpp"
#include "scratch_directory.hpp"
#include "tool_paths.hpp"
#include "xo/analyzer/analysis/bench_samples_codec.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/experiments/bench_plan.hpp"
#include "xo/experiments/bench_runner.hpp"
#include "xo/experiments/parallel_runs.hpp"
#include "xo/tracer/bench_tags.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;
namespace suite = experiments;

// Collective sweeps at more ranks than this would make the report slow; the switch points of the
// models do not depend on the job size beyond it except on the AP1000's whole machine.
constexpr int kMostBenchRanks = 256;
// The cache's bound: a 64-rank all-to-all sweep's samples take a few MB.
constexpr std::int64_t kCacheBytes = 256LL << 20;

// The running xo's contents: the machine models and the simulation are linked into it, so a
// rebuilt xo whose models changed never reads what an older build cached.
const std::string& build_identity() {
  static const std::string identity = [] {
    std::ifstream exe("/proc/self/exe", std::ios::binary);
    std::uint64_t hash = fnv1a(kVersion);
    std::string chunk(1 << 16, '\0');
    while (exe.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || exe.gcount() > 0) {
      hash = fnv1a(std::string_view(chunk.data(), static_cast<std::size_t>(exe.gcount())), hash);
    }
    return std::string(kVersion) + "+" + std::to_string(hash);
  }();
  return identity;
}

// Everything one bench run's samples depend on; the simulation is deterministic under
// --compute=none.
std::string cache_key(const suite::BenchPlan& plan, const suite::BenchRun& one, const suite::BenchSettings& settings) {
  std::map<std::string, std::string> env = settings.environment;
  for (const auto& [name, value] : one.environment) env[name] = value;
  std::vector<std::string> params = settings.params;
  std::sort(params.begin(), params.end());
  std::string text = build_identity() + '\x1e' + plan.machine + '\x1e' + std::to_string(one.ranks) + '\x1e';
  for (const std::string& p : params) text += p + '\x1f';
  text += '\x1e';
  for (const auto& [name, value] : env) text += name + '=' + value + '\x1f';
  text += '\x1e';
  for (const std::string& a : one.argv) text += a + '\x1f';
  char hex[40];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(fnv1a(text)),
                static_cast<unsigned long long>(fnv1a(text, 0x84222325cbf29ce4ULL)));
  return std::string("bench-run/") + hex;
}

// The bench answers this run's questions only: the switch points of the collectives it made, over
// sizes that reach its own calls.
suite::BenchScope scope_of(const std::vector<analyzer::CollectiveSample>& collectives) {
  suite::BenchScope scope;
  for (const analyzer::CollectiveSample& c : collectives) {
    auto at = std::find_if(scope.collectives.begin(), scope.collectives.end(),
                           [&](const suite::RunCollective& r) { return r.call == c.call; });
    if (at == scope.collectives.end()) at = scope.collectives.insert(at, {c.call, 0, 0});
    at->largest_bytes_per_rank = std::max(at->largest_bytes_per_rank, c.bytes_per_rank);
    at->largest_elements = std::max(at->largest_elements, c.elements);
  }
  return scope;
}

std::vector<std::string> unasked_calls(const hw::Machine& machine, const suite::BenchScope& scope) {
  std::vector<std::string> calls;
  for (const hw::SwitchPoint& s : machine.switch_points()) {
    if (s.operation.empty()) continue;
    const bool asked = std::any_of(scope.collectives.begin(), scope.collectives.end(),
                                   [&](const suite::RunCollective& r) { return r.call == s.operation; });
    if (!asked && std::find(calls.begin(), calls.end(), s.operation) == calls.end()) calls.push_back(s.operation);
  }
  return calls;
}

// Simulates one bench run into the scratch directory and reads its samples; the trace is deleted
// once read, so the disk holds one run's trace at most.
analyzer::BenchSamples simulate(const hw::Machine& machine, const suite::BenchPlan& plan, const suite::BenchRun& one,
                                const suite::BenchSettings& settings, const std::string& scratch) {
  analyzer::BenchSamples samples;
  for (const auto& o : suite::run_bench({plan.machine, {one}}, settings, scratch)) {
    if (o.anchor.empty()) continue;  // the machine refused the run's settings
    samples.add(analyzer::read_trace(o.anchor), machine);
    fs::remove_all(fs::path(o.anchor).parent_path());
  }
  return samples;
}

}  // namespace

analyzer::report::BenchSummary bench_for_report(const hw::Machine& machine, const RecordedRun& run,
                                                const std::vector<analyzer::CollectiveSample>& collectives,
                                                db::History* cache) {
  analyzer::report::BenchSummary bench;
  bench.ranks = std::clamp(run.ranks, 2, kMostBenchRanks);
  const suite::BenchScope scope = scope_of(collectives);
  bench.unasked = unasked_calls(machine, scope);
  const auto plan = suite::plan_bench(machine, suite::Suite::All, {bench.ranks}, scope);
  bench.runs = plan.runs.size();
  bench.collective_runs =
      static_cast<std::size_t>(std::count_if(plan.runs.begin(), plan.runs.end(), [](const suite::BenchRun& r) {
        return r.argv[0] == tracer::bench::kCollectiveProgram;
      }));
  const suite::BenchSettings settings{run.params, run.environment, std::string("xo ") + kVersion, "xo report"};
  // Runs the cache answers, then the others on every core, each in a process of its own; the
  // samples are added in plan order, so the report equals a serial run's.
  std::vector<std::optional<analyzer::BenchSamples>> per_run(plan.runs.size());
  std::vector<std::string> keys;  // cache keys, made once (the first hashes the xo binary)
  if (cache != nullptr) {
    for (const suite::BenchRun& one : plan.runs) keys.push_back(cache_key(plan, one, settings));
  }
  std::vector<std::size_t> to_simulate;
  for (std::size_t i = 0; i < plan.runs.size(); ++i) {
    if (cache != nullptr) {
      if (const auto bytes = cache->cached_bench(keys[i])) {
        try {
          per_run[i] = analyzer::decode_bench_run(*bytes);
          ++bench.cached_runs;
          continue;
        } catch (const std::invalid_argument&) {  // a damaged entry: simulate, and replace it below
        }
      }
    }
    to_simulate.push_back(i);
  }
  ProgressLine progress;
  if (!to_simulate.empty()) {
    const ScratchDirectory scratch("report-bench", ScratchStorage::MemoryIfRoom);
    const int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const auto results = suite::run_in_processes(
        to_simulate.size(), jobs,
        [&](std::size_t k) {
          const suite::BenchRun& one = plan.runs[to_simulate[k]];
          return analyzer::encode_bench_run(simulate(machine, plan, one, settings, scratch.path()));
        },
        [&](std::size_t done, std::size_t k) {
          progress.show("benchmarking " + machine.name() + ": " + plan.runs[to_simulate[k]].purpose,
                        bench.cached_runs + done, plan.runs.size());
        });
    for (std::size_t k = 0; k < to_simulate.size(); ++k) {
      const std::size_t i = to_simulate[k];
      if (!results[k].error.empty()) {
        throw std::runtime_error("the benchmark run for " + plan.runs[i].purpose + " failed: " + results[k].error);
      }
      per_run[i] = analyzer::decode_bench_run(results[k].bytes);
      if (cache != nullptr) cache->cache_bench(keys[i], results[k].bytes, kCacheBytes);
    }
  }
  analyzer::BenchSamples samples;
  for (auto& one_run : per_run) samples.add(std::move(*one_run));
  progress.show("benchmarking " + machine.name() + ": done", plan.runs.size(), plan.runs.size());
  if (cache != nullptr) bench.cache = cache->path();
  bench.analysis = analyzer::analyze_bench(machine, samples);
  return bench;
}

}  // namespace xo::cli
