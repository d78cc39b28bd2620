#include "tool_layout.hpp"

#include <unistd.h>

#include <filesystem>

#include "tool_paths.hpp"

namespace xo::cli {

namespace {

namespace fs = std::filesystem;

ToolLayout build_tree_layout() {
  ToolLayout t;
  t.include_dir = kIncludeDir;
  t.fortran_include_dir = kFortranIncludeDir;
  t.runtime_dir = kRuntimeDir;
  t.entry_library = kEntryLibrary;
  t.fortran_entry_library = kFortranEntryLibrary;
  t.interpreter_library = kInterpreterLibrary;
  t.static_libraries = {kProgramLibrary, kTraceLibrary,  kTraceFormatLibrary,
                        kMpiLibrary,     kLaunchLibrary, kModelsLibrary};
  t.seed_figures = kSeedFigures;
  t.pmpi_openmpi = kPmpiOpenMpiLibrary;
  t.pmpi_mpich = kPmpiMpichLibrary;
  t.bench_openmpi = kBenchOpenMpiProgram;
  t.bench_mpich = kBenchMpichProgram;
  return t;
}

ToolLayout installed_layout(const fs::path& prefix) {
  const fs::path lib = prefix / "lib" / "crossover";
  ToolLayout t;
  t.include_dir = prefix / "include" / "crossover";
  t.fortran_include_dir = t.include_dir;
  t.runtime_dir = lib;
  t.entry_library = lib / "libxo_program_entry.a";
  t.fortran_entry_library = lib / "libxo_fortran_entry.a";
  t.interpreter_library = lib / "libxo_program_interpreter.a";
  for (const char* name :
       {"libxo_program.a", "libxotrace.a", "libxotrace_format.a", "libxompi.a", "libxo_launch.a", "libxo_hwmodels.a"}) {
    t.static_libraries.push_back(lib / name);
  }
  t.seed_figures = prefix / "share" / "crossover" / "seed_figures.csv";
  t.pmpi_openmpi = lib / "libxo_pmpi_openmpi.so";
  t.pmpi_mpich = lib / "libxo_pmpi_mpich.so";
  t.bench_openmpi = lib / "xo-bench-openmpi";
  t.bench_mpich = lib / "xo-bench-mpich";
  return t;
}

}  // namespace

const ToolLayout& tool_layout() {
  static const ToolLayout layout = [] {
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    const fs::path prefix = exe.parent_path().parent_path();
    if (!error && fs::exists(prefix / "lib" / "crossover" / "libxo_runtime.so", error)) return installed_layout(prefix);
    return build_tree_layout();
  }();
  return layout;
}

}  // namespace xo::cli
