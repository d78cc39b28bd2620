#pragma once
// Find in the timeline by call name, rank or message tag (timeline_search); Return or "Next" steps
// through the matches, Shift+Return or "Previous" back, and each match is selected and shown.

#include <QWidget>
#include <memory>
#include <vector>

#include "model/timeline_search.hpp"
#include "model/trace_analysis.hpp"

class QComboBox;
class QLabel;
class QLineEdit;

namespace xo::gui {

class FindBar : public QWidget {
  Q_OBJECT

 public:
  explicit FindBar(QWidget* parent = nullptr);

  void set_trace(std::shared_ptr<const LoadedTrace> trace);
  // Searches (if the query changed) and moves to the next (step 1) or previous (-1) match.
  void find(FindField field, const QString& text, int step = 1);
  void focus_text();
  std::size_t matches() const { return matches_.size(); }
  QString status() const;

 signals:
  void show_span(std::uint32_t span);

 private:
  void step(int direction);

  std::shared_ptr<const LoadedTrace> trace_;
  QComboBox* field_ = nullptr;
  QLineEdit* text_ = nullptr;
  QLabel* status_ = nullptr;
  std::vector<std::uint32_t> matches_;
  FindField searched_field_ = FindField::Call;
  QString searched_text_;
  long current_ = -1;
};

}  // namespace xo::gui
