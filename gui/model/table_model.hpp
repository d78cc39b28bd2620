#pragma once
// A read-only table of cells (text or numbers) with a header, for the summary's profile and wait
// tables and the recommendations: numbers sort as numbers (Qt::UserRole holds the raw value) and
// are right-aligned; long cells show whole in the tooltip.

#include <QAbstractTableModel>
#include <QStringList>
#include <QVariantList>
#include <vector>

namespace xo::gui {

class TableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  using QAbstractTableModel::QAbstractTableModel;

  void set_table(QStringList header, std::vector<QVariantList> rows);
  const std::vector<QVariantList>& rows() const { return rows_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QStringList header_;
  std::vector<QVariantList> rows_;
};

}  // namespace xo::gui
