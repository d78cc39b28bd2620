#pragma once
// One published figure from the seed papers (calibration/seed_figures.csv, a copy of
// ../shared/reference/seed_figures.csv): the numbers the machine models are calibrated against.

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace xo::calibration {

struct SeedFigure {
  std::string machine;
  std::string figure;                             // e.g. "pt2pt_bandwidth"
  std::map<std::string, std::string> parameters;  // "npes=2;bytes=131072" split up; a bare word maps to ""
  std::string value;                              // a number, a range "4096-8192", or a description
  std::string unit;
  std::string seed;
  std::string note;
};

class FigureFileError : public std::runtime_error {
 public:
  explicit FigureFileError(const std::string& message) : std::runtime_error(message) {}
};

// Throws FigureFileError naming the file and line of anything malformed.
std::vector<SeedFigure> read_seed_figures(const std::string& path);

}  // namespace xo::calibration
