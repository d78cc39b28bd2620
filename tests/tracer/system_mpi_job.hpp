#pragma once
// A job of the system's own MPI, for the tests of xo record --mpi: a C program built with that
// MPI's mpicc into DIR/job and recorded by xo into DIR/job.otf2 under its launcher.

#include <string>

#include "support/run_command.hpp"

namespace xo::test {

struct SystemMpiJob {
  CommandResult built, recorded;
  bool ok() const { return built.status == 0 && recorded.status == 0; }
  std::string why() const { return built.status != 0 ? built.err + built.out : recorded.err + recorded.out; }
};

// `environment`: variables set for xo (and so for the job), "NAME=value ..." or empty.
inline SystemMpiJob record_system_mpi_job(const std::string& xo, const std::string& compiler, const std::string& launch,
                                          const std::string& source, int ranks, const std::string& dir,
                                          const std::string& environment = "") {
  SystemMpiJob job;
  job.built = run_command(compiler + " " + source + " -o " + dir + "/job");
  if (job.built.status != 0) return job;
  job.recorded =
      run_command("cd " + dir + " && " + environment + (environment.empty() ? "" : " ") + xo +
                  " record --mpi=system -o job.otf2 -- " + launch + " -np " + std::to_string(ranks) + " ./job");
  return job;
}

}  // namespace xo::test
