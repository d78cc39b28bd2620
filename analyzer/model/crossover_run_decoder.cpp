#include <charconv>
#include <cstdint>

#include "xo/analyzer/run_description.hpp"
#include "xo/tracer/trace_filter.hpp"
#include "xo/tracer/trace_properties.hpp"

namespace xo::analyzer {

namespace {

template <class Integer>
std::optional<Integer> whole(const std::string& text) {
  Integer value = 0;
  const char* end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || stop != end || text.empty()) return std::nullopt;
  return value;
}
std::optional<int> integer(const std::string& text) { return whole<int>(text); }
std::optional<std::int64_t> integer64(const std::string& text) { return whole<std::int64_t>(text); }

}  // namespace

std::optional<CrossoverRun> decode_crossover_run(const std::map<std::string, std::string>& properties) {
  using tracer::SettingKind;
  std::optional<CrossoverRun> run;
  for (const auto& [name, value] : properties) {
    if (name.rfind("CROSSOVER::", 0) != 0) continue;
    if (!run) run.emplace();
    if (name == tracer::kPropertyMachine)
      run->machine = value;
    else if (name == tracer::kPropertyMachineDescription)
      run->machine_description = value;
    else if (name == tracer::kPropertyRanks)
      run->ranks = integer(value);
    else if (name == tracer::kPropertyRanksPerNode)
      run->ranks_per_node = integer(value);
    else if (name == tracer::kPropertyComputeMode)
      run->compute_mode = value;
    else if (name == tracer::kPropertyProgramArgs)
      run->program_args = value;
    else if (name == tracer::kPropertyCommandLine)
      run->command_line = value;
    else if (name == tracer::kPropertyCreator)
      run->creator = value;
    else if (name == tracer::kPropertyExitCode)
      run->exit_code = integer(value);
    else if (name == tracer::kPropertyCutShort)
      run->cut_short = value == "true";
    else if (name == tracer::kPropertyFailure)
      run->failure = value;
    else if (name == tracer::kPropertyTraceRanks)
      run->trace_ranks = value;
    else if (name == tracer::kPropertyTraceCalls)
      run->trace_calls = value;
    else if (name == tracer::kPropertyTraceFrom)
      run->trace_from_ps = integer64(value);
    else if (name == tracer::kPropertyTraceTo)
      run->trace_to_ps = integer64(value);
    else if (auto p = tracer::setting_name_of_property(SettingKind::Parameter, name))
      run->parameters.push_back({*p, value});
    else if (auto e = tracer::setting_name_of_property(SettingKind::Environment, name)) {
      run->environment.push_back({*e, value});
    }
  }
  return run;
}

}  // namespace xo::analyzer
