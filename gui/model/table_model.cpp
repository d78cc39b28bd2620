#include "model/table_model.hpp"

namespace xo::gui {

void TableModel::set_table(QStringList header, std::vector<QVariantList> rows) {
  beginResetModel();
  header_ = std::move(header);
  rows_ = std::move(rows);
  for (QVariantList& row : rows_) {
    while (row.size() < header_.size()) row.append(QString());
  }
  endResetModel();
}

int TableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }

int TableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(header_.size()); }

QVariant TableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const QVariant& cell = rows_[static_cast<std::size_t>(index.row())][index.column()];
  const bool number = cell.typeId() != QMetaType::QString;
  switch (role) {
    case Qt::DisplayRole: return number ? QVariant(QString::number(cell.toDouble(), 'g', 6)) : cell;
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
