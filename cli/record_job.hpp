#pragma once
// xo record --mpi: a job of the system's own MPI (Open MPI or MPICH) traced by preloading the
// matching PMPI tracer (tracer/pmpi/) into the command the user gives (mpirun ...), each rank
// writing its log, and the logs made one OTF2 archive when the job has ended, however it ended.

#include <string>
#include <vector>

namespace xo::cli {

struct JobRecording {
  std::string mpi;        // system, openmpi or mpich
  std::string trace_dir;  // -o
  bool force = false;
  bool quiet = false;
  std::vector<std::string> command;       // mpirun -np 4 ./app ...
  std::vector<std::string> command_line;  // xo record ..., as typed
  bool output_to_stderr = false;          // the job's standard output (a report's own stays clean)
};

// Which MPI the job runs on ("openmpi" or "mpich"): as job.mpi names it, or, for "system", by the
// command's launcher and program, which must agree. Throws UsageError when it cannot tell.
std::string job_mpi(const JobRecording& job);

// The job's exit status (the archive is written whatever it was). Throws UsageError for a command
// or MPI it cannot trace, std::runtime_error if no rank left a log.
int record_job(const JobRecording& job);

}  // namespace xo::cli
