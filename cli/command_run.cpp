// xo run and xo record: check every setting before the program starts (so a typo is one clear
// message, not a failed simulation), then exec the program with the settings in XO_RUN_*
// variables, which the reference MPI's __wrap_main reads. `record` also names the trace directory.

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string_view>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "launch_options.hpp"
#include "memory_estimate.hpp"
#include "record_job.hpp"
#include "trace_directory.hpp"
#include "unknown_env.hpp"
#include "xo/hwmodels/machine_setup.hpp"
#include "xo/tracer/run_profile.hpp"
#include "xo/tracer/trace_filter.hpp"

namespace xo::cli {

namespace {

struct RunSettings {
  std::string ranks = "1";
  std::string machine = "loggp";
  std::vector<std::string> params;
  std::map<std::string, std::string> environment;  // -e VAR=value
  bool allow_unknown_env = false;                  // -e of variables the program itself reads
  std::string compute = "measured";
  std::string compute_threshold = "1us";
  std::string stack_size = "8M";
  std::string privatize = "on";
  std::string time_limit = "0";          // wall time; 0: none
  std::string virtual_time_limit = "0";  // virtual time; 0: none
  bool quiet = false;
  std::vector<std::string> program;  // program and its arguments
  // xo record only.
  std::string trace_dir;  // -o DIR; default PROGRAM.otf2
  bool force = false;     // replace an existing archive in trace_dir
  std::string mpi;        // --mpi: a job of the system's MPI (record_job.hpp)
  // What of the run to trace (xo/tracer/trace_filter.hpp): empty for all.
  std::string trace_ranks;
  std::string trace_calls;
  std::string trace_from;
  std::string trace_to;
  bool profile = false;  // --profile: the run's profile and no trace (xo/tracer/run_profile.hpp)
};

// A --trace-from / --trace-to time in picoseconds; `fallback` if not given.
std::int64_t trace_time_ps(const std::string& option, const std::string& value, std::int64_t fallback) {
  if (value.empty()) return fallback;
  const std::int64_t ns = mpi::parse_duration_ns(value);
  if (ns < 0) {
    throw UsageError(option + "=" + value +
                     " is not a time: give a virtual time with ns, us, ms or s (for example 1.5ms, 200us)");
  }
  return ns * 1000;
}

// Checks the --trace-* options and hands them to the program's run (trace_filter.hpp).
void set_trace_filter(const RunSettings& s) {
  const std::int64_t from = trace_time_ps("--trace-from", s.trace_from, 0);
  const std::int64_t to = trace_time_ps("--trace-to", s.trace_to, tracer::TraceFilter::kNoEnd);
  std::string error;
  if (!s.trace_ranks.empty() && !tracer::RankList::parse(s.trace_ranks, error)) {
    throw UsageError("--trace-ranks " + s.trace_ranks + ": " + error + " (for example 0-15,32,every:64)");
  }
  if (!s.trace_calls.empty() && !tracer::CallRules::parse(s.trace_calls, error)) {
    throw UsageError("--trace-calls " + s.trace_calls + ": " + error + " (for example p2p,-MPI_Iprobe)");
  }
  if (to <= from) {
    throw UsageError("--trace-from " + s.trace_from + " --trace-to " + s.trace_to +
                     ": the window is empty; --trace-to must come after --trace-from");
  }
  if (s.profile && (!s.trace_ranks.empty() || !s.trace_calls.empty() || !s.trace_from.empty() || !s.trace_to.empty())) {
    throw UsageError(
        "--profile keeps every rank's profile and no trace; drop the --trace-* options, or drop "
        "--profile for a trace of part of the run (a profile is written beside every trace)");
  }
  setenv(tracer::kEnvProfileOnly, s.profile ? "1" : "0", 1);
  setenv(tracer::kEnvTraceRanks, s.trace_ranks.c_str(), 1);
  setenv(tracer::kEnvTraceCalls, s.trace_calls.c_str(), 1);
  setenv(tracer::kEnvTraceFrom, std::to_string(from).c_str(), 1);
  setenv(tracer::kEnvTraceTo, std::to_string(to).c_str(), 1);
}

RunSettings parse(const char* command, const std::vector<std::string>& args) {
  RunSettings s;
  // As mpirun, xo run takes its machine from XO_RUN_MACHINE when --machine is not given.
  if (const char* machine = std::getenv(mpi::kEnvMachine); machine != nullptr && *machine != '\0') s.machine = machine;
  const bool record = std::strcmp(command, "record") == 0;
  ArgumentReader reader(command, args);
  while (reader.at_option()) {
    const std::string name = reader.option_name();
    if (record && (name == "-o" || name == "--output")) {
      s.trace_dir = reader.take_value();
    } else if (record && name == "--mpi") {
      s.mpi = reader.take_value();
    } else if (record && name == "--profile") {
      reader.take_flag();
      s.profile = true;
    } else if (record && name == "--trace-ranks") {
      s.trace_ranks = reader.take_value();
    } else if (record && name == "--trace-calls") {
      s.trace_calls = reader.take_value();
    } else if (record && name == "--trace-from") {
      s.trace_from = reader.take_value();
    } else if (record && name == "--trace-to") {
      s.trace_to = reader.take_value();
    } else if (record && name == "--force") {
      reader.take_flag();
      s.force = true;
    } else if (name == "-n" || name == "-np" || name == "--ranks") {
      s.ranks = reader.take_value();
    } else if (name == "--machine" || name == "-m") {
      s.machine = reader.take_value();
    } else if (name == "--param" || name == "-p") {
      reader.take_param(s.params);
    } else if (name == "--ranks-per-node" || name == "-N") {
      reader.take_ranks_per_node(s.params);
    } else if (name == "-e" || name == "--env") {
      reader.take_env_setting(s.environment);
    } else if (name == "--allow-unknown-env") {
      reader.take_flag();
      s.allow_unknown_env = true;
    } else if (name == "--compute") {
      s.compute = reader.take_value();
    } else if (name == "--compute-threshold") {
      s.compute_threshold = reader.take_value();
    } else if (name == "--time-limit") {
      s.time_limit = reader.take_value();
    } else if (name == "--virtual-time-limit") {
      s.virtual_time_limit = reader.take_value();
    } else if (name == "--stack-size") {
      s.stack_size = reader.take_value();
    } else if (name == "--privatize") {
      s.privatize = reader.take_value();
    } else if (name == "-q" || name == "--quiet") {
      reader.take_flag();
      s.quiet = true;
    } else {
      reader.unknown_option();
    }
  }
  reader.take_separator();
  s.program = reader.rest();
  return s;
}

void validate_ranks(const std::string& text) {
  char* end = nullptr;
  errno = 0;
  const long n = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || n < 1 || n > (1L << 24)) {
    throw UsageError("-n " + text + ": the rank count must be a whole number from 1 to 16777216");
  }
}

// Creates the machine with every override applied: the same checks the program will make.
void validate_machine(const RunSettings& s) {
  const auto machine =
      hw::configured_machine(s.machine, static_cast<int>(std::strtol(s.ranks.c_str(), nullptr, 10)), s.params,
                             [&](const char* name) -> const char* {
                               const auto it = s.environment.find(name);
                               return it != s.environment.end() ? it->second.c_str() : std::getenv(name);
                             });
  if (!s.allow_unknown_env) refuse_unknown_env(*machine, s.machine, s.environment, true);
}

// The program's path: as given if it has a '/', else looked up in PATH like a shell would.
std::string locate(const std::string& program) {
  auto usable = [](const std::string& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos) {
    if (usable(program)) return program;
  } else if (const char* path = std::getenv("PATH")) {
    std::string_view dirs(path);
    while (!dirs.empty()) {
      const auto colon = dirs.find(':');
      const std::string candidate = std::string(dirs.substr(0, colon)) + "/" + program;
      if (usable(candidate)) return candidate;
      dirs = colon == std::string_view::npos ? std::string_view() : dirs.substr(colon + 1);
    }
  }
  throw UsageError("cannot run '" + program + "': no such executable file; build it with `xo cc " + program + ".c -o " +
                   program + "` (and give its path, e.g. ./" + program + ")");
}

// Programs built by `xo cc` contain the reference MPI's __wrap_main.
bool built_by_xo(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return false;
  struct stat st {};
  bool found = false;
  if (fstat(fd, &st) == 0 && st.st_size > 0) {
    void* data = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (data != MAP_FAILED) {
      static constexpr char kMarker[] = "__wrap_main";
      found = memmem(data, static_cast<std::size_t>(st.st_size), kMarker, sizeof kMarker - 1) != nullptr;
      munmap(data, static_cast<std::size_t>(st.st_size));
    }
  }
  close(fd);
  return found;
}

}  // namespace

// Checks the settings and replaces this process with the program; returns only by throwing.
[[noreturn]] void launch(const char* command, const RunSettings& s) {
  validate_ranks(s.ranks);
  const std::string ranks_option = std::string("xo ") + command + " -n " + s.ranks;
  const std::int64_t ranks = std::strtol(s.ranks.c_str(), nullptr, 10);
  refuse_ranks_beyond_memory(ranks, ranks_option);  // before anything else: the program may not exist yet
  validate_machine(s);
  if (s.compute != "none" && s.compute != "measured") {
    throw UsageError("--compute=" + s.compute + " is not a compute mode; use none or measured");
  }
  if (mpi::parse_duration_ns(s.compute_threshold) < 0) {
    throw UsageError("--compute-threshold=" + s.compute_threshold +
                     " is not a duration: give a number with ns, us, ms or s (for example 1us, 500ns), or 0");
  }
  if (mpi::parse_duration_ns(s.time_limit) < 0) {
    throw UsageError("--time-limit=" + s.time_limit +
                     " is not a duration: give a number with s, m or h (for example 90s, 10m, 1h), or 0 for none");
  }
  if (mpi::parse_duration_ns(s.virtual_time_limit) < 0) {
    throw UsageError("--virtual-time-limit=" + s.virtual_time_limit +
                     " is not a duration: give a number with ns, us, ms, s, m or h (for example 2s, 500ms), or 0 "
                     "for none");
  }
  if (s.privatize != "on" && s.privatize != "off") {
    throw UsageError("--privatize=" + s.privatize +
                     " is not a privatization mode; use on (a private copy of the "
                     "program per rank, the default) or off (the ranks share its globals)");
  }
  if (mpi::parse_byte_size(s.stack_size) < 16 * 1024) {
    throw UsageError("--stack-size=" + s.stack_size + " is invalid: give at least 16K (suffixes K, M, G)");
  }
  if (s.program.empty()) {
    throw UsageError(std::string("no program to run; usage: xo ") + command +
                     (std::strcmp(command, "record") == 0 ? " [options] [-o DIR] [--] PROGRAM [ARGS...]"
                                                          : " [options] [--] PROGRAM [ARGS...]"));
  }
  const std::string path = locate(s.program[0]);
  if (!built_by_xo(path)) {
    throw UsageError("'" + s.program[0] +
                     "' was not built against the reference MPI; rebuild it with `xo cc` or "
                     "`xo c++` (for example: xo cc app.c -o app)");
  }
  if (s.privatize == "on") refuse_ranks_beyond_memory(ranks, ranks_option, private_data_per_rank(path));

  std::string params;
  for (const std::string& p : s.params) params += p + "\n";
  setenv(mpi::kEnvRanks, s.ranks.c_str(), 1);
  setenv(mpi::kEnvMachine, s.machine.c_str(), 1);
  setenv(mpi::kEnvParams, params.c_str(), 1);
  setenv(mpi::kEnvCompute, s.compute.c_str(), 1);
  setenv(mpi::kEnvComputeThreshold, s.compute_threshold.c_str(), 1);
  setenv(mpi::kEnvStack, s.stack_size.c_str(), 1);
  setenv(mpi::kEnvPrivatize, s.privatize.c_str(), 1);
  setenv(mpi::kEnvTimeLimit, s.time_limit.c_str(), 1);
  setenv(mpi::kEnvVirtualTimeLimit, s.virtual_time_limit.c_str(), 1);
  setenv(mpi::kEnvQuiet, s.quiet ? "1" : "0", 1);
  for (const auto& [name, value] : s.environment) setenv(name.c_str(), value.c_str(), 1);
  if (!s.trace_dir.empty()) {
    setenv(mpi::kEnvTrace, s.trace_dir.c_str(), 1);
    set_trace_filter(s);
  } else {
    unsetenv(mpi::kEnvTrace);  // a trace is asked for by xo record, never inherited by xo run
  }

  std::vector<std::string> program = s.program;
  std::vector<char*> argv;
  for (std::string& a : program) argv.push_back(a.data());
  argv.push_back(nullptr);
  execv(path.c_str(), argv.data());
  throw UsageError("cannot run '" + path + "': " + std::strerror(errno));
}

int command_run(const std::vector<std::string>& args) { launch("run", parse("run", args)); }

int command_record(const std::vector<std::string>& args) {
  RunSettings s = parse("record", args);
  if (!s.mpi.empty()) {
    // The job's launcher and MPI decide these; silently dropping them would mislead.
    const RunSettings defaults = parse("record", {});
    if (s.ranks != defaults.ranks || s.machine != defaults.machine || !s.params.empty() || !s.environment.empty() ||
        s.compute != defaults.compute || s.compute_threshold != defaults.compute_threshold ||
        s.stack_size != defaults.stack_size || s.privatize != defaults.privatize) {
      throw UsageError(
          "--mpi traces a job of the system's MPI: its launcher sets the ranks and its MPI does the rest; "
          "drop -n, --machine, --param, -e, --compute, --compute-threshold, --stack-size and --privatize (they are for "
          "simulated runs)");
    }
    std::vector<std::string> typed = {"xo", "record"};
    typed.insert(typed.end(), args.begin(), args.end());
    return record_job({s.mpi, s.trace_dir, s.force, s.quiet, s.program, typed});
  }
  if (s.program.empty()) launch("record", s);  // the usage error
  if (s.trace_dir.empty()) s.trace_dir = default_trace_dir(s.program[0]);
  if (prepare_trace_dir(s.trace_dir, s.force) && !s.quiet) {
    say_trace_moved(s.trace_dir);
  }
  std::vector<std::string> command_line = {"xo", "record"};
  command_line.insert(command_line.end(), args.begin(), args.end());
  setenv(mpi::kEnvCommand, shell_words(command_line).c_str(), 1);
  launch("record", s);
}

}  // namespace xo::cli
