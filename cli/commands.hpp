#pragma once
// The sub-commands of `xo`. Each returns the process exit status and throws UsageError for a
// mistake on the command line.

#include <string>
#include <vector>

namespace xo::cli {

// The language xo cc, xo c++ and xo fc compile.
enum class Language { C, Cxx, Fortran };
// `wrapper`: started as mpicc/mpicxx/mpif90, which take the compiler from XO_CC/XO_CXX/XO_FC but
// not CC/CXX/FC.
int command_cc(const std::vector<std::string>& args, Language language, bool wrapper = false);
int command_run(const std::vector<std::string>& args);
int command_record(const std::vector<std::string>& args);
int command_machines(const std::vector<std::string>& args);
int command_calibrate(const std::vector<std::string>& args);
int command_bench(const std::vector<std::string>& args);
int command_report(const std::vector<std::string>& args);
int command_compare(const std::vector<std::string>& args);
int command_check(const std::vector<std::string>& args);
int command_history(const std::vector<std::string>& args);
int command_gui(const std::vector<std::string>& args);  // execs xo-gui beside xo

// Runs xo under the name it was started as, if that is an MPI wrapper's (mpicc, mpicxx, mpic++,
// mpiCC, mpif90, mpifort, mpif77, mpirun, mpiexec); *handled tells whether it was.
int run_as_mpi_wrapper(const std::string& name, const std::vector<std::string>& args, bool* handled);
// Prints xo's version line; returns 0.
int dispatch_version();

// Help texts: the overview (empty name) or one sub-command's. Returns false for an unknown name.
bool print_help(const std::string& command);

}  // namespace xo::cli
