#include "model/table_model.hpp"

#include <QLocale>

#include "model/display_text.hpp"
#include "xo/analyzer/analysis/number_text.hpp"

namespace xo::gui {

namespace {

QString number_text(double value, CellUnit unit) {
  switch (unit) {
    case CellUnit::Count: return QLocale(QLocale::English).toString(value, 'f', 0);
    case CellUnit::Seconds: return QString::fromStdString(analyzer::duration_text(value));
    case CellUnit::Bytes: return size_text(value);
    case CellUnit::Percent: return QString::number(value, 'f', 1) + " %";
    case CellUnit::Plain: break;
  }
  return QString::number(value, 'g', 6);
}

}  // namespace

void TableModel::set_table(QStringList header, std::vector<QVariantList> rows, std::vector<CellUnit> units) {
  beginResetModel();
  header_ = std::move(header);
  rows_ = std::move(rows);
  units_ = std::move(units);
  for (QVariantList& row : rows_) {
    while (row.size() < header_.size()) row.append(QString());
  }
  endResetModel();
}

int TableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int TableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(header_.size());
}

QVariant TableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const QVariant& cell = rows_[static_cast<std::size_t>(index.row())][index.column()];
  const bool number = cell.typeId() != QMetaType::QString;
  switch (role) {
    case Qt::DisplayRole: {
      if (!number) return cell;
      const auto column = static_cast<std::size_t>(index.column());
      return number_text(cell.toDouble(), column < units_.size() ? units_[column] : CellUnit::Plain);
    }
    case Qt::ToolTipRole: return cell.toString();
    case Qt::UserRole: return cell;
    case Qt::TextAlignmentRole:
      return number ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default: return {};
  }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= header_.size()) return {};
  return header_[section];
}

}  // namespace xo::gui
