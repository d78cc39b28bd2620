#pragma once
// The kinds of protocol phase the reference MPI traces (the region names of its network lanes, as
// reference_mpi/protocol/phase_names.cpp spells them) in families the timeline colours alike:
// control messages in blues, payload in oranges, copies in greens, waits in greys, buffer
// registration in yellow, collective hardware and remote memory in purples. The kind is what a
// phase's colour says; its protocol is the second channel (a label where the box is wide enough).
// Another writer's phases (unknown names) get a family of their own and a colour by name.

#include <QColor>
#include <QString>
#include <optional>

namespace xo::gui {

enum class PhaseFamily { Control, Payload, Copy, Wait, Registration, CollectiveHardware, Other };

PhaseFamily phase_family(const QString& kind);
const char* phase_family_title(PhaseFamily family);  // "control messages (header, clear-to-send, get, ack)"
// The kind's colour in its family, or nothing for a kind of another writer.
std::optional<QColor> phase_kind_colour(const QString& kind);

}  // namespace xo::gui
