#pragma once
// An environment variable that a machine's MPI read, with its default and range.

#include <cstdint>
#include <string>
#include <vector>

namespace xo::hw {

struct EnvVar {
  std::string name;
  std::int64_t default_value = 0;
  std::int64_t min = 0;  // inclusive range; a value outside it is a user error
  std::int64_t max = 0;
  std::string unit;
  std::string meaning;
  std::string source;  // seed and section, or "knob of this tool" where the real MPI had none
};

// A variable that names one of `choices` (an algorithm, say) instead of a number: its value is the
// index of the choice.
struct ChoiceEnvVar {
  EnvVar var;
  std::vector<std::string> choices;
};

}  // namespace xo::hw
