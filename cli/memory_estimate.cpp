#include "memory_estimate.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "argument_reader.hpp"

namespace xo::cli {

namespace {

constexpr std::uint64_t kLeastBytesPerRank = 7 * 1024;

std::string gib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1ULL << 30));
  return text;
}

}  // namespace

std::uint64_t least_memory_for(std::int64_t ranks) { return static_cast<std::uint64_t>(ranks) * kLeastBytesPerRank; }

std::uint64_t available_memory() {
  std::ifstream in("/proc/meminfo");
  std::uint64_t available = 0;
  std::uint64_t swap_free = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string name;
    std::uint64_t kib = 0;
    fields >> name >> kib;
    if (name == "MemAvailable:") available = kib * 1024;
    if (name == "SwapFree:") swap_free = kib * 1024;
  }
  return available == 0 ? 0 : available + swap_free;
}

void refuse_ranks_beyond_memory(std::int64_t ranks, const std::string& what) {
  const std::uint64_t needed = least_memory_for(ranks);
  const std::uint64_t available = available_memory();
  if (available == 0 || needed <= available) return;
  const std::int64_t fitting = static_cast<std::int64_t>(available / kLeastBytesPerRank);
  throw UsageError(what + " needs at least " + gib(needed) + " (7 KiB a rank for its stack pages, page tables and " +
                   "MPI state, before the program's own data), more than the " + gib(available) +
                   " this machine has available; run at most about " + std::to_string(fitting) +
                   " ranks, or free memory");
}

}  // namespace xo::cli
