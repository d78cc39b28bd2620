#pragma once
// Which published figures each model was fitted to. A figure whose number set a model parameter
// checks only that the fit was done (a fitted row); the others check the model (predicted rows).
// Kept beside the parameters' own `source` lines in hwmodels, which name the same figures.

#include <string>

#include "xo/calibration/seed_figure.hpp"

namespace xo::calibration {

// The parameters set from `figure` ("o_s, L, o_r"), empty if none were.
std::string parameters_fitted_to(const SeedFigure& figure);

}  // namespace xo::calibration
