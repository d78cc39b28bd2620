// The plan of `xo bench --mpi` (bench_plan.hpp): a real library's ping-pong under each setting of
// its point-to-point switches.

#include "xo/analyzer/suite/bench_plan.hpp"
#include "xo/analyzer/suite/bench_tags.hpp"

namespace xo::analyzer::suite {

namespace {

constexpr long long kLargestMessage = 1 << 20;

BenchRun pingpong(std::string name, std::string purpose, int reps, std::vector<std::pair<std::string, std::string>> env) {
  BenchRun run{std::move(name), std::move(purpose), 0, std::move(env), {kPingPongProgram, std::to_string(reps)}};
  for (long long size : message_sizes(kLargestMessage)) run.argv.push_back(std::to_string(size));
  return run;
}

}  // namespace

BenchPlan plan_real_bench(const hw::RealMpi& mpi, int reps) {
  BenchPlan plan{mpi.key, {}};
  plan.runs.push_back(pingpong("pt2pt", "ping-pong, 0 B to 1 MiB, the job's own settings", reps, {}));
  for (const hw::RealMpiKnob& knob : mpi.knobs) {
    for (const std::string& value : knob.bench_values) {
      plan.runs.push_back(pingpong("pt2pt." + knob.variable + "=" + value,
                                   "ping-pong with " + knob.variable + "=" + value, reps, {{knob.variable, value}}));
    }
  }
  return plan;
}

}  // namespace xo::analyzer::suite
