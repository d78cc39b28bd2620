#include "widgets/timeline_controls.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

namespace xo::gui {

namespace {

constexpr MessageDensity kDensities[] = {MessageDensity::None, MessageDensity::Sparse, MessageDensity::Normal,
                                         MessageDensity::Dense};

}  // namespace

TimelineControls::TimelineControls(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(4, 0, 4, 2);
  row->addWidget(new QLabel("Ranks", this));
  ranks_ = new QLineEdit(this);
  ranks_->setPlaceholderText("all, or 0-15,32, or a communicator's name");
  ranks_->setToolTip(
      "Show only these ranks: a list of ranks and ranges (0-15,32), a communicator's name "
      "(MPI_COMM_WORLD), or all. Enter applies.");
  ranks_->setClearButtonEnabled(true);
  ranks_->setMinimumWidth(240);
  ranks_->setMaximumWidth(320);
  row->addWidget(ranks_);
  shown_ = new QLabel(this);
  shown_->setMinimumWidth(120);
  row->addWidget(shown_, 1);
  row->addWidget(new QLabel("Messages", this));
  density_ = new QComboBox(this);
  for (MessageDensity d : kDensities) {
    density_->addItem(
        QString("%1 (at most %2 lines)").arg(message_density_name(d)).arg(most_message_lines(d), 0, 'f', 0),
        static_cast<int>(d));
  }
  density_->setItemText(0, "none");
  density_->setToolTip(
      "How many message lines a frame draws at most (a line across the screen counts as several); zoom in to see "
      "every message");
  row->addWidget(density_);
  lanes_ = new QCheckBox("Expand lanes", this);
  lanes_->setToolTip("A row per network lane under every rank (E); click a rank's label for one rank");
  row->addWidget(lanes_);
  legend_ = new QCheckBox("Legend", this);
  legend_->setToolTip("What each colour means (L)");
  row->addWidget(legend_);

  connect(ranks_, &QLineEdit::returnPressed, this, [this] { emit rank_filter_entered(ranks_->text()); });
  connect(density_, &QComboBox::currentIndexChanged, this,
          [this](int index) { emit density_chosen(static_cast<MessageDensity>(density_->itemData(index).toInt())); });
  connect(lanes_, &QCheckBox::toggled, this, &TimelineControls::lanes_expanded_toggled);
  connect(legend_, &QCheckBox::toggled, this, &TimelineControls::legend_toggled);
}

void TimelineControls::set_rank_problem(const QString& problem) {
  ranks_->setStyleSheet(problem.isEmpty() ? QString() : QString("QLineEdit { background: #fde0e0; }"));
  if (!problem.isEmpty()) shown_->setText(problem);
  shown_->setStyleSheet(problem.isEmpty() ? QString() : QString("QLabel { color: #b00020; }"));
}

void TimelineControls::set_ranks_shown(const QString& description) {
  shown_->setStyleSheet({});
  ranks_->setStyleSheet({});
  shown_->setText(description);
}

void TimelineControls::set_lanes_expanded(bool expanded) {
  const QSignalBlocker block(lanes_);
  lanes_->setChecked(expanded);
}

void TimelineControls::set_legend_shown(bool shown) {
  const QSignalBlocker block(legend_);
  legend_->setChecked(shown);
}

void TimelineControls::set_density(MessageDensity density) {
  const QSignalBlocker block(density_);
  density_->setCurrentIndex(density_->findData(static_cast<int>(density)));
}

void TimelineControls::focus_ranks() {
  ranks_->setFocus();
  ranks_->selectAll();
}

}  // namespace xo::gui
