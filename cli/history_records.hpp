#pragma once
// What xo bench and xo report store in the history: their analyzer results converted into the
// history's plain records (xo/db/run_record.hpp), every comparable number under a stable figure key.
// The keys this file makes:
//   fit/<protocol>/<L|o_s|o_r|g|G>       LogGP fits of the bench (s, s/byte; lower is better)
//   branching/MPI_Barrier                 best tree branching factor (neither)
//   barrier/k=<k>                         mean barrier time with that factor (s; lower)
//   mpi_time, mpi_time/<call>             time in MPI summed over ranks (s; lower)
//   run_time                              the run's time per rank (s; lower)
//   protocol_time/<protocol>              time of the calls each protocol or algorithm served (s; lower)
//   wait/<pattern>/<protocol>             wait states (s; lower)
//   pingpong/<bytes>                      a real MPI's half round trip, own settings (s; lower)
//   pingpong/<VARIABLE>=<value>/<bytes>   the same with a swept setting (s; lower)
//   collective/<MPI_Call>/<bytes>         a real MPI's collective, own settings, bytes a rank (s; lower)
//   collective/<VARIABLE>=<value>/<bytes> the same with a forced algorithm (s; lower)
//   boundary/<VARIABLE>=<value>/<k>       the k-th protocol boundary found in that run (bytes)
// and, from the crossovers and recommendations, the keys the database builds (db/README.md).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "history_option.hpp"
#include "xo/analyzer/analysis/bench_analysis.hpp"
#include "xo/analyzer/analysis/mpi_profile.hpp"
#include "xo/analyzer/analysis/real_bench_analysis.hpp"
#include "xo/analyzer/analysis/recommendations.hpp"
#include "xo/analyzer/report/run_report.hpp"
#include "xo/analyzer/trace_model.hpp"
#include "xo/db/run_record.hpp"
#include "xo/hwmodels/machine.hpp"
#include "xo/hwmodels/real_mpi.hpp"

namespace xo::cli {

// xo bench's run: `machine` as every bench run saw it, `ranks` the largest rank count swept.
db::RunRecord bench_record(const hw::Machine& machine, int ranks, const analyzer::BenchAnalysis& analysis,
                           const std::string& command, const std::string& trace_dir);

// xo bench --mpi's run: a real library (`mpi`, its version in the analysis) with the settings the
// job had.
db::RunRecord real_bench_record(const hw::RealMpi& mpi, const analyzer::RealBenchAnalysis& analysis,
                                const std::vector<db::Setting>& environment, const std::string& command,
                                const std::string& trace_dir);

// The newest xo bench --mpi of `library` (MPI_Get_library_version) on this host, as its sweeps.
struct StoredRealBench {
  std::int64_t run = 0;
  std::string started_at;
  int ranks = 0;                            // the bench's jobs' (its collectives' communicator size)
  std::vector<analyzer::KnobSweep> sweeps;  // curves only: no boundaries or comparisons
};
std::optional<StoredRealBench> latest_real_bench(const db::History& history, const hw::RealMpi& mpi,
                                                 const std::string& library);

// What xo report found in one trace.
struct ReportResults {
  const analyzer::TraceModel& model;
  std::string trace;    // the anchor file read
  std::string command;  // the xo report command line
  const analyzer::MpiProfile& profile;
  const analyzer::BenchAnalysis* bench = nullptr;  // none for a foreign trace or --no-bench
  const std::vector<analyzer::Recommendation>& recommendations;
  const analyzer::MpiProfile* verified = nullptr;  // the profile of the --verify recording
  // What --verify measured: the saving stored is the difference of its medians (both sides
  // recorded alike; a real job's without MPI_Init and MPI_Finalize).
  const analyzer::report::VerificationResult* verification = nullptr;
  // "" for a trusted trace; else the first damage the report tolerated (--tolerate). Braced, so that
  // an initializer listing the fields before it need not name it.
  std::string damage{};
};

// Stores the report, and with --verify first the verifying recording as a run of its own that
// the recommendations' verifications point to; says where they went.
void store_report(db::History& history, const ReportResults& results);
// Stores the bench's run and says where it went.
void store_bench(db::History& history, const db::RunRecord& run);

}  // namespace xo::cli
