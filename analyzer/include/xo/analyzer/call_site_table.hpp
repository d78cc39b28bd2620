#pragma once
// Where the program made its MPI calls: a trace's CallingContext definitions with the function
// (their region) and source file and line (their source code location). Crossover's traces name
// one in the "callsite" attribute of each MPI call's Enter (docs/trace_format.md).

#include <cstdint>
#include <string>
#include <vector>

namespace xo::analyzer {

// One place in the program that called MPI.
struct CallSite {
  std::string function;
  std::string file;  // "" if unknown
  std::uint32_t line = 0;
};

struct CallSiteTable {
  std::vector<std::string> function;
  std::vector<std::string> file;    // as the debug information gives it; the object file without one
  std::vector<std::uint32_t> line;  // 0 if unknown

  std::size_t size() const { return function.size(); }
  CallSite at(std::size_t row) const { return {function[row], file[row], line[row]}; }
};

}  // namespace xo::analyzer
