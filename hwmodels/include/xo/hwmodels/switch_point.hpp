#pragma once
// A setting of a machine's MPI that decides where it stops doing one thing and starts another:
// the eager limit between two protocols, the size where a collective changes algorithm. These are
// the thresholds the analyzer measures a crossover for and recommends a value of, so each names
// what runs on either side of it: the analyzer compares those two, never a constant.

#include <string>

namespace xo::hw {

// What the variable's value counts.
enum class SwitchUnit {
  MessageBytes,  // bytes of a point-to-point message
  BytesPerRank,  // bytes of one rank's block in a collective (CollectiveQuery::bytes)
  Elements,      // elements of a reduction vector
  Ranks,         // communicator size
};

struct SwitchPoint {
  std::string env_var;    // "MPICH_MAX_SHORT_MSG_SIZE"
  std::string operation;  // "" for point-to-point protocols, else the collective: "MPI_Reduce"
  std::string below;      // the protocol or algorithm on the small side: "short", "binomial"
  std::string above;      // on the large side: "long-pull", "reduce_scatter_gather"
  SwitchUnit unit = SwitchUnit::MessageBytes;
  // false: the value is the largest size `below` serves (an eager limit); true: the smallest size
  // `above` serves (a minimum group size).
  bool value_is_first_above = false;

  // Whether a call of `size` (in the unit) takes `below` with the variable at `value`.
  bool serves_below(double size, double value) const { return value_is_first_above ? size < value : size <= value; }
};

// A setting that carries every message of one protocol by another instead, whatever its size: the
// XT3's MPICH_PTL_EAGER_LONG=1 sends what the long-pull protocol would as eager-long. The analyzer
// prices the run's messages of `from` under `to` and recommends the value if they gain.
struct ProtocolOption {
  std::string env_var;  // "MPICH_PTL_EAGER_LONG"
  std::string value;    // "1"
  std::string from;     // "long-pull"
  std::string to;       // "eager-long"
};

const char* switch_unit_name(SwitchUnit unit);  // "bytes", "bytes per rank", "elements", "ranks"

}  // namespace xo::hw
