#include "widgets/details_pane.hpp"

#include "model/span_details.hpp"

namespace xo::gui {

DetailsPane::DetailsPane(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setPlaceholderText("Click a call or a phase in the timeline to see its details here.");
  setMaximumHeight(140);
}

void DetailsPane::set_trace(std::shared_ptr<const LoadedTrace> trace) {
  trace_ = std::move(trace);
  clear();
}

void DetailsPane::show_span(std::uint32_t span) {
  if (!trace_ || span == TimelineData::kNoSpan) {
    clear();
    return;
  }
  setPlainText(span_details(trace_->timeline, span).join('\n'));
}

}  // namespace xo::gui
