#include "xo/hwmodels/machine_registry.hpp"

#include "ap1000_machine.hpp"
#include "comparison_machine.hpp"
#include "loggp_machine.hpp"
#include "t3_machine.hpp"
#include "x1_machine.hpp"
#include "xe6_machine.hpp"
#include "xo/hwmodels/machine_error.hpp"
#include "xt3_machine.hpp"

namespace xo::hw {

void MachineRegistry::add(std::string name, std::string summary, Factory factory) {
  entries_.push_back(Entry{std::move(name), std::move(summary), factory});
}

std::unique_ptr<Machine> MachineRegistry::create(std::string_view name) const {
  for (const Entry& entry : entries_) {
    if (entry.name == name) return entry.factory();
  }
  std::string valid;
  for (const Entry& entry : entries_) valid += (valid.empty() ? "" : ", ") + entry.name;
  throw MachineError("unknown machine '" + std::string(name) + "'; available machines: " + valid +
                     " (see `xo machines`)");
}

void register_builtin_machines(MachineRegistry& registry) {
  registry.add("loggp", "generic LogGP machine: one eager and one rendezvous protocol, every parameter tunable",
               [] { return std::unique_ptr<Machine>(new LoggpMachine()); });
  registry.add("ap1000", "Fujitsu AP1000 (CellOS, domains): l_asend or linesending, Ssend by put, host+cells mode",
               [] { return std::unique_ptr<Machine>(new Ap1000Machine()); });
  registry.add("t3d", "Cray T3D (EPCC MPI over SHMEM): T, Tn, RTA and RAT protocols", &make_t3d);
  registry.add("t3e", "Cray T3E (Cray MPT): T, RTA and RAT over hardware message queues, or the old SHMEM queue",
               &make_t3e);
  registry.add("x1", "Cray X1 (MSP or SSP mode): inline send packets, receiver pull with completion flag",
               [] { return std::unique_ptr<Machine>(new X1Machine()); });
  registry.add("power4", "IBM Power4 (X1 paper comparison): LogGP-level, slower beyond the L2 cache", &make_power4);
  registry.add("sx6", "NEC SX-6 (X1 paper comparison): LogGP-level", &make_sx6);
  registry.add("xt3", "Cray XT3 (SeaStar, Portals): vshort, short, long-pull and eager-long protocols",
               [] { return std::unique_ptr<Machine>(new Xt3Machine()); });
  registry.add("xe6", "Cray XE6 (Gemini, GNI netmod): E0 mailbox, E1 GET-based eager, LMT by RDMA read or write",
               [] { return std::unique_ptr<Machine>(new Xe6Machine()); });
}

const MachineRegistry& builtin_machines() {
  static const MachineRegistry registry = [] {
    MachineRegistry r;
    register_builtin_machines(r);
    return r;
  }();
  return registry;
}

}  // namespace xo::hw
