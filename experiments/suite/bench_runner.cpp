#include "xo/experiments/bench_runner.hpp"

#include <filesystem>
#include <stdexcept>

#include "bench_programs.hpp"
#include "xo/experiments/parallel_runs.hpp"
#include "xo/hwmodels/machine_error.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/reference_mpi/simulation.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::experiments {

namespace {

mpi::RankMain program(const std::string& name) {
  if (name == tracer::bench::kPingPongProgram) return pingpong_program;
  if (name == tracer::bench::kCollectiveProgram) return collective_program;
  throw std::logic_error("bench plan names an unknown program '" + name + "'");
}

RunOutcome run_one(const BenchPlan& plan, const BenchRun& run, const BenchSettings& settings,
                   const std::filesystem::path& out_dir) {
  const std::filesystem::path dir = out_dir / run.name;
  std::filesystem::create_directories(dir);
  tracer::Otf2Writer writer(dir.string(), {settings.creator, settings.command_line});

  std::map<std::string, std::string> env = settings.environment;
  for (const auto& [name, value] : run.environment) env[name] = value;
  mpi::SimulationOptions options;
  options.ranks = run.ranks;
  options.machine = plan.machine;
  options.params = settings.params;
  options.compute = mpi::ComputeMode::None;
  options.stack_bytes = 128 * 1024;
  options.env_lookup = hw::lookup_in(env);
  options.observer = &writer;
  mpi::SimulationResult result;
  try {
    result = mpi::run_simulation(options, program(run.argv[0]), run.argv);
  } catch (const hw::MachineError& refused) {  // the machine refuses a setting: no run, no trace
    return {run.name, "", 0, 0, refused.what()};
  }
  writer.finish();
  return {run.name, (dir / "traces.otf2").string(), writer.events_written(), result.virtual_seconds, result.error};
}

}  // namespace

std::vector<RunOutcome> run_bench(const BenchPlan& plan, const BenchSettings& settings, const std::string& out_dir,
                                  const BenchProgress& progress) {
  const std::size_t total = plan.runs.size();
  auto outcomes = run_in_parallel(
      total, settings.jobs, [&](std::size_t i) { return run_one(plan, plan.runs[i], settings, out_dir); },
      [&](std::size_t done, std::size_t i) {
        if (progress) progress(done, total, plan.runs[i].purpose);
      },
      [&](std::size_t i) { return plan.runs[i].name; });
  if (progress) progress(total, total, "done");
  return outcomes;
}

}  // namespace xo::experiments
