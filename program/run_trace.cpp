#include "run_trace.hpp"

#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>

#include "launch_options.hpp"

namespace xo::program {

RunTrace::RunTrace(std::string dir, tracer::Otf2WriterOptions options, bool profile_only) : dir_(dir) {
  if (profile_only) {
    profile_ = std::make_unique<tracer::ProfileWriter>(std::move(dir), std::move(options));
  } else {
    writer_ = std::make_unique<tracer::Otf2Writer>(std::move(dir), std::move(options));
  }
}

namespace {

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

// What xo record's --trace-* options asked for (xo/tracer/trace_filter.hpp), which it checked.
tracer::TraceFilter filter_from_environment() {
  const std::string from = environment(tracer::kEnvTraceFrom);
  const std::string to = environment(tracer::kEnvTraceTo);
  std::string error;
  std::optional<tracer::TraceFilter> filter = tracer::TraceFilter::make(
      environment(tracer::kEnvTraceRanks), environment(tracer::kEnvTraceCalls), from.empty() ? 0 : std::stoll(from),
      to.empty() ? tracer::TraceFilter::kNoEnd : std::stoll(to), error);
  if (!filter) throw std::runtime_error("the trace filter xo record passed is not valid: " + error);
  return *filter;
}

}  // namespace

std::unique_ptr<RunTrace> RunTrace::from_environment() {
  const char* dir = std::getenv(mpi::kEnvTrace);
  if (dir == nullptr || *dir == '\0') return nullptr;
  const char* command = std::getenv(mpi::kEnvCommand);
  tracer::Otf2WriterOptions options{std::string("xo ") + XO_VERSION, command != nullptr ? command : "", {}};
  options.filter = filter_from_environment();
  return std::unique_ptr<RunTrace>(new RunTrace(dir, std::move(options), environment(tracer::kEnvProfileOnly) == "1"));
}

std::string RunTrace::finish() {
  if (profile_) return "profile written to " + profile_->finish();
  writer_->finish();
  std::string line = "trace written to " + dir_ + " (" + std::to_string(writer_->events_written()) + " events)";
  if (const std::uint64_t repaired = writer_->repaired_events(); repaired > 0) {
    line += "; " + std::to_string(repaired) +
            " events broke the tracer's contract and were repaired: a bug in Crossover, please report it";
  }
  return line;
}

}  // namespace xo::program
