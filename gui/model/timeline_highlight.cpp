#include "model/timeline_highlight.hpp"

#include <algorithm>

#include "model/display_text.hpp"

namespace xo::gui {

TimelineHighlight highlight_recommendation(const TimelineData& d, const RecommendationTarget& target,
                                           const QString& setting) {
  TimelineHighlight h;
  const auto& m = *d.model;
  if (!target.protocol.isEmpty()) {
    const auto& msg = m.messages;
    for (analyzer::Index i = 0; i < msg.size(); ++i) {
      const double size = static_cast<double>(msg.bytes[i]);
      if (size < target.smallest_bytes || size > target.largest_bytes || msg.protocol[i] == analyzer::kNoString)
        continue;
      if (text_of(m.strings.at(msg.protocol[i])) == target.protocol) {
        h.messages.push_back(i);
      }
    }
    std::stable_sort(h.messages.begin(), h.messages.end(),
                     [&](analyzer::Index a, analyzer::Index b) { return msg.send_time[a] < msg.send_time[b]; });
    const QString sizes = target.smallest_bytes == target.largest_bytes
                              ? size_text(target.smallest_bytes)
                              : size_text(target.smallest_bytes) + " to " + size_text(target.largest_bytes);
    h.description = QString("%1 messages of %2 (%3), which %4 moves to another protocol")
                        .arg(h.messages.size())
                        .arg(sizes, target.protocol, setting);
    return h;
  }
  if (!target.operation.isEmpty()) {
    const std::uint32_t category = d.categories.find(target.operation);
    if (category != CategoryTable::kNone) {
      d.for_each_call_span([&](const RowView& v, std::size_t i) {
        if (v.category(i) == category) h.spans.push_back(v.first + static_cast<std::uint32_t>(i));
      });
    }
    h.description =
        QString("%1 %2 calls, whose algorithm %3 switches").arg(h.spans.size()).arg(target.operation, setting);
    return h;
  }
  h.description = QString("%1 changes nothing the timeline can point to").arg(setting);
  return h;
}

}  // namespace xo::gui
