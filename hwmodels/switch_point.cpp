#include "xo/hwmodels/switch_point.hpp"

namespace xo::hw {

const char* switch_unit_name(SwitchUnit unit) {
  switch (unit) {
    case SwitchUnit::MessageBytes: return "bytes";
    case SwitchUnit::BytesPerRank: return "bytes per rank";
    case SwitchUnit::Elements: return "elements";
    case SwitchUnit::Ranks: return "ranks";
  }
  return "?";
}

}  // namespace xo::hw
