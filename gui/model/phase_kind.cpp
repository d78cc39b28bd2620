#include "model/phase_kind.hpp"

#include <array>

namespace xo::gui {

namespace {

struct KnownKind {
  const char* name;
  PhaseFamily family;
  QRgb colour;
};

// Within a family, shades far enough apart to tell neighbours apart on a lane.
constexpr std::array kKinds = {
    KnownKind{"header", PhaseFamily::Control, 0x2f6fd0},
    KnownKind{"clear-to-send", PhaseFamily::Control, 0x5aa0f0},
    KnownKind{"get", PhaseFamily::Control, 0x1f4f9a},
    KnownKind{"ack", PhaseFamily::Control, 0x8cc4f5},
    KnownKind{"eager", PhaseFamily::Payload, 0xf08a24},
    KnownKind{"data", PhaseFamily::Payload, 0xd0521c},
    KnownKind{"sender-copy", PhaseFamily::Copy, 0x3c9a48},
    KnownKind{"unexpected-copy", PhaseFamily::Copy, 0x86c66b},
    KnownKind{"receiver-copy", PhaseFamily::Copy, 0x237339},
    KnownKind{"pack", PhaseFamily::Copy, 0xa9d88f},
    KnownKind{"unpack", PhaseFamily::Copy, 0x5fb35a},
    KnownKind{"credit-wait", PhaseFamily::Wait, 0x8a8a8a},
    KnownKind{"network-wait", PhaseFamily::Wait, 0xb4b4b4},
    KnownKind{"register", PhaseFamily::Registration, 0xe2c62a},
    KnownKind{"broadcast-network", PhaseFamily::CollectiveHardware, 0x7b3fb5},
    KnownKind{"sync-network", PhaseFamily::CollectiveHardware, 0xa678d6},
    KnownKind{"hardware-reduction", PhaseFamily::CollectiveHardware, 0x5a2a8a},
    KnownKind{"fetch-and-add", PhaseFamily::CollectiveHardware, 0xc59be8},
    KnownKind{"remote-access", PhaseFamily::CollectiveHardware, 0x8f5cc2},
};

const KnownKind* known(const QString& kind) {
  for (const KnownKind& k : kKinds) {
    if (kind == QLatin1String(k.name)) return &k;
  }
  return nullptr;
}

}  // namespace

PhaseFamily phase_family(const QString& kind) {
  const KnownKind* k = known(kind);
  return k ? k->family : PhaseFamily::Other;
}

const char* phase_family_title(PhaseFamily family) {
  switch (family) {
    case PhaseFamily::Control: return "control messages";
    case PhaseFamily::Payload: return "payload";
    case PhaseFamily::Copy: return "copies";
    case PhaseFamily::Wait: return "waits";
    case PhaseFamily::Registration: return "registration";
    case PhaseFamily::CollectiveHardware: return "collective hardware";
    case PhaseFamily::Other: return "other phases";
  }
  return "other phases";
}

std::optional<QColor> phase_kind_colour(const QString& kind) {
  const KnownKind* k = known(kind);
  if (!k) return std::nullopt;
  return QColor::fromRgb(k->colour);
}

}  // namespace xo::gui
