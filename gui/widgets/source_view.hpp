#pragma once
// The source of the selected MPI call, beside its details: the lines around its call site with the
// call's line marked, or why they cannot be shown.

#include <QPlainTextEdit>

#include "model/source_excerpt.hpp"

namespace xo::gui {

class SourceView : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit SourceView(QWidget* parent = nullptr);

  void show_excerpt(const SourceExcerpt& excerpt, const QString& call);
  void show_nothing(const QString& why);
};

}  // namespace xo::gui
