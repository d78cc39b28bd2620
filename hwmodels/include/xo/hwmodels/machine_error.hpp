#pragma once
// A user error in choosing or configuring a machine (unknown name, bad --param, bad -e value).

#include <stdexcept>
#include <string>

namespace xo::hw {

class MachineError : public std::runtime_error {
 public:
  explicit MachineError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace xo::hw
