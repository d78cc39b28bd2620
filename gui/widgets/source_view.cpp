#include "widgets/source_view.hpp"

#include <QFileInfo>
#include <QFontDatabase>
#include <QTextBlock>

namespace xo::gui {

SourceView::SourceView(QWidget* parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setPlaceholderText("The source of the selected MPI call shows here (programs built with -g).");
}

void SourceView::show_nothing(const QString& why) {
  setExtraSelections({});
  setPlainText(why);
}

void SourceView::show_excerpt(const SourceExcerpt& e, const QString& call) {
  if (!e.problem.isEmpty()) return show_nothing(call + ": " + e.problem);
  QStringList text;
  text << QString("%1 at %2:%3").arg(call, QFileInfo(e.file).fileName()).arg(e.line);
  const int width = static_cast<int>(QString::number(e.first_line + e.lines.size()).size());
  for (qsizetype i = 0; i < e.lines.size(); ++i) {
    const int n = e.first_line + static_cast<int>(i);
    text << QString("%1 %2 %3").arg(n, width).arg(n == e.line ? ">" : " ", e.lines[i]);
  }
  setPlainText(text.join('\n'));
  // The call's line marked, and scrolled into the middle.
  QTextEdit::ExtraSelection mark;
  mark.format.setBackground(QColor(255, 236, 150));
  mark.format.setProperty(QTextFormat::FullWidthSelection, true);
  mark.cursor = QTextCursor(document()->findBlockByNumber(1 + e.line - e.first_line));
  setExtraSelections({mark});
  setTextCursor(mark.cursor);
  centerCursor();
}

}  // namespace xo::gui
