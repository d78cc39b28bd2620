// Benchmark-history speed: how many runs of about 200 figures the history stores per second (each
// in its own transaction, as xo bench and xo report store them), and, over a history of 10,000
// such runs, how long a trend (every value of one figure), a glob trend, a list of the newest runs,
// a run's figures and opening for writing (schema check and SQLite's quick check) take. Medians
// of several repetitions. Prints figures; asserts nothing.
//
//   history_speed [--quick]   (--quick: a few hundred runs, to keep the benchmark from rotting)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <vector>

#include "scratch_dir.hpp"
#include "xo/db/history.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace db = xo::db;

// A bench-like run: 20 protocols x 5 LogGP fits, 40 measurements, 20 crossovers (40 figures) and
// 10 recommendations with verifications (20 figures): 200 figures.
db::RunRecord sample_run(int n) {
  db::RunRecord run;
  run.kind = db::RunKind::Bench;
  run.machine = n % 2 ? "xt3" : "ap1000";
  for (int i = 0; i < 10; ++i) run.parameters.push_back({"p" + std::to_string(i), "1.5"});
  for (int i = 0; i < 20; ++i) run.environment.push_back({"VAR_" + std::to_string(i), "65536"});
  run.ranks = 16;
  run.command = "xo bench --machine " + run.machine;
  run.tool_version = "xo bench";
  run.started_at = db::utc_now_iso8601();
  run.host = "bench";
  run.trace = "/tmp/bench";
  const double wobble = 1 + 1e-3 * (n % 7);
  for (int p = 0; p < 20; ++p) {
    for (const char* parameter : {"L", "o_s", "o_r", "g", "G"}) {
      run.fits.push_back({"proto" + std::to_string(p), parameter, 2e-6 * wobble, "s", db::Direction::LowerIsBetter,
                          1.9e-6, 2.1e-6, 0.99});
    }
  }
  for (int m = 0; m < 40; ++m) {
    run.measurements.push_back(
        {"mpi_time/call" + std::to_string(m), 0.1 * wobble, "s", db::Direction::LowerIsBetter, {}, {}, 100});
  }
  for (int x = 0; x < 20; ++x) {
    run.crossovers.push_back({"VAR_" + std::to_string(x), x % 2 ? "MPI_Reduce" : "",
                              x % 2 ? std::optional<int>(16) : std::nullopt, "a", "b", "bytes", 1000.0 * wobble, 900.0,
                              1100.0, 1024.0, 512, "a finding"});
  }
  for (int r = 0; r < 10; ++r) {
    run.recommendations.push_back({"VAR_" + std::to_string(r), "1024", 0.01, 10, "evidence", "cost",
                                   db::Verification{0.012, std::nullopt, "note"}});
  }
  return run;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Median wall seconds of `repetitions` calls.
double timed(int repetitions, const std::function<void()>& body) {
  std::vector<double> seconds;
  for (int i = 0; i < repetitions; ++i) {
    const auto start = Clock::now();
    body();
    seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  }
  return median(seconds);
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int insert_runs = quick ? 20 : 500;
  const int history_runs = quick ? 200 : 10'000;
  const int repetitions = quick ? 3 : 5;
  xo::bench::ScratchDir dir("xo_history_speed");
  if (dir.path().empty()) return 1;

  std::vector<db::RunRecord> runs;
  for (int i = 0; i < insert_runs; ++i) runs.push_back(sample_run(i));
  std::size_t figures = 0;
  {
    auto history = db::History::open(dir.path() + "/probe.db", db::HistoryAccess::ReadWrite);
    figures = history.figures(history.store(runs[0])).size();
  }
  int round = 0;
  const double insert_seconds = timed(repetitions, [&] {
    auto history =
        db::History::open(dir.path() + "/insert" + std::to_string(round++) + ".db", db::HistoryAccess::ReadWrite);
    for (const auto& run : runs) history.store(run);
  });
  std::printf("store: %d runs of %zu figures, one transaction each: %.0f runs/s (%.2f ms per run; median of %d)\n",
              insert_runs, figures, insert_runs / insert_seconds, 1e3 * insert_seconds / insert_runs, repetitions);

  const std::string big = dir.path() + "/big.db";
  const auto fill_start = Clock::now();
  std::int64_t last = 0;
  {
    auto history = db::History::open(big, db::HistoryAccess::ReadWrite);
    for (int i = 0; i < history_runs; ++i) last = history.store(sample_run(i));
  }
  const double fill = std::chrono::duration<double>(Clock::now() - fill_start).count();
  std::printf("a history of %d runs (%.0f MB, WAL checkpointed) filled in %.1f s\n", history_runs,
              static_cast<double>(std::filesystem::file_size(big)) / 1e6, fill);

  auto history = db::History::open(big, db::HistoryAccess::ReadOnly);
  std::size_t values = 0;
  const double trend = timed(repetitions, [&] { values = history.figure_values("fit/proto7/L", "xt3").size(); });
  std::printf("trend of one figure on one machine (%zu values): %.1f ms\n", values, 1e3 * trend);
  const double any_machine = timed(repetitions, [&] { values = history.figure_values("fit/proto7/L").size(); });
  std::printf("trend of one figure, every machine (%zu values): %.1f ms\n", values, 1e3 * any_machine);
  const double glob = timed(repetitions, [&] { values = history.figure_values("fit/proto1?/L", "xt3").size(); });
  std::printf("trend of a glob (%zu values, a scan of every figure): %.1f ms\n", values, 1e3 * glob);
  const double list = timed(repetitions, [&] { values = history.runs({"", {}, 20}).size(); });
  std::printf("list of the newest %zu runs with their figure counts: %.1f ms\n", values, 1e3 * list);
  const double one = timed(repetitions, [&] { values = history.figures(last).size(); });
  std::printf("one run's %zu figures: %.2f ms\n", values, 1e3 * one);
  const double compare_history = timed(repetitions, [&] { values = history.figure_history(last, 21).size(); });
  std::printf("a run's figure history for compare (%zu values over 21 runs): %.1f ms\n", values, 1e3 * compare_history);
  const double open = timed(repetitions, [&] { db::History::open(big, db::HistoryAccess::ReadWrite); });
  std::printf("opening it for writing (schema check and quick check): %.0f ms\n", 1e3 * open);
  return 0;
}
