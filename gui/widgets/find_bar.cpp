#include "widgets/find_bar.hpp"

#include <QComboBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace xo::gui {

FindBar::FindBar(QWidget* parent)
    : QWidget(parent), field_(new QComboBox(this)), text_(new QLineEdit(this)), status_(new QLabel(this)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(new QLabel("Find", this));
  field_->addItems({"call", "rank", "tag"});
  layout->addWidget(field_);
  text_->setPlaceholderText("MPI_Send, 3, 42 ...");
  text_->setClearButtonEnabled(true);
  layout->addWidget(text_, 1);
  auto* previous = new QPushButton("Previous", this);
  auto* next = new QPushButton("Next", this);
  layout->addWidget(previous);
  layout->addWidget(next);
  layout->addWidget(status_, 1);
  auto run = [this](int direction) { find(static_cast<FindField>(field_->currentIndex()), text_->text(), direction); };
  connect(text_, &QLineEdit::returnPressed, this,
          [run] { run(QGuiApplication::keyboardModifiers() & Qt::ShiftModifier ? -1 : 1); });
  connect(next, &QPushButton::clicked, this, [run] { run(1); });
  connect(previous, &QPushButton::clicked, this, [run] { run(-1); });
}

void FindBar::set_trace(std::shared_ptr<const LoadedTrace> trace) {
  trace_ = std::move(trace);
  matches_.clear();
  searched_text_.clear();
  current_ = -1;
  status_->clear();
}

void FindBar::focus_text() {
  text_->setFocus();
  text_->selectAll();
}

QString FindBar::status() const { return status_->text(); }

void FindBar::find(FindField field, const QString& text, int direction) {
  if (!trace_) return;
  if (field != searched_field_ || text != searched_text_) {
    const FindResult result = find_spans(trace_->timeline, field, text);
    matches_ = result.spans;
    searched_field_ = field;
    searched_text_ = text;
    current_ = -1;
    if (!result.error.isEmpty()) {
      status_->setText(result.error);
      return;
    }
  }
  step(direction);
}

void FindBar::step(int direction) {
  if (matches_.empty()) return;
  const long n = static_cast<long>(matches_.size());
  current_ = current_ < 0 ? (direction > 0 ? 0 : n - 1) : ((current_ + direction) % n + n) % n;
  status_->setText(QString("%1 of %2").arg(current_ + 1).arg(n));
  emit show_span(matches_[static_cast<std::size_t>(current_)]);
}

}  // namespace xo::gui
