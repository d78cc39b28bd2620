// xo answering to the names build systems and scripts expect of an MPI: mpicc, mpicxx (mpic++,
// mpiCC) and mpif90 (mpifort, mpif77) as xo cc, xo c++ and xo fc, and mpirun, mpiexec as xo run. build/bin/mpi/ holds
// them as links to xo, so that PATH=build/bin/mpi:$PATH lets ./configure, Makefiles and CMake's FindMPI use the
// reference MPI unchanged.

#include <cstdlib>
#include <string>
#include <vector>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "launch_options.hpp"

namespace xo::cli {

namespace {

// mpirun/mpiexec options of Open MPI and MPICH that scripts pass, in xo run's terms. Placement
// options (hosts, binding, oversubscription) mean nothing to one simulated machine and are
// dropped; environment options become -e. Anything else goes to xo run, which names what it
// does not know.
std::vector<std::string> launcher_arguments(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--" || (!a.starts_with("-"))) {  // the program: the rest is its own
      out.insert(out.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (a == "--oversubscribe" || a == "--allow-run-as-root" || a == "-allow-run-as-root") continue;
    if ((a == "--bind-to" || a == "-bind-to" || a == "--host" || a == "-host" || a == "-hosts" || a == "--map-by" ||
         a == "-map-by" || a == "-f" || a == "--hostfile" || a == "-hostfile") &&
        has_value) {
      ++i;
      continue;
    }
    if ((a == "-genv" || a == "-env") && i + 2 < args.size()) {
      // mpiexec exports any variable, for the program as much as for its MPI.
      out.insert(out.end(), {"--allow-unknown-env", "-e", args[i + 1] + "=" + args[i + 2]});
      i += 2;
      continue;
    }
    if (a == "-x" && has_value) {  // Open MPI: export VAR or VAR=value
      const std::string& setting = args[++i];
      const char* value = std::getenv(setting.c_str());
      out.insert(out.end(), {"--allow-unknown-env", "-e",
                             setting.find('=') != std::string::npos ? setting : setting + "=" + (value ? value : "")});
      continue;
    }
    out.push_back(a == "-np" ? "-n" : a);
    static const char* const kWithValue[] = {"-n",      "-np", "--ranks", "-m",        "--machine",    "-p",
                                             "--param", "-e",  "--env",   "--compute", "--stack-size", "--privatize"};
    for (const char* option : kWithValue) {
      if (a == option && has_value) out.push_back(args[++i]);
    }
  }
  return out;
}

}  // namespace

int run_as_mpi_wrapper(const std::string& name, const std::vector<std::string>& args, bool* handled) {
  *handled = true;
  if (name == "mpicc") return command_cc(args, Language::C, true);
  if (name == "mpicxx" || name == "mpic++" || name == "mpiCC") return command_cc(args, Language::Cxx, true);
  if (name == "mpif90" || name == "mpifort" || name == "mpif77") return command_cc(args, Language::Fortran, true);
  if (name == "mpirun" || name == "mpiexec") {
    if (args.size() == 1 && (args[0] == "--version" || args[0] == "-V")) return dispatch_version();
    return command_run(launcher_arguments(args));
  }
  *handled = false;
  return 0;
}

}  // namespace xo::cli
