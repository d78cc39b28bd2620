#pragma once
// The OTF2 archive of a job of the system's own MPI, from the per-rank logs its PMPI tracer wrote
// (xo/tracer/pmpi_log.h): the ranks' records replayed into the same writer the reference MPI's
// runs use, with each rank's clock moved onto rank 0's by its measured offset and the job's start
// as time zero. Communicators are matched across ranks by their members and, for several with the
// same members, by the order each member first used them.

#include <string>
#include <vector>

#include "xo/reference_mpi/run_observer.hpp"
#include "xo/tracer/otf2_writer.hpp"

namespace xo::tracer {

struct PmpiJob {
  std::string log_dir;                       // where the ranks wrote their logs
  std::vector<std::string> command;          // the job's command line (mpirun ...)
  std::vector<mpi::RunSetting> environment;  // the MPI's variables set for the job
  int exit_code = 0;                         // the job's
};

struct PmpiImport {
  int ranks = 0;         // the job's size, from the logs' headers
  int ranks_logged = 0;  // ranks that left a log (a rank killed before MPI_Init leaves none)
  std::string library;   // MPI_Get_library_version's first line
  std::uint64_t records = 0;
  std::int64_t clock_error_ns = 0;   // the largest error bound of the ranks' clock offsets
  std::uint64_t messages_moved = 0;  // receives moved after their sends (no message arrives before it left)
  std::int64_t largest_move_ns = 0;
  // MPI calls made by threads other than the one that called MPI_Init (MPI_THREAD_MULTIPLE), over
  // all ranks: not traced, as the log has one location per rank.
  std::uint64_t other_thread_calls = 0;
  // Ranks on other hosts than rank 0's (the job's ranks all on one host: 0).
  int ranks_on_other_hosts = 0;
  bool last_rank_on_other_host = false;  // the ping-pong partner of xo bench --mpi
};

// Writes the archive into `archive_dir` (an existing directory without a trace). Throws
// std::runtime_error naming the file and the problem if no log can be read.
PmpiImport import_pmpi_job(const PmpiJob& job, const std::string& archive_dir, const Otf2WriterOptions& options);

}  // namespace xo::tracer
