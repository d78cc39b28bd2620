// xo cc / xo c++: the system compiler with the reference MPI's header and libraries, like mpicc.
// Programs are linked with --wrap=main so that the library's __wrap_main runs the program's own
// main once per simulated rank.

#include <cstdio>
#include <cstdlib>

#include "argument_reader.hpp"
#include "child_process.hpp"
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
  return run_process(command, std::string("install it (apt-get install ") + (cplusplus ? "g++" : "gcc") + ") or set " +
                                   (cplusplus ? "CXX" : "CC"));
}

}  // namespace xo::cli
