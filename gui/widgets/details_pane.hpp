#pragma once
// The details of the selected span (span_details): call, rank, times, its messages and
// collective, or a phase's protocol, bytes and peer.

#include <QPlainTextEdit>
#include <memory>

#include "model/trace_analysis.hpp"

namespace xo::gui {

class DetailsPane : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit DetailsPane(QWidget* parent = nullptr);

  void set_trace(std::shared_ptr<const LoadedTrace> trace);
  void show_span(std::uint32_t span);

 private:
  std::shared_ptr<const LoadedTrace> trace_;
};

}  // namespace xo::gui
