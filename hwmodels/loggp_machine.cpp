#include "loggp_machine.hpp"

namespace xo::hw {

namespace {
// The defaults describe a commodity cluster interconnect of the late 2000s (InfiniBand DDR
// class: about 1.5 us latency, 1-2 GB/s). They are assumptions, not measurements: this machine
// exists to be perturbed.
constexpr const char* kAssumption = "assumption: generic cluster interconnect, InfiniBand DDR class";
}  // namespace

LoggpMachine::LoggpMachine()
    : Machine("loggp", "Generic LogGP machine: flat network, eager below the eager limit, rendezvous above") {
  add_parameter({"L", 1.5, "us", 0, 1e6, "latency: wire time of a small message", kAssumption});
  add_parameter({"o_s", 0.4, "us", 0, 1e6, "send overhead: sender CPU time per message", kAssumption});
  add_parameter({"o_r", 0.4, "us", 0, 1e6, "receive overhead: receiver CPU time per message", kAssumption});
  add_parameter({"g", 0.5, "us", 0, 1e6, "gap: minimum interval between injections at one NIC", kAssumption});
  add_parameter(
      {"G", 0.6, "ns/byte", 0, 1e6, "gap per byte: inverse bandwidth (0.6 ns/byte = 1.67 GB/s)", kAssumption});
  add_parameter({"eager_limit", 8192, "bytes", 0, 2147483647.0,
                 "largest message sent eagerly; larger ones use the rendezvous protocol", kAssumption});
  add_parameter({"cpu_factor", 1.0, "factor", 0, 1e6,
                 "simulated seconds per host CPU second between MPI calls (--compute=measured)", kAssumption});
  add_env_var({"XO_EAGER_LIMIT", 0, 0, 2147483647, "bytes",
               "eager/rendezvous switch point used at run time (defaults to the eager_limit parameter)",
               "knob of this tool: the generic machine's stand-in for a vendor MPI's eager-limit variable"},
              "eager_limit");
  add_placement({1,
                 1024,
                 "assumption: one rank per node; more share its NIC",
                 {NetworkShape::Crossbar, 1},
                 0,
                 "a switched network: every pair of nodes one hop apart",
                 -1,
                 ""});
  add_collective_knobs(2);
  refresh();
}

void LoggpMachine::refresh() {
  cost_ = loggp_parameters();
  eager_limit_ = env("XO_EAGER_LIMIT");
}

std::vector<Machine::ProtocolInfo> LoggpMachine::protocols() const {
  return {
      {"eager", "standard, buffered and ready sends of at most XO_EAGER_LIMIT bytes: one message, o_s + L + bytes*G"},
      {"rendezvous", "larger sends and every synchronous send: request-to-send, clear-to-send, then the data"}};
}

LinkCost LoggpMachine::network_link(int, int) const { return cost_; }

std::vector<SwitchPoint> LoggpMachine::switch_points() const {
  return {{"XO_EAGER_LIMIT", "", "eager", "rendezvous", SwitchUnit::MessageBytes}};
}

ProtocolChoice LoggpMachine::choose_protocol(std::int64_t bytes, SendMode mode) const {
  // Synchronous sends need the receiver's answer anyway, so they always take the handshake.
  if (mode == SendMode::Synchronous || bytes > eager_limit_) return {Protocol::Rendezvous, "rendezvous"};
  return {Protocol::Eager, "eager"};
}

}  // namespace xo::hw
