#pragma once
// What the history tests share (db's and the front end's): a file's bytes, and a run with a
// figure of every kind; and the scratch directory.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/scratch_dir.hpp"
#include "xo/db/run_record.hpp"

namespace xo::test {

inline std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// A bench-like run on `machine` whose L fit is `latency` seconds.
inline db::RunRecord sample_run(const std::string& machine = "xt3", double latency = 5.8e-6) {
  db::RunRecord run;
  run.kind = db::RunKind::Bench;
  run.machine = machine;
  run.parameters = {{"L", "5.8"}, {"G", "0.9"}};
  run.environment = {{"MPICH_MAX_SHORT_MSG_SIZE", "128000"}};
  run.ranks = 16;
  run.command = "xo bench --machine " + machine;
  run.tool_version = "xo test";
  run.started_at = db::utc_now_iso8601();
  run.host = "testhost";
  run.trace = "/tmp/bench";
  run.measurements = {{"branching/MPI_Barrier", 3, "k", db::Direction::Neither, {}, {}, {}},
                      {"mpi_time/MPI_Send", 0.25, "s", db::Direction::LowerIsBetter, {}, {}, 200}};
  run.fits = {{"short", "L", latency, "s", db::Direction::LowerIsBetter, latency * 0.9, latency * 1.1, 0.99},
              {"short", "G", 9e-10, "s/byte", db::Direction::LowerIsBetter, 8e-10, 1e-9, {}}};
  run.crossovers = {{"MPICH_MAX_SHORT_MSG_SIZE",
                     "",
                     {},
                     "short",
                     "long-pull",
                     "bytes",
                     600000.0,
                     500000.0,
                     700000.0,
                     1048576.0,
                     128000,
                     "long-pull is slower up to 1 MiB"},
                    {"MPICH_REDUCE_SHORT_MSG",
                     "MPI_Reduce",
                     16,
                     "binomial",
                     "reduce_scatter_gather",
                     "bytes",
                     {},
                     {},
                     {},
                     65536.0,
                     65536,
                     "no crossing measured"}};
  run.recommendations = {{"MPICH_MAX_SHORT_MSG_SIZE", "1048576", 0.002, 40, "40 messages of 256 KiB", "more buffer",
                          db::Verification{0.0025, std::nullopt, "all recommendations applied together"}}};
  return run;
}

}  // namespace xo::test
