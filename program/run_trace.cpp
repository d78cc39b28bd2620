#include "run_trace.hpp"

#include <cstdlib>

#include "launch_options.hpp"

namespace xo::program {

RunTrace::RunTrace(std::string dir, tracer::Otf2WriterOptions options)
    : dir_(dir), writer_(std::move(dir), std::move(options)) {}

std::unique_ptr<RunTrace> RunTrace::from_environment() {
  const char* dir = std::getenv(mpi::kEnvTrace);
  if (dir == nullptr || *dir == '\0') return nullptr;
  const char* command = std::getenv(mpi::kEnvCommand);
  tracer::Otf2WriterOptions options{std::string("xo ") + XO_VERSION, command != nullptr ? command : ""};
  return std::unique_ptr<RunTrace>(new RunTrace(dir, std::move(options)));
}

std::string RunTrace::finish() {
  writer_.finish();
  std::string line = "trace written to " + dir_ + " (" + std::to_string(writer_.events_written()) + " events)";
  if (const std::uint64_t repaired = writer_.repaired_events(); repaired > 0) {
    line += "; " + std::to_string(repaired) +
            " events broke the tracer's contract and were repaired: a bug in Crossover, please report it";
  }
  return line;
}

}  // namespace xo::program
