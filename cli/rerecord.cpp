#include "rerecord.hpp"

#include <filesystem>
#include <stdexcept>
#include <vector>

#include "child_process.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/read_trace.hpp"

namespace xo::cli {

analyzer::MpiProfile rerecord(const analyzer::CrossoverRun& run, const RecordedRun& recorded,
                              const std::map<std::string, std::string>& environment, const std::string& compute_mode,
                              const std::string& dir, const std::string& why) {
  std::vector<std::string> command = {std::filesystem::read_symlink("/proc/self/exe").string(),
                                      "record",
                                      "-q",
                                      "--force",
                                      "-o",
                                      dir,
                                      "-n",
                                      std::to_string(recorded.ranks),
                                      "--machine",
                                      recorded.machine,
                                      "--compute",
                                      compute_mode};
  for (const std::string& p : recorded.params) command.insert(command.end(), {"--param", p});
  for (const auto& [name, value] : environment) command.insert(command.end(), {"-e", name + "=" + value});
  command.push_back("--");
  const std::vector<std::string> program = split_shell_words(run.program_args);
  command.insert(command.end(), program.begin(), program.end());
  const ProcessEnd end = run_process_to_end(command, why + " runs xo itself", ChildStdout::ToStderr);
  if (end.signal != 0) throw std::runtime_error(why + ": recording the run again failed: xo record was " + end.text());
  if (end.exit_code != 0) {
    throw std::runtime_error(
        why + ": recording the run again failed (" + end.text() + "); the program must be where the trace says (" +
        (program.empty() ? std::string("?") : program[0]) + "): run xo report from the directory it was recorded in");
  }
  return analyzer::profile_mpi(analyzer::read_trace(dir + "/traces.otf2"));
}

}  // namespace xo::cli
