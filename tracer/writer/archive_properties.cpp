#include "archive_properties.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "xo/tracer/trace_filter.hpp"
#include "xo/tracer/trace_properties.hpp"

namespace xo::tracer {

namespace {

// Arguments joined by spaces, each quoted as a POSIX shell would need it ("a b" -> 'a b').
std::string shell_quoted(const std::vector<std::string>& args) {
  std::string out;
  for (const std::string& arg : args) {
    if (!out.empty()) out += ' ';
    const bool plain = !arg.empty() && arg.find_first_not_of(
                                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                           "0123456789_-+=./:,@%") == std::string::npos;
    if (plain) {
      out += arg;
      continue;
    }
    out += '\'';
    for (char c : arg) {
      if (c == '\'') {
        out += "'\\''";
      } else {
        out += c;
      }
    }
    out += '\'';
  }
  return out;
}

}  // namespace

std::map<std::string, std::string> run_properties(const mpi::RunInfo& info, const Otf2WriterOptions& options,
                                                  std::optional<int> exit_code,
                                                  const std::optional<mpi::RunFailure>& failure) {
  std::map<std::string, std::string> out;
  // OTF2 takes an empty value as "remove the property": an empty setting is left out.
  const auto set = [&](const std::string& name, const std::string& value) {
    if (!value.empty()) out[name] = value;
  };
  set(kPropertyMachine, info.machine);
  set(kPropertyMachineDescription, info.machine_description);
  set(kPropertyRanks, std::to_string(info.ranks));
  set(kPropertyRanksPerNode, std::to_string(info.ranks_per_node));
  set(kPropertyComputeMode, info.compute_mode);
  set(kPropertyProgramArgs, shell_quoted(info.program_args));
  set(kPropertyCommandLine, options.command_line);
  set(kPropertyCreator, options.creator);
  set(kPropertyFileDigests, kFileDigestsVersion);
  const TraceFilter& filter = options.filter;
  set(kPropertyTraceRanks, filter.ranks_text);
  set(kPropertyTraceCalls, filter.calls_text);
  if (filter.from_ps > 0) set(kPropertyTraceFrom, std::to_string(filter.from_ps));
  if (filter.to_ps != TraceFilter::kNoEnd) set(kPropertyTraceTo, std::to_string(filter.to_ps));
  if (exit_code) set(kPropertyExitCode, std::to_string(*exit_code));
  if (failure) {
    if (failure->cut_short) set(kPropertyCutShort, "true");
    set(kPropertyFailure, failure->message);
    if (failure->fault_rank >= 0) {
      set(kPropertyFaultRank, std::to_string(failure->fault_rank));
      set(kPropertyFaultSignal, failure->fault_signal);
      set(kPropertyFaultPlace, failure->fault_place);
      set(kPropertyFaultTime, std::to_string(failure->fault_ps));
    }
  }
  for (const mpi::RunSetting& p : info.parameters) set(setting_property_name(SettingKind::Parameter, p.name), p.value);
  for (const mpi::RunSetting& e : info.environment) {
    set(setting_property_name(SettingKind::Environment, e.name), e.value);
  }
  return out;
}

void set_archive_properties(OTF2_Archive* archive, const TraceRecorder& run, const Otf2WriterOptions& options,
                            const Otf2Status& status) {
  const mpi::RunInfo& info = run.info();
  if (!options.creator.empty()) {
    status.check(OTF2_Archive_SetCreator(archive, options.creator.c_str()), "setting the archive's creator");
  }
  if (!info.machine.empty()) {
    status.check(OTF2_Archive_SetMachineName(archive, info.machine.c_str()), "setting the archive's machine name");
  }
  // A job of the system's MPI (pmpi_import.hpp) has no machine model: its library is described.
  const bool simulated = !info.machine.empty();
  std::string description = simulated ? "Crossover simulated run" : "Crossover trace of a job";
  if (!info.program_args.empty()) description += " of " + shell_quoted(info.program_args);
  description += " on " + std::to_string(info.ranks) + " ranks of " +
                 (simulated ? "the " + info.machine + " model" : info.machine_description);
  status.check(OTF2_Archive_SetDescription(archive, description.c_str()), "setting the archive's description");
  const std::optional<int> exit_code = run.finished() ? std::optional<int>(run.exit_code()) : std::nullopt;
  for (const auto& [name, value] : run_properties(info, options, exit_code, run.failure())) {
    const OTF2_ErrorCode code = OTF2_Archive_SetProperty(archive, name.c_str(), value.c_str(), true);
    if (code != OTF2_SUCCESS) status.fail("setting archive property " + name, code);
  }
}

}  // namespace xo::tracer
