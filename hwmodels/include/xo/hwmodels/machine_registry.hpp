#pragma once
// Name -> factory table of machines. Built by an explicit call, never by static constructors.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xo/hwmodels/machine.hpp"

namespace xo::hw {

class MachineRegistry {
 public:
  using Factory = std::unique_ptr<Machine> (*)();
  struct Entry {
    std::string name;
    std::string summary;
    Factory factory;
  };

  void add(std::string name, std::string summary, Factory factory);
  // Throws MachineError listing the valid names when `name` is unknown.
  std::unique_ptr<Machine> create(std::string_view name) const;
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::vector<Entry> entries_;
};

void register_builtin_machines(MachineRegistry& registry);
// The registry of every machine this build knows, built on first use.
const MachineRegistry& builtin_machines();

}  // namespace xo::hw
