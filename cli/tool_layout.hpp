#pragma once
// Where `xo cc` finds mpi.h and the libraries programs link, and `xo calibrate` the seed figures:
// in the build tree (paths fixed when xo was built), or, for an installed xo, beside it under the
// install prefix (PREFIX/include/crossover, PREFIX/lib/crossover, PREFIX/share/crossover), so that
// an installed xo never reaches back into the source or build tree.

#include <string>
#include <vector>

namespace xo::cli {

struct ToolLayout {
  std::string include_dir;                    // mpi.h
  std::string fortran_include_dir;            // mpif.h and mpi.mod
  std::string runtime_dir;                    // libxo_runtime.so (-L and -rpath)
  std::string entry_library;                  // __wrap_main
  std::string fortran_entry_library;          // mpif.h's address constants (xo fc)
  std::string interpreter_library;            // the loader path that makes a shared-object program executable
  std::vector<std::string> static_libraries;  // for -static: the runtime in dependency order
  std::string seed_figures;                   // experiments/calibration/seed_figures.csv
  std::string pmpi_openmpi;                   // the PMPI tracers xo record --mpi preloads (tracer/pmpi/)
  std::string pmpi_mpich;
  std::string bench_openmpi;  // the bench programs built against each, for xo bench --mpi
  std::string bench_mpich;
};

const ToolLayout& tool_layout();

}  // namespace xo::cli
