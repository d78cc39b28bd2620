#pragma once
// What the details pane and tooltips say about a span: for a call its rank, times, the messages it
// sent or received (peer, tag, bytes, protocol) and the collective it took part in; for a phase its
// protocol, bytes and peer. Plain text lines, so tests can read them and the pane can show them.

#include <QString>
#include <QStringList>
#include <cstdint>

#include "model/timeline_data.hpp"

namespace xo::gui {

// One line: "MPI_Send on rank 3, 12.5 us".
QString span_summary(const TimelineData& data, std::uint32_t span);

// Every line the details pane shows; `most_messages` caps the list of messages of one call.
QStringList span_details(const TimelineData& data, std::uint32_t span, int most_messages = 12);

}  // namespace xo::gui
