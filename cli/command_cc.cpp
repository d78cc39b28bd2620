// xo cc / xo c++ / xo fc (and the mpicc, mpicxx, mpif90 wrappers): the system compiler with the
// reference MPI's headers and libraries. xo fc is gfortran with mpif.h and the mpi module on the
// include path and the Fortran bindings' entry library (the storage of mpif.h's address constants,
// reference_mpi/fortran/fortran_sentinels.h) in the link.
//
// A program is linked as a position-independent shared object that is also executable (an entry
// point and a loader path), bound to its own symbols (-Bsymbolic) and to the runtime library
// libxo_runtime.so: that is what lets the launcher load a private copy of it for each rank
// (program/program_copies.hpp). Objects are compiled -fPIC for it, and C++ without GNU unique
// symbols, which the loader would otherwise share between the copies. --wrap=main makes the entry
// point's __wrap_main run first. With -static a program links the static libraries instead; its
// ranks can then only share its globals (xo run --privatize=off).
//
// The wrapper queries build systems use: -show (MPICH: the whole command), -showme (Open MPI: the
// same), -showme:compile / -compile_info and -showme:link / -link_info (the flags of each step;
// those of -showme:link serve a link by another compiler driver, as CMake's FindMPI does, with
// the executable kind that driver makes: a PIE that exports main, which xo run copies as well).

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <utility>

#include "argument_reader.hpp"
#include "child_process.hpp"
#include "commands.hpp"
#include "tool_layout.hpp"
#include "tool_paths.hpp"

namespace xo::cli {

namespace {

// Set in the compiler's environment: an xo cc that finds it was started by its own compiler,
// i.e. $CC leads back to xo, and would start itself without end.
constexpr const char* kInsideXoCc = "XO_CC_ACTIVE";

bool has(const std::vector<std::string>& args, std::string_view flag) {
  for (const std::string& a : args) {
    if (a == flag) return true;
  }
  return false;
}

// Runs that produce no executable get no link flags: -c, -E, -S, dependency-only, and queries.
bool produces_executable(const std::vector<std::string>& args) {
  if (args.empty()) return false;
  for (const std::string& a : args) {
    if (a == "-c" || a == "-E" || a == "-S" || a == "-M" || a == "-MM" || a == "--version" || a == "-dumpversion" ||
        a == "-dumpmachine" || a == "--help" || a.starts_with("-print-")) {
      return false;
    }
  }
  return !(args.size() == 1 && args[0] == "-v");
}

// What differs between the languages: the variables that name the compiler, its default, and the
// Debian package that provides the default.
struct LanguageTraits {
  const char* xo_variable;
  const char* variable;
  const char* default_compiler;
  const char* package;
  const char* command;  // xo's sub-command
  const char* name;
};

const LanguageTraits& traits(Language language) {
  static constexpr LanguageTraits kC = {"XO_CC", "CC", "cc", "gcc", "xo cc", "C"};
  static constexpr LanguageTraits kCxx = {"XO_CXX", "CXX", "c++", "g++", "xo c++", "C++"};
  static constexpr LanguageTraits kFortran = {"XO_FC", "FC", "gfortran", "gfortran", "xo fc", "Fortran"};
  return language == Language::C ? kC : language == Language::Cxx ? kCxx : kFortran;
}

// The compiler and the variable that chose it: XO_CC (XO_CXX, XO_FC), else, for xo cc but not for
// the mpicc wrappers, CC (CXX, FC), else cc (c++, gfortran). mpicc ignores CC as MPICH's and Open
// MPI's do, since `CC=mpicc ./configure` puts it there.
std::pair<std::string, std::string> compiler(Language language, bool wrapper) {
  const LanguageTraits& t = traits(language);
  std::vector<const char*> variables = {t.xo_variable};
  if (!wrapper) variables.push_back(t.variable);
  for (const char* variable : variables) {
    const char* chosen = std::getenv(variable);
    if (chosen != nullptr && *chosen != '\0') return {chosen, variable};
  }
  return {t.default_compiler, ""};
}

// Whether `command` is this very program (xo, or one of its wrapper links), as PATH resolves it.
bool is_this_program(const std::string& command) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path self = fs::canonical("/proc/self/exe", error);
  if (error) return false;
  std::vector<fs::path> candidates;
  if (command.find('/') != std::string::npos) {
    candidates.emplace_back(command);
  } else if (const char* path = std::getenv("PATH")) {
    std::string_view dirs(path);
    while (!dirs.empty()) {
      const auto colon = dirs.find(':');
      candidates.push_back(fs::path(std::string(dirs.substr(0, colon))) / command);
      dirs = colon == std::string_view::npos ? std::string_view() : dirs.substr(colon + 1);
    }
  }
  for (const fs::path& candidate : candidates) {
    if (access(candidate.c_str(), X_OK) != 0) continue;
    return fs::canonical(candidate, error) == self;  // the first executable on PATH is the one run
  }
  return false;
}

bool is_clang(const std::string& compiler) { return compiler.find("clang") != std::string::npos; }

// The C runtime's start file for position-independent programs, from the compiler itself.
std::string start_file(const std::string& compiler) {
  const std::string path = process_output({compiler, "-print-file-name=Scrt1.o"});
  return path.empty() ? "Scrt1.o" : path;
}

// "-lname" for a library file /dir/libname.so: under -static the compiler then takes libname.a.
std::string static_library_flag(std::string_view path) {
  path = path.substr(path.rfind('/') + 1);
  if (path.starts_with("lib")) path.remove_prefix(3);
  path = path.substr(0, path.find(".so"));
  return "-l" + std::string(path);
}

// mpi.h's folder, and for Fortran mpif.h's and mpi.mod's.
std::vector<std::string> include_flags(Language language) {
  const ToolLayout& t = tool_layout();
  std::vector<std::string> flags = {"-I" + t.include_dir};
  // One folder when installed (PREFIX/include/crossover), two in the build tree.
  if (language == Language::Fortran && t.fortran_include_dir != t.include_dir) {
    flags.push_back("-I" + t.fortran_include_dir);
  }
  return flags;
}

// How every object is compiled.
std::vector<std::string> code_flags(const std::string& cc, Language language) {
  // Stack-clash protection makes a large stack frame touch its pages in order, so a rank that
  // outgrows its fiber stack hits the guard page instead of jumping past it into a neighbour's.
  std::vector<std::string> flags = {"-fstack-clash-protection", "-fPIC"};
  if (language != Language::Fortran && !is_clang(cc)) flags.emplace_back("-fno-gnu-unique");
  // mpif.h declares no interfaces, so one buffer argument gets arrays here and scalars there; since
  // gfortran 10 that is an error unless allowed, as the mpif90 of MPICH and Open MPI allow it.
  if (language == Language::Fortran) flags.emplace_back("-fallow-argument-mismatch");
  return flags;
}

std::vector<std::string> compile_flags(const std::string& cc, Language language) {
  std::vector<std::string> flags = include_flags(language);
  const std::vector<std::string> code = code_flags(cc, language);
  flags.insert(flags.end(), code.begin(), code.end());
  return flags;
}

// A Fortran program's entry library: -u makes the linker take its one object from the archive.
std::vector<std::string> fortran_entry_flags(Language language) {
  if (language != Language::Fortran) return {};
  return {"-Wl,-u,xo_fortran_entry", tool_layout().fortran_entry_library};
}

// What another compiler driver adds to link a program against the runtime (-showme:link).
std::vector<std::string> foreign_link_flags(Language language) {
  const ToolLayout& t = tool_layout();
  std::vector<std::string> flags = {"-Wl,--wrap=main", "-Wl,--export-dynamic-symbol=main", t.entry_library};
  const std::vector<std::string> fortran = fortran_entry_flags(language);
  flags.insert(flags.end(), fortran.begin(), fortran.end());
  flags.insert(flags.end(), {"-L" + t.runtime_dir, "-lxo_runtime", "-Wl,-rpath," + t.runtime_dir});
  return flags;
}

std::vector<std::string> link_flags(const std::string& cc, Language language, bool static_link, bool library) {
  const ToolLayout& t = tool_layout();
  const std::vector<std::string> fortran = fortran_entry_flags(language);
  if (static_link) {
    // Static libraries in dependency order: the entry point, the tracer, the MPI, its models.
    std::vector<std::string> flags = {"-Wl,--wrap=main", t.entry_library};
    flags.insert(flags.end(), fortran.begin(), fortran.end());
    flags.insert(flags.end(), t.static_libraries.begin(), t.static_libraries.end());
    flags.insert(flags.end(), {static_library_flag(kOtf2Library), static_library_flag(kContextLibrary)});
    flags.insert(flags.end(), std::begin(kDwarfStaticFlags), std::end(kDwarfStaticFlags));
    flags.insert(flags.end(), {"-lstdc++", "-lm", "-lpthread"});
    return flags;
  }
  if (library) return {"-L" + t.runtime_dir, "-lxo_runtime"};
  std::vector<std::string> flags = {
      "-shared",         "-Wl,-e,_start",      start_file(cc),           "-Wl,-Bsymbolic",
      "-Wl,--wrap=main", "-Wl,--no-undefined", "-Wl,-z,noseparate-code", "-Wl,-u,xo_program_interpreter",
      t.entry_library,   t.interpreter_library};
  flags.insert(flags.end(), fortran.begin(), fortran.end());
  flags.insert(flags.end(), {"-L" + t.runtime_dir, "-lxo_runtime", "-Wl,-rpath," + t.runtime_dir});
  return flags;
}

void print_words(const std::vector<std::string>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) std::printf("%s%s", i ? " " : "", words[i].c_str());
  std::printf("\n");
}

}  // namespace

int command_cc(const std::vector<std::string>& user_args, Language language, bool wrapper) {
  const LanguageTraits& traits_of = traits(language);
  const auto [cc, variable] = compiler(language, wrapper);
  if (std::getenv(kInsideXoCc) != nullptr || is_this_program(cc)) {
    const std::string name = variable.empty() ? std::string(traits_of.variable) : variable;
    std::fprintf(stderr,
                 "xo: %s=%s leads back to %s (it is xo, an mpi wrapper, or a wrapper around them); set %s to the "
                 "%s compiler itself, for example %s\n",
                 name.c_str(), cc.c_str(), traits_of.command, name.c_str(), traits_of.name, traits_of.package);
    return 2;
  }
  std::vector<std::string> args;
  enum class Query { None, Command, Compile, Link } query = Query::None;
  for (const std::string& a : user_args) {
    if (a == "--show" || a == "-show" || a == "-showme") {
      query = Query::Command;
    } else if (a == "-showme:compile" || a == "-compile_info" || a == "-compile-info") {
      query = a == "-showme:compile" ? Query::Compile : Query::Command;
      if (a != "-showme:compile") args.emplace_back("-c");
    } else if (a == "-showme:link" || a == "-link_info" || a == "-link-info") {
      query = a == "-showme:link" ? Query::Link : Query::Command;
    } else {
      args.push_back(a);
    }
  }
  if (query == Query::Compile) {
    print_words(compile_flags(cc, language));
    return 0;
  }
  if (query == Query::Link) {
    print_words(foreign_link_flags(language));
    return 0;
  }
  const bool static_link = has(args, "-static");
  const bool library = has(args, "-shared");
  const bool link = produces_executable(args) || (query == Query::Command && !has(args, "-c"));
  // -pie and -no-pie name the kind of executable; xo cc decides it (a shared object).
  if (link && !static_link && !library) {
    std::erase_if(args, [](const std::string& a) { return a == "-pie" || a == "-no-pie" || a == "-static-pie"; });
  }
  std::vector<std::string> command = {cc};
  const std::vector<std::string> includes = include_flags(language);
  const std::vector<std::string> code = code_flags(cc, language);
  // The include path first, -fPIC after the user's flags so that a -fPIE from a build system does
  // not undo it.
  command.insert(command.end(), includes.begin(), includes.end());
  command.insert(command.end(), args.begin(), args.end());
  command.insert(command.end(), code.begin(), code.end());
  if (link) {
    const std::vector<std::string> flags = link_flags(cc, language, static_link, library);
    command.insert(command.end(), flags.begin(), flags.end());
  }
  if (query == Query::Command) {
    print_words(command);
    return 0;
  }
  setenv(kInsideXoCc, "1", 1);
  return run_process(
      command, std::string("install it (apt-get install ") + traits_of.package + ") or set " + traits_of.variable);
}

}  // namespace xo::cli
