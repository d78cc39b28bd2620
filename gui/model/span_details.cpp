#include "model/span_details.hpp"

#include "model/display_text.hpp"
#include "model/time_ruler.hpp"

namespace xo::gui {

namespace {

using analyzer::Index;

QString message_line(const analyzer::TraceModel& m, Index i, bool sent) {
  const auto& msg = m.messages;
  const QString protocol =
      msg.protocol[i] == analyzer::kNoString ? QString("unknown protocol") : text_of(m.strings.at(msg.protocol[i]));
  return QString("%1 rank %2: %3 bytes, tag %4, %5, end to end %6")
      .arg(sent ? "sent to" : "received from")
      .arg(sent ? msg.receiver[i] : msg.sender[i])
      .arg(msg.bytes[i])
      .arg(msg.tag[i])
      .arg(protocol, seconds_text(m.receive_time(i) - msg.send_time[i]));
}

void add_call_details(const TimelineData& d, Index call, int most_messages, QStringList& lines) {
  const auto& m = *d.model;
  int listed = 0, more = 0;
  for (Index i = 0; i < m.messages.size(); ++i) {
    const bool sent = m.messages.send_call[i] == call, received = m.messages.receive_call[i] == call;
    if (!sent && !received) continue;
    for (bool side : {true, false}) {
      if (!(side ? sent : received)) continue;
      if (listed < most_messages) {
        lines << message_line(m, i, side);
        ++listed;
      } else {
        ++more;
      }
    }
  }
  if (more > 0) lines << QString("... and %1 more messages").arg(more);
  const auto& c = m.collectives;
  for (Index k = 0; k < c.members(); ++k) {
    if (c.call[k] != call) continue;
    const Index instance = c.instance[k];
    const QString algorithm = c.algorithm[instance] == analyzer::kNoString
                                  ? QString("no algorithm recorded")
                                  : text_of(m.strings.at(c.algorithm[instance]));
    lines << QString("collective instance %1 on %2 members, algorithm %3; this rank sent %4 bytes, received %5")
                 .arg(instance)
                 .arg(c.member_count[instance])
                 .arg(algorithm)
                 .arg(c.bytes_sent[k])
                 .arg(c.bytes_received[k]);
    if (c.root[instance] != analyzer::kNoRank) lines << QString("root: rank %1").arg(c.root[instance]);
  }
}

}  // namespace

QString span_summary(const TimelineData& d, std::uint32_t span) {
  const Span s = d.span(span);
  const TimelineRow& row = d.rows[d.row_of_span(span)];
  if (row.kind == RowKind::Calls) {
    return QString("%1 on rank %2, %3")
        .arg(d.categories.name(s.category))
        .arg(row.rank)
        .arg(seconds_text(s.end - s.start));
  }
  const auto& m = *d.model;
  const analyzer::StringId protocol = m.phases.protocol[s.source];
  return QString("%1 phase (%2) of rank %3, %4")
      .arg(d.categories.name(s.category),
           protocol == analyzer::kNoString ? QString("no protocol recorded") : text_of(m.strings.at(protocol)))
      .arg(row.rank)
      .arg(seconds_text(s.end - s.start));
}

QStringList span_details(const TimelineData& d, std::uint32_t span, int most_messages) {
  QStringList lines;
  if (span >= d.span_count()) return lines;
  const Span s = d.span(span);
  lines << span_summary(d, span);
  lines << QString("from %1 to %2").arg(seconds_text(s.start, 9), seconds_text(s.end, 9));
  const TimelineRow& row = d.rows[d.row_of_span(span)];
  const auto& m = *d.model;
  if (row.kind == RowKind::Calls) {
    add_call_details(d, s.source, most_messages, lines);
  } else {
    const auto& p = m.phases;
    if (p.bytes[s.source] != analyzer::PhaseTable::kNoBytes) lines << QString("bytes: %1").arg(p.bytes[s.source]);
    if (p.peer[s.source] != analyzer::kNoRank) lines << QString("peer: rank %1").arg(p.peer[s.source]);
    lines << QString("on %1").arg(QString::fromStdString(m.lane_name(p.location[s.source], p.lane[s.source])));
  }
  return lines;
}

}  // namespace xo::gui
