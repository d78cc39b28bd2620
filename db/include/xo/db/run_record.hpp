#pragma once
// One run as the history stores it: what was run, where and how (the settings it actually used),
// and what it produced. Plain data: the front end converts the analyzer's results into these, so
// the history depends on nothing of the analyzer's.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xo/db/figure.hpp"

namespace xo::db {

enum class RunKind {
  Bench,   // xo bench: a machine characterised
  Report,  // xo report: a traced run analysed
  Verify,  // xo report --verify: the run recorded again with the recommended settings
};

const char* run_kind_name(RunKind kind);  // "bench", "report", "verify"
std::optional<RunKind> parse_run_kind(std::string_view text);

struct Setting {
  std::string name;   // "o_s", "MPICH_MAX_SHORT_MSG_SIZE"
  std::string value;  // as a user writes it
};

// Any number a run measured directly: time in MPI by call, a barrier's mean time, a branching factor.
struct Measurement {
  std::string key;  // the figure key: "mpi_time/MPI_Send"
  double value = 0;
  std::string unit;
  Direction direction = Direction::Neither;
  std::optional<double> lower, upper;
  std::optional<std::int64_t> count;  // calls or messages behind the value, where it is a sum
};

// One parameter of a fitted model; its figure key is "fit/<protocol>/<parameter>".
struct FitRecord {
  std::string protocol;   // "short", "eager"
  std::string parameter;  // "L", "o_s", "G", or "a", "b" of a line a + b * bytes
  double value = 0;
  std::string unit;  // "s", "s/byte"
  Direction direction = Direction::LowerIsBetter;
  std::optional<double> lower, upper;  // 95 % interval
  std::optional<double> r_squared;     // of the fit the parameter comes from, where it has one
};

// Where a switch point's two sides cross. Its figure keys are "crossover/<subject>" (the crossing)
// and "best/<subject>" (the value the variable should have), the subject being the variable, then
// "/<operation>@<ranks>" for a collective's.
struct CrossoverRecord {
  std::string variable;                          // "MPICH_REDUCE_SHORT_MSG"
  std::string operation;                         // "" for point-to-point, else "MPI_Reduce"
  std::optional<int> ranks;                      // communicator size measured, for a collective's
  std::string below, above;                      // the protocols or algorithms on either side
  std::string unit;                              // of the variable: "bytes", "elements", "ranks"
  std::optional<double> crossing, lower, upper;  // where the lines cross; the interval where they overlap
  std::optional<double> best;
  std::int64_t setting = 0;  // the variable's value in the run
  std::string finding;       // one line for people
};

// What recording the run again with the recommended settings measured.
struct Verification {
  double measured_seconds = 0;             // time in MPI saved, summed over the ranks
  std::optional<std::int64_t> verify_run;  // the stored verify run, if it was stored
  std::string note;
};

// Figure keys: "saving/<variable>/predicted" and, when verified, "saving/<variable>/measured".
struct RecommendationRecord {
  std::string variable;
  std::string value;
  double predicted_seconds = 0;
  std::int64_t affected = 0;  // messages or calls that change side
  std::string evidence;
  std::string cost;
  std::optional<Verification> verification;
};

struct RunRecord {
  RunKind kind = RunKind::Bench;
  std::string machine;
  std::vector<Setting> parameters;   // resolved: every parameter the run used, in the machine's order
  std::vector<Setting> environment;  // likewise the machine's MPI variables
  std::optional<int> ranks;
  std::string program;       // the program and its arguments, shell-quoted; "" for xo bench
  std::string command;       // the xo command line that made the run
  std::string tool_version;  // "xo 0.1.0"
  std::string started_at;    // UTC, ISO-8601: "2024-05-01T12:00:00Z"
  std::string host;
  std::string trace;   // where its trace or traces are
  std::string damage;  // "" for a trusted trace; else the first damage xo report tolerated (--tolerate)
  std::vector<Measurement> measurements;
  std::vector<FitRecord> fits;
  std::vector<CrossoverRecord> crossovers;
  std::vector<RecommendationRecord> recommendations;
};

// The current time as RunRecord::started_at wants it.
std::string utc_now_iso8601();

}  // namespace xo::db
