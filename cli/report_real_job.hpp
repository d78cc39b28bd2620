#pragma once
// xo report on a real MPI's job (xo record --mpi): advice on the library's own variables, priced
// on the job's messages by the newest xo bench --mpi of the same library on this host that the
// history holds (analysis/real_bench_analysis.hpp). Without such a bench the report says which
// command would make one.

#include <vector>

#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/report/run_report.hpp"
#include "xo/analyzer/trace_model.hpp"
#include "xo/db/history.hpp"

namespace xo::cli {

// Sets report.real_bench and report.recommendations from the job's messages and its collective
// calls (`collectives`, as the report gathered them). `history` may be null (no history to read).
void advise_real_job(const analyzer::TraceModel& job, const std::vector<analyzer::CollectiveSample>& collectives,
                     const db::History* history, analyzer::report::RunReport& report);

}  // namespace xo::cli
