// The plan of `xo bench --mpi` (bench_plan.hpp): a real library's ping-pong under each setting of
// its point-to-point switches, and each collective it can force an algorithm for under each
// algorithm.

#include <algorithm>

#include "xo/experiments/bench_plan.hpp"
#include "xo/tracer/bench_tags.hpp"

namespace xo::experiments {

namespace {

// A collective's sweep: 8 B to 256 KiB a rank, two sizes a doubling; a real library's time per
// call is far longer than a ping-pong's (each call starts lined up), so fewer repetitions.
constexpr long long kLargestCollective = 256 << 10;
constexpr int kCollectiveRepsDivisor = 4;

BenchRun pingpong(std::string name, std::string purpose, int reps,
                  std::vector<std::pair<std::string, std::string>> env) {
  BenchRun run{
      std::move(name), std::move(purpose), 0, std::move(env), {tracer::bench::kPingPongProgram, std::to_string(reps)}};
  for (long long size : message_sizes(kLargestSweepBytes)) run.argv.push_back(std::to_string(size));
  return run;
}

BenchRun collective(const std::string& call, std::string name, std::string purpose, int reps,
                    std::vector<std::pair<std::string, std::string>> env) {
  const bool barrier = call == "MPI_Barrier";
  // Barriers have no size, and are timed back to back (bench_programs.hpp): one "size", many calls.
  const int calls = barrier ? reps * 4 : std::max(3, reps / kCollectiveRepsDivisor);
  BenchRun run{std::move(name),
               std::move(purpose),
               0,
               std::move(env),
               {tracer::bench::kCollectiveProgram, call, "bytes", std::to_string(calls), "0"}};
  if (barrier) {
    run.argv.push_back("8");
    return run;
  }
  const std::vector<long long> sizes = message_sizes(kLargestCollective);
  for (std::size_t i = 0; i < sizes.size(); i += 2) {
    if (sizes[i] >= 8) run.argv.push_back(std::to_string(sizes[i]));
  }
  return run;
}

}  // namespace

BenchPlan plan_real_bench(const hw::RealMpi& mpi, Suite suite, int reps, hw::RealMpiPath path) {
  BenchPlan plan{mpi.key, {}};
  if (suite != Suite::Collective) {
    plan.runs.push_back(pingpong("pt2pt", "ping-pong, 0 B to 1 MiB, the job's own settings", reps, {}));
    for (const hw::RealMpiKnob& knob : mpi.knobs) {
      if (!knob.collective.empty() || (knob.path != hw::RealMpiPath::Any && knob.path != path)) continue;
      for (const std::string& value : knob.bench_values) {
        plan.runs.push_back(pingpong("pt2pt." + knob.variable + "=" + value,
                                     "ping-pong with " + knob.variable + "=" + value, reps, {{knob.variable, value}}));
      }
    }
  }
  if (suite != Suite::PointToPoint) {
    for (const hw::RealMpiKnob& knob : mpi.knobs) {
      if (knob.collective.empty() || knob.bench_values.empty()) continue;
      plan.runs.push_back(collective(knob.collective, "coll." + knob.collective,
                                     knob.collective + ", the job's own settings", reps, {}));
      for (const std::string& value : knob.bench_values) {
        std::vector<std::pair<std::string, std::string>> env = knob.requires_settings;
        env.emplace_back(knob.variable, value);
        const std::string name = knob.value_name(value);
        plan.runs.push_back(collective(
            knob.collective, "coll." + knob.variable + "=" + value,
            knob.collective + " with " + knob.variable + "=" + value + (name.empty() ? "" : " (" + name + ")"), reps,
            std::move(env)));
      }
    }
  }
  return plan;
}

}  // namespace xo::experiments
