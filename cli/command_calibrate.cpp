// xo calibrate [MACHINE...]: runs the seeds' experiments on the machine models and prints, for
// every published figure of those machines, the published and simulated values and the error.

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>

#include "argument_reader.hpp"
#include "commands.hpp"
#include "table.hpp"
#include "tool_layout.hpp"
#include "xo/calibration/calibrator.hpp"
#include "xo/experiments/parallel_runs.hpp"
#include "xo/hwmodels/machine_registry.hpp"

namespace xo::cli {

namespace {

std::string parameters_text(const calibration::SeedFigure& figure) {
  std::string text;
  for (const auto& [key, value] : figure.parameters) {
    text += (text.empty() ? "" : ";") + key + (value.empty() ? "" : "=" + value);
  }
  return text;
}

std::string verdict(const calibration::Comparison& c) {
  char error[32];
  switch (c.status) {
    case calibration::Comparison::Status::Within:
    case calibration::Comparison::Status::Outside:
      std::snprintf(error, sizeof error, "%+.1f %%%s", *c.error_percent,
                    c.status == calibration::Comparison::Status::Outside ? " (!)" : "");
      return error;
    case calibration::Comparison::Status::InRange: return "in range";
    case calibration::Comparison::Status::OutOfRange: return "out of range (!)";
    case calibration::Comparison::Status::Holds: return "holds";
    case calibration::Comparison::Status::Fails: return "fails (!)";
    case calibration::Comparison::Status::NotModelled: return "-";
  }
  return "-";
}

// Returns the number of measured figures outside their target.
int report(const std::string& machine, const std::vector<calibration::SeedFigure>& figures,
           const std::vector<std::string>& params) {
  std::fprintf(stderr, "xo calibrate: running the seed experiments on %s...\n", machine.c_str());
  const auto comparisons = calibration::calibrate(machine, figures, params);
  std::printf("%s: %zu published figures\n", machine.c_str(), comparisons.size());
  if (comparisons.empty()) {
    std::printf("  (no seed figures for this machine)\n\n");
    return 0;
  }
  std::vector<std::vector<std::string>> rows = {
      {"figure", "parameters", "published", "simulated", "error", "role", "method"}};
  int fitted = 0, fitted_on_target = 0, predicted = 0, predicted_on_target = 0, unmeasured = 0, not_modelled = 0;
  for (const auto& c : comparisons) {
    using Role = calibration::Comparison::Role;
    const bool fit = c.role == Role::Fitted;
    const std::string role = !c.measured ? "setting" : fit ? "fitted: " + c.fitted_parameters : "predicted";
    rows.push_back({c.figure.figure, parameters_text(c.figure), c.figure.value + " " + c.figure.unit,
                    c.simulated.empty() ? "-" : c.simulated, verdict(c), role, c.method});
    using Status = calibration::Comparison::Status;
    if (c.status == Status::NotModelled) {
      ++not_modelled;
    } else if (!c.measured) {
      ++unmeasured;  // an MPI setting's default, or a hardware size the model takes as a parameter
    } else {
      const int ok = c.status == Status::Within || c.status == Status::InRange || c.status == Status::Holds ? 1 : 0;
      (fit ? fitted : predicted) += 1;
      (fit ? fitted_on_target : predicted_on_target) += ok;
    }
  }
  print_table(rows);
  std::printf(
      "  predicted (nothing was fitted to them): %d of %d within %.0f %% (or inside the published range, or "
      "of the published shape); fitted: %d of %d within %.0f %%; %d settings or model parameters compared, "
      "not measured; %d not modelled yet\n\n",
      predicted_on_target, predicted, calibration::kPredictedTargetPercent, fitted_on_target, fitted,
      calibration::kFittedTargetPercent, unmeasured, not_modelled);
  return fitted + predicted - fitted_on_target - predicted_on_target;
}

// Standard output sent to a temporary file while it lives, restored however the scope ends.
class StdoutCapture {
 public:
  StdoutCapture() : file_(std::tmpfile()) {
    if (file_ == nullptr)
      throw std::runtime_error(std::string("cannot make a temporary file: ") + std::strerror(errno));
    std::fflush(stdout);
    saved_ = dup(STDOUT_FILENO);
    dup2(fileno(file_), STDOUT_FILENO);
  }
  ~StdoutCapture() {
    restore();
    std::fclose(file_);
  }
  StdoutCapture(const StdoutCapture&) = delete;
  StdoutCapture& operator=(const StdoutCapture&) = delete;

  // Restores standard output and returns what was written meanwhile.
  std::string text() {
    restore();
    std::string text;
    std::rewind(file_);
    char buffer[1 << 14];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file_)) > 0;) text.append(buffer, n);
    return text;
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stdout);
    dup2(saved_, STDOUT_FILENO);
    close(saved_);
    saved_ = -1;
  }

  FILE* file_;
  int saved_ = -1;
};

// report() with what it prints to standard output captured: the count of figures off target, a
// newline, then the text.
std::string captured_report(const std::string& machine, const std::vector<calibration::SeedFigure>& figures,
                            const std::vector<std::string>& params) {
  StdoutCapture capture;
  const int off_target = report(machine, figures, params);
  return std::to_string(off_target) + "\n" + capture.text();
}

}  // namespace

int command_calibrate(const std::vector<std::string>& args) {
  ArgumentReader reader("calibrate", args);
  std::string figures_path = tool_layout().seed_figures;
  std::vector<std::string> params;
  while (reader.at_option()) {
    const std::string name = reader.option_name();
    if (name == "--figures") {
      figures_path = reader.take_value();
    } else if (name == "--param" || name == "-p") {
      reader.take_param(params);
    } else {
      reader.unknown_option();
    }
  }
  std::vector<std::string> machines = reader.rest();
  if (machines.empty()) {
    for (const auto& entry : hw::builtin_machines().entries()) machines.push_back(entry.name);
  }
  for (const std::string& m : machines) {  // unknown names and parameters fail before any work
    const auto machine = hw::builtin_machines().create(m);
    for (const std::string& assignment : params) machine->set_param_assignment(assignment);
  }
  const auto figures = calibration::read_seed_figures(figures_path);
  // A machine's experiments in a process of their own, on every core; each one's printed table
  // comes back whole and is printed in the machines' order, as a serial run prints them.
  const int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const auto results = experiments::run_in_processes(
      machines.size(), jobs, [&](std::size_t i) { return captured_report(machines[i], figures, params); },
      [](std::size_t, std::size_t) {});
  int off_target = 0;
  for (std::size_t i = 0; i < machines.size(); ++i) {
    if (!results[i].error.empty()) {
      throw std::runtime_error("the seed experiments on " + machines[i] + " failed: " + results[i].error);
    }
    const std::string& bytes = results[i].bytes;
    const std::size_t newline = bytes.find('\n');
    off_target += std::stoi(bytes.substr(0, newline));
    std::fwrite(bytes.data() + newline + 1, 1, bytes.size() - newline - 1, stdout);
  }
  return off_target == 0 ? 0 : 1;
}

}  // namespace xo::cli
