#pragma once
// One bench run's samples as bytes, for the report's bench cache (the history's bench_cache
// table): a format tag, the message samples by protocol, whether the run had the machine's own
// settings, and the collective samples. Doubles are stored in the host's byte order: the cache is
// a file of this machine's user.

#include <string>
#include <string_view>

#include "xo/analyzer/analysis/bench_analysis.hpp"

namespace xo::analyzer {

// `run` holds one run's samples: its own_settings_messages are empty or its messages.
std::string encode_bench_run(const BenchSamples& run);
// Throws std::invalid_argument if `bytes` are not such an encoding (another format, a damaged
// entry); the caller then benchmarks afresh.
BenchSamples decode_bench_run(std::string_view bytes);

}  // namespace xo::analyzer
