#pragma once
// A read-only table of cells (text or numbers) with a header, for the summary's profile and wait
// tables and the recommendations: numbers show with their column's unit, sort as numbers
// (Qt::UserRole holds the raw value) and are right-aligned; long cells show whole in the tooltip.

#include <QAbstractTableModel>
#include <QStringList>
#include <QVariantList>
#include <vector>

namespace xo::gui {

// How a column's numbers read: with their unit and a fixed precision ("31.2 ms", "1.19 KiB",
// "12.4 %", "1,024"), not as a raw double ("3.35818e+08"); Plain for any other number.
enum class CellUnit { Plain, Count, Seconds, Bytes, Percent };

class TableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  using QAbstractTableModel::QAbstractTableModel;

  // `units`, by column; a column beyond them is Plain.
  void set_table(QStringList header, std::vector<QVariantList> rows, std::vector<CellUnit> units = {});
  const std::vector<QVariantList>& rows() const { return rows_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QStringList header_;
  std::vector<QVariantList> rows_;
  std::vector<CellUnit> units_;
};

}  // namespace xo::gui
