#pragma once
// The communication matrix as a table: a row per sender, a column per receiver (or per block of
// ranks above kMostMatrixRanks), each cell's bytes, messages or end-to-end time summed (the
// measure shown, with its unit: "1.19 KiB", "1,024", "31.2 ms"; the tooltip has all three) and a
// heat colour on a log scale of that measure, its text light on dark cells.

#include <QAbstractTableModel>

#include "model/message_statistics.hpp"

namespace xo::gui {

enum class MatrixMeasure { Bytes, Messages, Seconds };

class CommMatrixModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  using QAbstractTableModel::QAbstractTableModel;

  void set_matrix(CommMatrix matrix);
  void set_measure(MatrixMeasure measure);
  MatrixMeasure measure() const { return measure_; }
  double most() const { return most_; }    // the largest cell of the measure shown
  QString value_text(double value) const;  // in the measure's unit
  // The heat colour of a level from 0 (the smallest non-zero cell, pale) to 1 (the largest, dark).
  static QColor colour_at(double level);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  QString ranks_of(int cell) const;
  double value(std::size_t cell) const;
  double level(double value) const;

  CommMatrix matrix_;
  MatrixMeasure measure_ = MatrixMeasure::Bytes;
  double most_ = 0;
};

}  // namespace xo::gui
