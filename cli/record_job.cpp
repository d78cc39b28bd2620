#include "record_job.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

#include "argument_reader.hpp"
#include "child_process.hpp"
#include "tool_layout.hpp"
#include "tool_paths.hpp"
#include "trace_directory.hpp"
#include "xo/tracer/pmpi_import.hpp"
#include "xo/tracer/pmpi_log.h"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;

// The command's file as the shell would find it, symbolic links resolved (Debian's mpirun is a
// link through /etc/alternatives to orterun or mpiexec.hydra).
std::string resolved_command(const std::string& program) {
  std::error_code error;
  if (program.find('/') != std::string::npos) return fs::weakly_canonical(program, error).string();
  if (const char* path = std::getenv("PATH")) {
    std::string dirs = path;
    for (std::size_t start = 0; start <= dirs.size();) {
      const std::size_t colon = std::min(dirs.find(':', start), dirs.size());
      const fs::path candidate = fs::path(dirs.substr(start, colon - start)) / program;
      if (access(candidate.c_str(), X_OK) == 0) return fs::canonical(candidate, error).string();
      start = colon + 1;
    }
  }
  throw UsageError("cannot run '" + program + "': not found in PATH");
}

const char* mpi_name(const std::string& mpi) { return mpi == "openmpi" ? "Open MPI" : "MPICH"; }

// The MPI a program of the command links (its file names libmpi.so.N, Open MPI's, or
// libmpich.so.N among the libraries it needs), for the first word that is such a program; "" if
// none is.
std::string linked_mpi(const std::vector<std::string>& words, std::size_t from) {
  for (std::size_t i = from; i < words.size(); ++i) {
    std::error_code error;
    if (words[i].empty() || words[i][0] == '-' || !fs::is_regular_file(words[i], error)) continue;
    std::ifstream in(words[i], std::ios::binary);
    std::string head(1 << 20, '\0');  // the dynamic string table is near the start
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    if (head.rfind("\x7f"
                   "ELF",
                   0) != 0)
      continue;
    if (head.find("libmpich.so.") != std::string::npos) return "mpich";
    if (head.find("libmpi.so.") != std::string::npos) return "openmpi";
  }
  return "";
}

}  // namespace

// Debian's plain mpirun may be one MPI's while mpicc is the other's: launcher and program must agree.
std::string job_mpi(const JobRecording& job) {
  if (job.mpi == "openmpi" || job.mpi == "mpich") return job.mpi;
  if (job.mpi != "system") throw UsageError("--mpi=" + job.mpi + ": choose system, openmpi or mpich");
  // `env VAR=value ... mpirun`: the launcher is the first word that is not env's.
  std::size_t first = 0;
  if (fs::path(job.command[0]).filename() == "env") {
    first = 1;
    while (first < job.command.size() &&
           (job.command[first].find('=') != std::string::npos || job.command[first][0] == '-'))
      ++first;
    if (first == job.command.size()) throw UsageError("'" + shell_words(job.command) + "' runs no launcher");
  }
  const std::string launcher = resolved_command(job.command[first]);
  const std::string name = fs::path(launcher).filename().string();
  std::string by_launcher;
  if (name.find("orterun") != std::string::npos || name.find("openmpi") != std::string::npos ||
      name.find("prterun") != std::string::npos) {
    by_launcher = "openmpi";
  } else if (name.find("hydra") != std::string::npos || name.find("mpich") != std::string::npos) {
    by_launcher = "mpich";
  }
  const std::string by_program = linked_mpi(job.command, first + 1);
  if (!by_launcher.empty() && !by_program.empty() && by_launcher != by_program) {
    throw UsageError("the program is built with " + std::string(mpi_name(by_program)) + " but '" + job.command[first] +
                     "' (" + launcher + ") is " + mpi_name(by_launcher) + "'s launcher: start it with " +
                     (by_program == "mpich" ? "mpirun.mpich" : "mpirun.openmpi") + ", or build it with " +
                     (by_launcher == "mpich" ? "mpicc.mpich" : "mpicc.openmpi"));
  }
  if (!by_launcher.empty()) return by_launcher;
  if (!by_program.empty()) return by_program;
  throw UsageError("cannot tell which MPI '" + job.command[first] + "' (" + launcher +
                   ") launches: give --mpi=openmpi or --mpi=mpich");
}

namespace {

// The variables of the job's MPI that were set (Open MPI's OMPI_MCA_*, MPICH's MPIR_CVAR_*, and
// UCX_* of the UCX layer both may run over), in xo's environment or by an `env` that starts the
// command: they are the settings its trace ran with.
std::vector<mpi::RunSetting> mpi_variables(const std::vector<std::string>& command) {
  std::map<std::string, std::string> set;
  auto take = [&](const std::string& entry) {
    const std::size_t equals = entry.find('=');
    const std::string name = entry.substr(0, equals);
    const bool of_mpi =
        name.rfind("OMPI_MCA_", 0) == 0 || name.rfind("MPIR_CVAR_", 0) == 0 || name.rfind("UCX_", 0) == 0;
    if (equals == std::string::npos || !of_mpi) return;
    set[name] = entry.substr(equals + 1);
  };
  for (char** e = environ; *e != nullptr; ++e) take(*e);
  if (!command.empty() && fs::path(command[0]).filename() == "env") {
    for (std::size_t i = 1; i < command.size() && command[i].find('=') != std::string::npos; ++i) take(command[i]);
  }
  std::vector<mpi::RunSetting> out;
  for (const auto& [name, value] : set) out.push_back({name, value});
  return out;
}

void ignore(int) {}

}  // namespace

int record_job(const JobRecording& job) {
  if (job.command.empty()) {
    throw UsageError("give the job's command after --: xo record --mpi=system -o DIR -- mpirun -np 4 ./app");
  }
  if (job.trace_dir.empty()) throw UsageError("--mpi needs -o DIR: where the job's trace goes");
  const std::string mpi = job_mpi(job);
  const std::string library = mpi == "openmpi" ? tool_layout().pmpi_openmpi : tool_layout().pmpi_mpich;
  if (prepare_trace_dir(job.trace_dir, job.force) && !job.quiet) {
    say_trace_moved(job.trace_dir);
  }
  const fs::path logs = fs::absolute(fs::path(job.trace_dir) / "rank-logs");
  std::error_code error;
  fs::remove_all(logs, error);
  fs::create_directories(logs, error);
  if (error) throw UsageError("cannot make " + logs.string() + ": " + error.message());

  std::string preload = library;
  if (const char* more = std::getenv("LD_PRELOAD"); more != nullptr && *more != '\0') preload.append(":").append(more);
  setenv("LD_PRELOAD", preload.c_str(), 1);
  setenv(XO_PMPI_DIR_VARIABLE, logs.c_str(), 1);
  // Ctrl-C and SIGTERM end the job, not xo: what ran is still written as a trace. (A caught
  // signal's handler is reset in the child, so the job itself stops as usual.)
  struct sigaction quiet {};
  quiet.sa_handler = ignore;
  sigaction(SIGINT, &quiet, nullptr);
  sigaction(SIGTERM, &quiet, nullptr);
  const int status = run_process(job.command, "xo: cannot run '" + job.command[0] + "'",
                                 job.output_to_stderr ? ChildStdout::ToStderr : ChildStdout::Inherited);
  unsetenv("LD_PRELOAD");

  tracer::PmpiJob recorded{logs.string(), job.command, mpi_variables(job.command), status};
  tracer::PmpiImport imported;
  try {
    imported = tracer::import_pmpi_job(recorded, job.trace_dir,
                                       {std::string("xo ") + kVersion, shell_words(job.command_line)});
  } catch (const std::runtime_error& e) {
    fs::remove(logs, error);  // an empty directory only: logs that could not be read stay for a look
    if (status != 0 && fs::is_empty(job.trace_dir, error)) {
      throw std::runtime_error("the job ended with status " + std::to_string(status) +
                               " before any rank started tracing (see its messages above): nothing to record");
    }
    throw;
  }
  fs::remove_all(logs, error);
  if (!job.quiet) {
    std::string missing;
    if (imported.ranks_logged < imported.ranks) {
      missing = ", " + std::to_string(imported.ranks - imported.ranks_logged) + " ranks left no log";
    }
    std::fprintf(stderr, "xo: %d ranks of %s: trace written to %s (%llu records%s)\n", imported.ranks,
                 imported.library.c_str(), job.trace_dir.c_str(), static_cast<unsigned long long>(imported.records),
                 missing.c_str());
    if (imported.other_thread_calls > 0) {
      std::fprintf(stderr,
                   "xo: %llu MPI calls from threads other than the one that called MPI_Init are not in the trace "
                   "(one location per rank); messages they sent or received show as unmatched\n",
                   static_cast<unsigned long long>(imported.other_thread_calls));
    }
  }
  return status;
}

}  // namespace xo::cli
