#pragma once
// Compares a machine model with the seeds' published figures: for each row of the figures table
// that names an implemented machine, the matching experiment is run on the model and the result
// set beside the published value with its error.

#include <optional>
#include <string>
#include <vector>

#include "xo/calibration/seed_figure.hpp"

namespace xo::calibration {

struct Comparison {
  enum class Status {
    Within,   // numeric, within the target error
    Outside,  // numeric, beyond the target error
    InRange,  // the published value is a range and the simulation falls inside it
    OutOfRange,
    Holds,  // the published figure is a shape ("constant", "doubles") and the simulation has it
    Fails,
    NotModelled,  // the experiment needs something not built yet (collectives, ...)
  };
  SeedFigure figure;
  Status status = Status::NotModelled;
  std::string simulated;  // as printed, with unit
  std::optional<double> error_percent;
  std::string method;    // how the simulated value was obtained
  bool measured = true;  // false: a setting's default compared, nothing simulated
  // Fitted: model parameters were set from this figure (fitted_parameters names them), so the row
  // checks the fit; predicted: nothing was, so the row checks the model.
  enum class Role { Fitted, Predicted };
  Role role = Role::Predicted;
  std::string fitted_parameters;
};

// Error targets: a fitted row must reproduce its figure closely, a predicted one within reason.
inline constexpr double kFittedTargetPercent = 2.0;
inline constexpr double kPredictedTargetPercent = 10.0;
// How far a figure of shape ("constant") may stray and still hold.
inline constexpr double kTargetErrorPercent = 5.0;

// Runs the comparisons for every figure of `machine` (a name from the machine registry), with the
// model parameters overridden by `params` ("key=value", as --param gives them).
std::vector<Comparison> calibrate(const std::string& machine, const std::vector<SeedFigure>& figures,
                                  const std::vector<std::string>& params = {});

}  // namespace xo::calibration
