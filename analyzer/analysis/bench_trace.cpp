#include "xo/analyzer/analysis/bench_trace.hpp"

#include "xo/tracer/bench_tags.hpp"

namespace xo::analyzer {

namespace {

bool starts_with_program(std::string_view args) {
  for (std::string_view name : {tracer::bench::kPingPongProgram, tracer::bench::kCollectiveProgram}) {
    if (args.substr(0, name.size()) == name && (args.size() == name.size() || args[name.size()] == ' ')) return true;
  }
  return false;
}

}  // namespace

std::string_view bench_program_args(const TraceModel& m) {
  if (!m.run.crossover) return {};
  const std::string_view args = m.run.crossover->program_args;
  if (starts_with_program(args)) return args;
  // A real job: the word after the helper (a path ending in kRealBenchHelper...).
  const std::size_t helper = args.find(tracer::bench::kRealBenchHelperPrefix);
  if (helper == std::string_view::npos || (helper > 0 && args[helper - 1] != '/' && args[helper - 1] != ' ')) return {};
  const std::size_t space = args.find(' ', helper);
  if (space == std::string_view::npos) return {};
  const std::string_view rest = args.substr(space + 1);
  return starts_with_program(rest) ? rest : std::string_view{};
}

bool is_bench_pingpong(const TraceModel& m) {
  const std::string_view args = bench_program_args(m);
  return args.substr(0, std::string_view(tracer::bench::kPingPongProgram).size()) == tracer::bench::kPingPongProgram;
}

bool is_real_job(const TraceModel& m) { return m.run.crossover && m.run.crossover->compute_mode == "real"; }

}  // namespace xo::analyzer
