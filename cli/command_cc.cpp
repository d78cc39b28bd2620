// xo cc / xo c++: the system compiler with the reference MPI's header and libraries, like mpicc.
// Programs are linked with --wrap=main so that the library's __wrap_main runs the program's own
// main once per simulated rank.

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "tool_paths.hpp"

namespace xo::cli {

namespace {

// -c, -E, -S and dependency-only runs produce no executable, so they get no link flags.
bool compile_only(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "-c" || a == "-E" || a == "-S" || a == "-M" || a == "-MM") return true;
  }
  return false;
}

std::string compiler(bool cplusplus) {
  const char* chosen = std::getenv(cplusplus ? "CXX" : "CC");
  return chosen != nullptr && *chosen != '\0' ? chosen : (cplusplus ? "c++" : "cc");
}

}  // namespace

int command_cc(const std::vector<std::string>& user_args, bool cplusplus) {
  std::vector<std::string> args = user_args;
  bool show = false;
  std::erase_if(args, [&](const std::string& a) { return a == "--show" ? (show = true) : false; });
  // Stack-clash protection makes a large stack frame touch its pages in order, so a rank that
  // outgrows its fiber stack hits the guard page instead of jumping past it into a neighbour's.
  std::vector<std::string> command = {compiler(cplusplus), std::string("-I") + kIncludeDir,
                                      "-fstack-clash-protection"};
  command.insert(command.end(), args.begin(), args.end());
  if (!compile_only(args) && !args.empty()) {
    // Static libraries in dependency order: the entry point, the tracer, the MPI, its models.
    command.insert(command.end(), {"-Wl,--wrap=main", kProgramLibrary, kTraceLibrary, kTraceFormatLibrary, kMpiLibrary, kLaunchLibrary,
                                   kModelsLibrary, kOtf2Library, kContextLibrary, "-lstdc++", "-lm", "-lpthread"});
  }
  if (show) {
    for (std::size_t i = 0; i < command.size(); ++i) std::printf("%s%s", i ? " " : "", command[i].c_str());
    std::printf("\n");
    return 0;
  }
  std::vector<char*> argv;
  for (std::string& c : command) argv.push_back(c.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "xo: cannot run the compiler '%s': %s; install it (apt-get install %s) or set %s\n",
                 argv[0], std::strerror(errno), cplusplus ? "g++" : "gcc", cplusplus ? "CXX" : "CC");
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) throw UsageError(std::string("cannot start the compiler: ") + std::strerror(errno));
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace xo::cli
