#pragma once
// The measurements the seeds made, run on a machine model: mpptest-style ping-pongs and sweeps
// that find where a protocol path ends. Each runs real MPI code on the reference MPI.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace xo::calibration {

struct MachineSetup {
  std::string machine;
  std::vector<std::string> params;         // --param overrides
  std::map<std::string, std::string> env;  // the machine MPI's environment
  int ranks = 2;                           // job size; point-to-point experiments grow it to reach a second node
  // Point-to-point experiments between ranks 0 and 1 of a job of `ranks`, wherever the machine's
  // launcher places them (a figure measured by a job of that size, such as the X1 paper's NPES=2),
  // rather than between two nodes.
  bool as_placed = false;
};

// Seconds for rank 0 to send `out_bytes` to the first rank of the next node (rank 1 as placed,
// with as_placed) and receive `back_bytes` in reply (averaged over a few repetitions), as the seeds
// measured between nodes.
// The AP1000 paper's ping-pong replies with an empty acknowledgement.
double round_trip(const MachineSetup& setup, std::int64_t out_bytes, std::int64_t back_bytes);
// Half the round-trip time of a ping-pong of `bytes` each way, in seconds.
double half_round_trip(const MachineSetup& setup, std::int64_t bytes);

// A straight line y = intercept + slope * x fitted by least squares.
struct Line {
  double intercept = 0;
  double slope = 0;
};
Line fit_line(const std::vector<double>& x, const std::vector<double>& y);
// mpptest's large-message fit: half round-trip time against size over `sizes`.
Line half_round_trip_line(const MachineSetup& setup, const std::vector<std::int64_t>& sizes);
// Ping-pong bandwidth in bytes per second.
double pingpong_bandwidth(const MachineSetup& setup, std::int64_t bytes);
// The machine's name for the path a standard send of `bytes` to another node takes.
std::string protocol_path(const MachineSetup& setup, std::int64_t bytes);
// The largest message size that takes `path`, found by doubling then bisection; -1 if none up
// to 1 GiB does.
std::int64_t largest_size_on_path(const MachineSetup& setup, const std::string& path);
// The smallest size whose ping-pong bandwidth reaches half of the bandwidth at `asymptote_bytes`.
std::int64_t half_bandwidth_size(const MachineSetup& setup, std::int64_t asymptote_bytes = 64 << 20);

}  // namespace xo::calibration
