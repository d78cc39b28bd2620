#include "read_threads.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <thread>

namespace xo::analyzer {

namespace {

constexpr long kMostThreads = 64;
constexpr unsigned kMostCores = 8;
constexpr std::uint64_t kParallelEvents = 200'000;

}  // namespace

unsigned read_threads(std::uint64_t events, const tracer::Otf2TraceFile& file) {
  if (const char* forced = std::getenv("XO_READ_THREADS"); forced != nullptr && *forced != '\0') {
    char* end = nullptr;
    const long threads = std::strtol(forced, &end, 10);
    if (*forced < '0' || *forced > '9' || *end != '\0' || threads < 1 || threads > kMostThreads) {
      file.fail(std::string("XO_READ_THREADS=") + forced + ": give a number of threads from 1 to " +
                std::to_string(kMostThreads) + " (1 reads serially), or unset it for one per core (at most 8)");
    }
    return static_cast<unsigned>(threads);
  }
  if (events < kParallelEvents) return 1;
  return std::clamp(std::thread::hardware_concurrency(), 1u, kMostCores);
}

}  // namespace xo::analyzer
