#pragma once
// The communication matrix as a table: a row per sender, a column per receiver (or per block of
// ranks above kMostMatrixRanks), the bytes in each cell with their unit ("1.19 KiB"; the tooltip has
// the messages and the exact bytes) and a heat colour on a log scale, its text light on dark cells.

#include <QAbstractTableModel>

#include "model/message_statistics.hpp"

namespace xo::gui {

class CommMatrixModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  using QAbstractTableModel::QAbstractTableModel;

  void set_matrix(CommMatrix matrix);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QString ranks_of(int cell) const;
  double level(std::uint64_t bytes) const;

  CommMatrix matrix_;
  std::uint64_t most_bytes_ = 0;
};

}  // namespace xo::gui
