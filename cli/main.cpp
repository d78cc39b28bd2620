// xo: the Crossover front end. `xo <command> [options]`, in the manner of mpicc and perf.

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "tool_paths.hpp"
#include "xo/analyzer/read_trace.hpp"
#include "xo/calibration/seed_figure.hpp"
#include "xo/db/history_error.hpp"
#include "xo/hwmodels/machine_error.hpp"

namespace {

bool wants_help(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--") return false;
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

int dispatch(const std::string& command, const std::vector<std::string>& args) {
  using namespace xo::cli;
  if (command == "help") return print_help(args.empty() ? "" : args[0]) ? 0 : (print_help(""), 2);
  // `xo cc --help` is the compiler's own help; ours is `xo help cc`. `xo fc --help` is ours (below):
  // what it says of mpif.h, the mpi module and the link, gfortran's own help cannot.
  if (command == "cc") return command_cc(args, Language::C);
  if (command == "c++") return command_cc(args, Language::Cxx);
  if (wants_help(args)) return print_help(command) ? 0 : 2;
  if (command == "fc") return command_cc(args, Language::Fortran);
  if (command == "run") return command_run(args);
  if (command == "record") return command_record(args);
  if (command == "machines") return command_machines(args);
  if (command == "calibrate") return command_calibrate(args);
  if (command == "bench") return command_bench(args);
  if (command == "report") return command_report(args);
  if (command == "compare") return command_compare(args);
  if (command == "check") return command_check(args);
  if (command == "history") return command_history(args);
  if (command == "gui") return command_gui(args);
  throw UsageError("unknown command '" + command +
                   "'; the commands are cc, c++, fc, run, record, report, compare, check, bench, history, machines, "
                   "calibrate, gui and help (see `xo --help`)");
}

}  // namespace

namespace xo::cli {
int dispatch_version() {
  std::printf("xo (Crossover) %s\n", kVersion);
  return 0;
}
}  // namespace xo::cli

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const std::string invoked_as = std::string(argv[0]).substr(std::string(argv[0]).rfind('/') + 1);
  if (invoked_as != "xo") {
    bool handled = false;
    try {
      const int status = xo::cli::run_as_mpi_wrapper(invoked_as, args, &handled);
      if (handled) return status;
    } catch (const std::exception& error) {
      std::fprintf(stderr, "%s: %s\n", invoked_as.c_str(), error.what());
      return 2;
    }
  }
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    xo::cli::print_help("");
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") return xo::cli::dispatch_version();
  const std::string command = args[0];
  args.erase(args.begin());
  try {
    return dispatch(command, args);
  } catch (const xo::cli::UsageError& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 2;
  } catch (const xo::hw::MachineError& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 2;
  } catch (const xo::analyzer::TraceReadError& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 2;
  } catch (const xo::calibration::FigureFileError& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 2;
  } catch (const xo::db::HistoryError& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return error.transient() ? 1 : 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "xo: %s\n", error.what());
    return 1;
  }
}
