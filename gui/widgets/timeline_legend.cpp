#include "widgets/timeline_legend.hpp"

#include <QHeaderView>
#include <QLocale>
#include <QPainter>
#include <QPixmap>

#include "model/legend_entries.hpp"

namespace xo::gui {

namespace {

QIcon swatch(const QColor& colour) {
  QPixmap pixmap(14, 14);
  pixmap.fill(colour);
  QPainter p(&pixmap);
  p.setPen(colour.darker(160));
  p.drawRect(0, 0, 13, 13);
  return QIcon(pixmap);
}

}  // namespace

TimelineLegend::TimelineLegend(QWidget* parent) : QTreeWidget(parent) {
  setColumnCount(2);
  setHeaderLabels({"colour", "count"});
  setRootIsDecorated(false);
  setIndentation(8);
  setSelectionMode(QAbstractItemView::NoSelection);
  setUniformRowHeights(true);
  header()->setStretchLastSection(false);
  header()->setSectionResizeMode(0, QHeaderView::Stretch);
  header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  setMinimumWidth(180);
}

void TimelineLegend::set_data(const TimelineData* data) {
  clear();
  if (!data) return;
  QFont bold = font();
  bold.setBold(true);
  for (const LegendGroup& group : legend_groups(*data)) {
    auto* title = new QTreeWidgetItem(this, {group.title});
    title->setFont(0, bold);
    title->setFirstColumnSpanned(true);
    for (const LegendEntry& e : group.entries) {
      auto* item =
          new QTreeWidgetItem(title, {e.name, QLocale(QLocale::English).toString(static_cast<qulonglong>(e.uses))});
      item->setIcon(0, swatch(e.colour));
      item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
      item->setToolTip(0, e.name);
    }
  }
  auto* other = new QTreeWidgetItem(this, {"other"});
  other->setFont(0, bold);
  auto* mixed = new QTreeWidgetItem(other, {"several kinds in one pixel"});
  mixed->setIcon(0, swatch(CategoryTable::mixed_colour()));
  expandAll();
}

}  // namespace xo::gui
