#include "xo/experiments/bench_plan.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "xo/hwmodels/machine_error.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/tracer/bench_tags.hpp"

namespace xo::experiments {

namespace {

// The simulation is deterministic under --compute=none, so repetitions only guard against a
// first call that differs (a connection made, a buffer allocated).
constexpr int kReps = 3;
// Group-size sweeps move one double, as the seed's small-group comparison of the B-net with trees
// does (seed 001 section 7; calibration's small_group_bnet_threshold).
constexpr long long kGroupSweepBytes = 8;
constexpr int kLargestBranching = 8;

const hw::EnvVar& variable(const hw::Machine& m, const std::string& name) {
  if (const hw::EnvVar* var = m.find_env_var(name)) return *var;
  throw std::logic_error("switch point names " + name + ", which " + m.name() + " does not read");
}

std::vector<std::string> as_text(const std::vector<long long>& sizes) {
  std::vector<std::string> out;
  for (long long s : sizes) out.push_back(std::to_string(s));
  return out;
}

// The ping-pong measures the network, as the seeds did, between rank 0 and the last rank: the
// first of the second node of the job as the machine places it.
BenchRun pingpong(const hw::Machine& m, std::string name, std::string purpose,
                  std::vector<std::pair<std::string, std::string>> env) {
  const int ranks = m.placement().ranks_per_node() + 1;
  BenchRun run{std::move(name),
               std::move(purpose),
               ranks,
               std::move(env),
               {tracer::bench::kPingPongProgram, std::to_string(kReps)}};
  for (const std::string& s : as_text(message_sizes(kLargestSweepBytes))) run.argv.push_back(s);
  return run;
}

const char* unit_argument(hw::SwitchUnit unit) {
  switch (unit) {
    case hw::SwitchUnit::Elements: return "elements";
    case hw::SwitchUnit::Ranks: return "ranks";
    default: return "bytes";
  }
}

// The payload one buffer of a sweep's call may hold, summed over the ranks. The simulation moves
// real data, so an all-to-all of 64 KiB blocks on 256 ranks would need 4 GiB a buffer.
constexpr long long kSweepBufferBudget = 64LL << 20;

// Messages one sweep run may simulate and trace (sizes x repetitions x messages a call): an
// all-to-all sends ranks^2 messages a call, 65,280 on 256 ranks.
constexpr long long kSweepMessageBudget = 2LL << 20;

bool exchanges_blocks(const std::string& call) { return call == "MPI_Alltoall" || call == "MPI_Allgather"; }

// Every k-th size (the last always), so that the sweep stays within the message budget; the
// crossover is then located less finely, between sizes further apart.
std::vector<long long> within_message_budget(const std::string& call, int ranks, std::vector<long long> sizes) {
  const long long per_call = exchanges_blocks(call) ? 1LL * ranks * (ranks - 1) : 2LL * ranks;
  const long long per_size = per_call * kReps;
  const auto affordable = static_cast<std::size_t>(std::max(2LL, kSweepMessageBudget / std::max(1LL, per_size)));
  if (sizes.size() <= affordable) return sizes;
  const std::size_t k = (sizes.size() + affordable - 1) / affordable;
  std::vector<long long> kept;
  for (std::size_t i = (sizes.size() - 1) % k; i < sizes.size(); i += k) kept.push_back(sizes[i]);
  return kept;
}

// Sizes around a collective switch wide enough to show both sides: up to several times the
// machine's own setting and, for a run's question, several times the run's largest call, within
// what the sweep can afford at this many ranks. Without a run the byte sweep reaches 64 KiB at
// least, so that a crossover well above a small setting is found too.
std::vector<long long> collective_sizes(const hw::SwitchPoint& s, long long setting, int ranks,
                                        const RunCollective* run) {
  std::vector<long long> sizes;
  switch (s.unit) {
    case hw::SwitchUnit::Elements: {
      const long long wanted = run ? std::max(4 * setting, std::llround(4 * run->largest_elements)) : 4 * setting;
      const long long last = std::clamp(wanted, 32LL, 256LL);
      const long long step = std::max(1LL, last / 64);
      for (long long n = 1; n <= last; n += step) sizes.push_back(n);
      break;
    }
    case hw::SwitchUnit::Ranks:
      for (long long n = 2; n <= ranks; ++n) sizes.push_back(n);
      break;
    default: {
      const long long wanted = run ? std::clamp(std::max(8 * setting, std::llround(4 * run->largest_bytes_per_rank)),
                                                64LL, kLargestSweepBytes)
                                   : std::clamp(8 * setting, 65536LL, kLargestSweepBytes);
      for (long long b : message_sizes(std::min(wanted, largest_affordable_size(s.operation, ranks)))) {
        if (b >= 8) sizes.push_back(b);
      }
      return within_message_budget(s.operation, ranks, std::move(sizes));
    }
  }
  return sizes;
}

BenchRun collective(std::string name, std::string purpose, int ranks, const std::string& call, hw::SwitchUnit unit,
                    long long fixed, const std::vector<long long>& sizes,
                    std::vector<std::pair<std::string, std::string>> env) {
  BenchRun run{
      std::move(name),
      std::move(purpose),
      ranks,
      std::move(env),
      {tracer::bench::kCollectiveProgram, call, unit_argument(unit), std::to_string(kReps), std::to_string(fixed)}};
  for (const std::string& s : as_text(sizes)) run.argv.push_back(s);
  return run;
}

// The two settings of a threshold that put every swept size on the `below` side and on the
// `above` side. The below end is the largest size swept rather than the variable's maximum, and
// halved while the machine refuses it with the run's other settings (an XT3 eager limit must fit
// the unexpected buffer the user set). A negative minimum means "off" or "automatic" to these
// MPIs, so 0 stands for it.
std::pair<std::string, std::string> ends(const hw::Machine& m, const hw::SwitchPoint& s, const hw::EnvVar& var,
                                         long long largest) {
  long long below = std::min<long long>(var.max, s.value_is_first_above ? largest + 1 : largest);
  for (; below > 0; below /= 2) {
    try {
      hw::configured_like(m, {{s.env_var, std::to_string(below)}});
      break;
    } catch (const hw::MachineError&) {
    }
  }
  return {std::to_string(below), std::to_string(std::max<std::int64_t>(var.min, 0))};
}

void add_point_to_point(const hw::Machine& m, BenchPlan& plan) {
  plan.runs.push_back(pingpong(m, "pt2pt", "ping-pong, 0 B to 1 MiB, the machine's own settings", {}));
  for (const hw::SwitchPoint& s : m.switch_points()) {
    if (!s.operation.empty()) continue;
    const auto [below, above] = ends(m, s, variable(m, s.env_var), kLargestSweepBytes);
    plan.runs.push_back(pingpong(m, "pt2pt." + s.env_var + "=" + below,
                                 "ping-pong with " + s.env_var + "=" + below + ": " + s.below + " as far as it goes",
                                 {{s.env_var, below}}));
    plan.runs.push_back(pingpong(m, "pt2pt." + s.env_var + "=" + above,
                                 "ping-pong with " + s.env_var + "=" + above + ": " + s.above + " as far as it goes",
                                 {{s.env_var, above}}));
  }
  for (const hw::ProtocolOption& o : m.protocol_options()) {
    plan.runs.push_back(pingpong(m, "pt2pt." + o.env_var + "=" + o.value,
                                 "ping-pong with " + o.env_var + "=" + o.value + ": " + o.to + " instead of " + o.from,
                                 {{o.env_var, o.value}}));
  }
}

// The run's calls of `call`; null without a scope or if the run made none.
const RunCollective* run_calls(const std::optional<BenchScope>& scope, const std::string& call) {
  if (!scope) return nullptr;
  for (const RunCollective& c : scope->collectives) {
    if (c.call == call) return &c;
  }
  return nullptr;
}

void add_collective_switches(const hw::Machine& m, int ranks, const std::optional<BenchScope>& scope, BenchPlan& plan) {
  std::set<std::string> defaults;  // one run with the machine's own settings per call and unit
  for (const hw::SwitchPoint& s : m.switch_points()) {
    if (s.operation.empty()) continue;
    const RunCollective* run = run_calls(scope, s.operation);
    if (scope && run == nullptr) continue;
    const hw::EnvVar& var = variable(m, s.env_var);
    const auto sizes = collective_sizes(s, m.env(s.env_var), ranks, run);
    if (sizes.empty()) continue;
    const long long fixed = s.unit == hw::SwitchUnit::Ranks ? kGroupSweepBytes : 0;
    const std::string base = "coll." + s.operation + "." + unit_argument(s.unit) + ".n" + std::to_string(ranks);
    if (defaults.insert(base).second) {
      plan.runs.push_back(collective(base,
                                     s.operation + " by " + unit_argument(s.unit) + " on " + std::to_string(ranks) +
                                         " ranks, the machine's own settings",
                                     ranks, s.operation, s.unit, fixed, sizes, {}));
    }
    const auto [below, above] = ends(m, s, var, sizes.back());
    for (const auto& [value, side] : {std::pair{below, s.below}, std::pair{above, s.above}}) {
      plan.runs.push_back(collective(base + "." + s.env_var + "=" + value,
                                     s.operation + " with " + s.env_var + "=" + value + ": " + side + " throughout",
                                     ranks, s.operation, s.unit, fixed, sizes, {{s.env_var, value}}));
    }
  }
}

// The machine's barrier on a group that is not the whole machine (where hardware may serve it).
bool barrier_uses_branching(const hw::Machine& m, int ranks) {
  hw::CollectiveQuery q;
  q.op = hw::CollectiveOp::Barrier;
  q.ranks = ranks - 1;
  return hw::uses_branching(m.collective(q).algorithm);
}

void add_branching(const hw::Machine& m, int ranks, const std::optional<BenchScope>& scope, BenchPlan& plan) {
  if (m.find_env_var("XO_COLL_BRANCHING") == nullptr || ranks < 3 || !barrier_uses_branching(m, ranks)) return;
  if (scope && run_calls(scope, "MPI_Barrier") == nullptr) return;
  std::vector<long long> groups;
  for (long long g = 2; g < ranks; ++g) groups.push_back(g);
  for (int k = 2; k <= kLargestBranching; ++k) {
    const std::string value = std::to_string(k);
    plan.runs.push_back(collective(
        "barrier.n" + std::to_string(ranks) + ".XO_COLL_BRANCHING=" + value,
        "MPI_Barrier on groups of 2 to " + std::to_string(ranks - 1) + " ranks, tree branching factor " + value, ranks,
        "MPI_Barrier", hw::SwitchUnit::Ranks, 0, groups, {{"XO_COLL_BRANCHING", value}}));
  }
}

}  // namespace

std::vector<long long> message_sizes(long long largest) {
  std::vector<long long> sizes = {0};
  for (int k = 0;; ++k) {
    const auto size = static_cast<long long>(std::llround(std::exp2(k / 4.0)));
    if (size > largest) break;
    if (size != sizes.back()) sizes.push_back(size);
  }
  return sizes;
}

long long largest_affordable_size(const std::string& call, int ranks) {
  const long long blocks = exchanges_blocks(call) ? 1LL * ranks * ranks : ranks;
  return kSweepBufferBudget / std::max(1LL, blocks);
}

BenchPlan plan_bench(const hw::Machine& machine, Suite suite, const std::vector<int>& ranks,
                     const std::optional<BenchScope>& scope) {
  for (int r : ranks) {
    if (r < 2) throw std::invalid_argument("--ranks " + std::to_string(r) + ": a benchmark needs at least 2 ranks");
  }
  BenchPlan plan{machine.name(), {}};
  if (suite != Suite::Collective) add_point_to_point(machine, plan);
  if (suite != Suite::PointToPoint) {
    for (int r : ranks) {
      add_collective_switches(machine, r, scope, plan);
      add_branching(machine, r, scope, plan);
    }
  }
  return plan;
}

}  // namespace xo::experiments
