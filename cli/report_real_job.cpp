#include "report_real_job.hpp"

#include <unistd.h>

#include <filesystem>
#include <map>

#include "history_records.hpp"
#include "trace_directory.hpp"
#include "xo/analyzer/analysis/collective_samples.hpp"
#include "xo/analyzer/analysis/number_text.hpp"
#include "xo/analyzer/analysis/real_bench_analysis.hpp"
#include "xo/hwmodels/real_mpi.hpp"

namespace xo::cli {

namespace {

using analyzer::bytes_text;

// The launcher part of the job's command, up to the program (the first later word naming an
// executable file): what xo bench --mpi needs.
std::string launcher_of(const std::string& program_args) {
  const std::vector<std::string> words = split_shell_words(program_args);
  std::string launcher;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0 && access(words[i].c_str(), X_OK) == 0 && std::filesystem::is_regular_file(words[i])) break;
    launcher += (launcher.empty() ? "" : " ") + words[i];
  }
  return launcher;
}

}  // namespace

void advise_real_job(const analyzer::TraceModel& job, const std::vector<analyzer::CollectiveSample>& collectives,
                     const db::History* history, analyzer::report::RunReport& report) {
  const analyzer::CrossoverRun& run = *job.run.crossover;
  const hw::RealMpi* mpi = hw::real_mpi_for(run.machine_description);
  if (mpi == nullptr) return;
  analyzer::report::RealBenchSource& source = report.real_bench.emplace();
  const std::string make_one = "run `xo bench --mpi=system -- " + launcher_of(run.program_args) +
                               "` on this host first (with the job's settings in the environment)";
  if (history == nullptr) {
    source.missing = "no history to find an xo bench --mpi of " + mpi->name + " in; " + make_one;
    return;
  }
  const auto stored = latest_real_bench(*history, *mpi, run.machine_description);
  if (!stored) {
    source.missing = "no xo bench --mpi of this " + mpi->name + " on this host in " + history->path() + "; " + make_one;
    return;
  }
  source.run = stored->run;
  source.started_at = stored->started_at;
  // The job's messages by size, and its collective calls on as many ranks as the bench's by call.
  std::vector<double> messages(job.messages.size());
  for (std::size_t i = 0; i < messages.size(); ++i) messages[i] = static_cast<double>(job.messages.bytes[i]);
  std::map<std::string, std::vector<double>> calls;
  for (const auto& c : collectives) {
    if (c.ranks == stored->ranks) calls[c.call].push_back(c.bytes_per_rank);
  }
  for (const analyzer::KnobSweep& sweep : stored->sweeps) {
    const auto advice =
        analyzer::advise_real_setting(sweep, sweep.collective.empty() ? messages : calls[sweep.collective]);
    if (!advice) continue;
    analyzer::Recommendation r;
    r.variable = advice->variable;
    r.value = advice->value;
    r.predicted_seconds = advice->predicted_seconds;
    r.affected = advice->affected;
    const std::string sizes = advice->smallest == advice->largest
                                  ? bytes_text(advice->smallest)
                                  : bytes_text(advice->smallest) + " to " + bytes_text(advice->largest);
    if (sweep.collective.empty()) {
      r.evidence = "xo bench --mpi run " + std::to_string(stored->run) + ": the job's messages of " + sizes + " (" +
                   std::to_string(advice->affected) + " of " + std::to_string(advice->messages) +
                   ") take a shorter half round trip with it than with " + advice->own_value +
                   ", and none of its sizes a longer one";
      r.cost = "messages sent eagerly wait in the library's buffers: more memory per peer";
      r.moves = analyzer::Recommendation::MovedMessages{"(unknown)", advice->smallest, advice->largest};
    } else {
      r.evidence = "xo bench --mpi run " + std::to_string(stored->run) + ": the job's " + sweep.collective +
                   " calls of " + sizes + " a rank on " + std::to_string(stored->ranks) + " ranks (" +
                   std::to_string(advice->affected) + " of " + std::to_string(advice->messages) +
                   ") take less time with it than with the library's own "
                   "choice, and none of its sizes more";
    }
    if (advice->unpriced > 0) {
      r.evidence += "; " + std::to_string(advice->unpriced) + " larger than the bench measured are not priced";
    }
    r.with = advice->requires_settings;
    report.recommendations.push_back(std::move(r));
  }
}

}  // namespace xo::cli
