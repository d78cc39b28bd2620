#include "archive_properties.hpp"

#include <string>
#include <vector>

#include "xo/tracer/trace_filter.hpp"
#include "xo/tracer/trace_properties.hpp"

namespace xo::tracer {

namespace {

// OTF2 takes an empty value as "remove the property": an empty setting is left out.
void set(OTF2_Archive* archive, const std::string& name, const std::string& value, const Otf2Status& status) {
  if (value.empty()) return;
  const OTF2_ErrorCode code = OTF2_Archive_SetProperty(archive, name.c_str(), value.c_str(), true);
  if (code != OTF2_SUCCESS) status.fail("setting archive property " + name, code);
}

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

  set(archive, kPropertyMachine, info.machine, status);
  set(archive, kPropertyMachineDescription, info.machine_description, status);
  set(archive, kPropertyRanks, std::to_string(info.ranks), status);
  set(archive, kPropertyRanksPerNode, std::to_string(info.ranks_per_node), status);
  set(archive, kPropertyComputeMode, info.compute_mode, status);
  set(archive, kPropertyProgramArgs, shell_quoted(info.program_args), status);
  set(archive, kPropertyCommandLine, options.command_line, status);
  set(archive, kPropertyCreator, options.creator, status);
  set(archive, kPropertyFileDigests, kFileDigestsVersion, status);
  const TraceFilter& filter = options.filter;
  set(archive, kPropertyTraceRanks, filter.ranks_text, status);
  set(archive, kPropertyTraceCalls, filter.calls_text, status);
  if (filter.from_ps > 0) set(archive, kPropertyTraceFrom, std::to_string(filter.from_ps), status);
  if (filter.to_ps != TraceFilter::kNoEnd) set(archive, kPropertyTraceTo, std::to_string(filter.to_ps), status);
  if (run.finished()) set(archive, kPropertyExitCode, std::to_string(run.exit_code()), status);
  if (const std::optional<mpi::RunFailure>& failure = run.failure()) {
    if (failure->cut_short) set(archive, kPropertyCutShort, "true", status);
    set(archive, kPropertyFailure, failure->message, status);
    if (failure->fault_rank >= 0) {
      set(archive, kPropertyFaultRank, std::to_string(failure->fault_rank), status);
      set(archive, kPropertyFaultSignal, failure->fault_signal, status);
      set(archive, kPropertyFaultPlace, failure->fault_place, status);
      set(archive, kPropertyFaultTime, std::to_string(failure->fault_ps), status);
    }
  }
  for (const mpi::RunSetting& p : info.parameters) {
    set(archive, setting_property_name(SettingKind::Parameter, p.name), p.value, status);
  }
  for (const mpi::RunSetting& e : info.environment) {
    set(archive, setting_property_name(SettingKind::Environment, e.name), e.value, status);
  }
}

}  // namespace xo::tracer
