#include "xo/calibration/seed_figure.hpp"

#include <fstream>
#include <sstream>

namespace xo::calibration {

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);) parts.push_back(part);
  if (!text.empty() && text.back() == separator) parts.emplace_back();
  return parts;
}

}  // namespace

std::vector<SeedFigure> read_seed_figures(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw FigureFileError("cannot read the seed figures file '" + path + "'");
  std::vector<SeedFigure> figures;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    // The note (last column) may itself contain commas: split off the first six columns only.
    std::vector<std::string> columns;
    std::size_t start = 0;
    for (int c = 0; c < 6; ++c) {
      const std::size_t comma = line.find(',', start);
      if (comma == std::string::npos) {
        throw FigureFileError(path + ":" + std::to_string(line_number) +
                              ": expected 7 columns (machine,figure,parameters,value,unit,seed,note)");
      }
      columns.push_back(line.substr(start, comma - start));
      start = comma + 1;
    }
    SeedFigure figure{columns[0], columns[1], {}, columns[3], columns[4], columns[5], line.substr(start)};
    for (const std::string& p : split(columns[2], ';')) {
      if (p.empty()) continue;
      const std::size_t eq = p.find('=');
      figure.parameters[p.substr(0, eq)] = eq == std::string::npos ? "" : p.substr(eq + 1);
    }
    figures.push_back(std::move(figure));
  }
  return figures;
}

}  // namespace xo::calibration
