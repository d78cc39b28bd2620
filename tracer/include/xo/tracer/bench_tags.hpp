#pragma once
// What the analysis of `xo bench`'s traces relies on in its programs (experiments/suite,
// bench_programs.hpp): their names and the ping-pong program's message tags, which say what each
// exchange is for. Part of the trace contract: the programs write them into traces and the
// analyzer reads them there, so they live with the trace format, below both. Header only.

namespace xo::tracer::bench {

inline constexpr int kPingPongTag = 0;
inline constexpr int kFirstOfPairTag = 1;
inline constexpr int kSecondOfPairTag = 2;
inline constexpr int kPairDoneTag = 3;
// One exchange of the largest size before the sweep, not analysed: buffers are then as a program
// that reuses them finds them (registered with the NIC where the machine needs that).
inline constexpr int kWarmUpTag = 4;

// The communicator on which the collective program lines its ranks up before each call: its
// collectives are not measurements.
inline constexpr const char* kLineUpCommunicator = "xo bench line-up";

// PROGRAM_ARGS of a trace of the ping-pong or the collective program begin with its name; the
// collective program's next word is the call it sweeps.
inline constexpr const char* kPingPongProgram = "pingpong";
inline constexpr const char* kCollectiveProgram = "collective";

// The programs built against a system MPI are xo-bench-openmpi and xo-bench-mpich (xo bench --mpi).
inline constexpr const char* kRealBenchHelperPrefix = "xo-bench-";

}  // namespace xo::tracer::bench
