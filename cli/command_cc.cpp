// xo cc / xo c++: the system compiler with the reference MPI's header and libraries, like mpicc.
//
// A program is linked as a position-independent shared object that is also executable (an entry
// point and a loader path), bound to its own symbols (-Bsymbolic) and to the runtime library
// libxo_runtime.so: that is what lets the launcher load a private copy of it for each rank
// (program/program_copies.hpp). Objects are compiled -fPIC for it, and C++ without GNU unique
// symbols, which the loader would otherwise share between the copies. --wrap=main makes the entry
// point's __wrap_main run first. With -static a program links the static libraries instead; its
// ranks can then only share its globals (xo run --privatize=off).

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "argument_reader.hpp"
#include "child_process.hpp"
#include "commands.hpp"
#include "tool_paths.hpp"

namespace xo::cli {

namespace {

bool has(const std::vector<std::string>& args, std::string_view flag) {
  for (const std::string& a : args) {
    if (a == flag) return true;
  }
  return false;
}

// -c, -E, -S and dependency-only runs produce no executable, so they get no link flags.
bool compile_only(const std::vector<std::string>& args) {
  return has(args, "-c") || has(args, "-E") || has(args, "-S") || has(args, "-M") || has(args, "-MM");
}

std::string compiler(bool cplusplus) {
  const char* chosen = std::getenv(cplusplus ? "CXX" : "CC");
  return chosen != nullptr && *chosen != '\0' ? chosen : (cplusplus ? "c++" : "cc");
}

// "-lname" for a library file /dir/libname.so: under -static the compiler then takes libname.a.
std::string static_library_flag(std::string_view path) {
  path = path.substr(path.rfind('/') + 1);
  if (path.starts_with("lib")) path.remove_prefix(3);
  path = path.substr(0, path.find(".so"));
  return "-l" + std::string(path);
}

bool is_clang(const std::string& compiler) { return compiler.find("clang") != std::string::npos; }

// The C runtime's start file for position-independent programs, from the compiler itself.
std::string start_file(const std::string& compiler) {
  const std::string path = process_output({compiler, "-print-file-name=Scrt1.o"});
  return path.empty() ? "Scrt1.o" : path;
}

}  // namespace

int command_cc(const std::vector<std::string>& user_args, bool cplusplus) {
  std::vector<std::string> args = user_args;
  bool show = false;
  std::erase_if(args, [&](const std::string& a) { return a == "--show" ? (show = true) : false; });
  const bool static_link = has(args, "-static");
  const bool library = has(args, "-shared");
  const bool link = !compile_only(args) && !args.empty();
  // -pie and -no-pie name the kind of executable; xo cc decides it (a shared object).
  if (link && !static_link && !library) {
    std::erase_if(args, [](const std::string& a) { return a == "-pie" || a == "-no-pie" || a == "-static-pie"; });
  }
  const std::string cc = compiler(cplusplus);
  // Stack-clash protection makes a large stack frame touch its pages in order, so a rank that
  // outgrows its fiber stack hits the guard page instead of jumping past it into a neighbour's.
  std::vector<std::string> command = {cc, std::string("-I") + kIncludeDir, "-fstack-clash-protection"};
  command.insert(command.end(), args.begin(), args.end());
  // After the user's flags, so that a -fPIE from a build system does not undo them.
  command.emplace_back("-fPIC");
  if (!is_clang(cc)) command.emplace_back("-fno-gnu-unique");
  if (link && static_link) {
    // Static libraries in dependency order: the entry point, the tracer, the MPI, its models.
    command.insert(command.end(), {"-Wl,--wrap=main", kEntryLibrary, kProgramLibrary, kTraceLibrary,
                                   kTraceFormatLibrary, kMpiLibrary, kLaunchLibrary, kModelsLibrary,
                                   static_library_flag(kOtf2Library), static_library_flag(kContextLibrary), "-lstdc++",
                                   "-lm", "-lpthread"});
  } else if (link && library) {
    command.insert(command.end(), {std::string("-L") + kRuntimeDir, "-lxo_runtime"});
  } else if (link) {
    command.insert(command.end(), {"-shared", "-Wl,-e,_start", start_file(cc), "-Wl,-Bsymbolic", "-Wl,--wrap=main",
                                   "-Wl,--no-undefined", "-Wl,-z,noseparate-code", "-Wl,-u,xo_program_interpreter",
                                   kEntryLibrary, kInterpreterLibrary, std::string("-L") + kRuntimeDir,
                                   "-lxo_runtime", std::string("-Wl,-rpath,") + kRuntimeDir});
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
