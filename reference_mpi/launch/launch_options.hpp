#pragma once
// How `xo run` tells a compiled program what to simulate: environment variables, so the program
// can also be started by hand (`XO_RUN_RANKS=4 ./app`) or under a debugger.

#include <cstdint>
#include <string>

#include "xo/reference_mpi/simulation.hpp"

namespace xo::mpi {

inline constexpr const char* kEnvRanks = "XO_RUN_RANKS";                         // rank count (default 1)
inline constexpr const char* kEnvMachine = "XO_RUN_MACHINE";                     // machine name (default loggp)
inline constexpr const char* kEnvParams = "XO_RUN_PARAMS";                       // "key=value" lines, newline-separated
inline constexpr const char* kEnvCompute = "XO_RUN_COMPUTE";                     // none | measured (default measured)
inline constexpr const char* kEnvComputeThreshold = "XO_RUN_COMPUTE_THRESHOLD";  // e.g. 1us, 500ns, 0
inline constexpr const char* kEnvStack = "XO_RUN_STACK_SIZE";                    // bytes, with optional K/M/G suffix
inline constexpr const char* kEnvQuiet = "XO_RUN_QUIET";                         // 1: no summary line on stderr
inline constexpr const char* kEnvTrace = "XO_RUN_TRACE";           // directory to write the OTF2 trace into
inline constexpr const char* kEnvCommand = "XO_RUN_COMMAND";       // the xo command line, kept in the trace
inline constexpr const char* kEnvTimeLimit = "XO_RUN_TIME_LIMIT";  // wall time, e.g. 10m; unset or 0: none
inline constexpr const char* kEnvVirtualTimeLimit = "XO_RUN_VIRTUAL_TIME_LIMIT";  // virtual time, e.g. 2s
inline constexpr const char* kEnvPrivatize = "XO_RUN_PRIVATIZE";  // on (default): a copy of the program per rank; off

// Reads the variables above; throws hw::MachineError with a clear message on a malformed value.
SimulationOptions launch_options_from_environment();
// Reads XO_RUN_PRIVATIZE; throws hw::MachineError if it is neither on nor off.
bool privatize_from_environment();
// Parses a duration such as "1us", "500ns", "2ms", "0.5s", "10m" (minutes, as timeout(1)), "1h" or
// "0" into nanoseconds; -1 if malformed.
std::int64_t parse_duration_ns(const std::string& text);
// Parses "512K", "8M", "1G" or plain bytes; returns 0 if malformed.
std::size_t parse_byte_size(const std::string& text);

}  // namespace xo::mpi
