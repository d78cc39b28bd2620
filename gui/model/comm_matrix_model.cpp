#include "model/comm_matrix_model.hpp"

#include <QColor>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "model/display_text.hpp"
#include "xo/analyzer/analysis/number_text.hpp"

namespace xo::gui {

void CommMatrixModel::set_matrix(CommMatrix matrix) {
  beginResetModel();
  matrix_ = std::move(matrix);
  most_ = 0;
  for (std::size_t c = 0; c < matrix_.bytes.size(); ++c) most_ = std::max(most_, value(c));
  endResetModel();
}

void CommMatrixModel::set_measure(MatrixMeasure measure) {
  measure_ = measure;
  set_matrix(std::move(matrix_));
}

int CommMatrixModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : matrix_.cells; }
int CommMatrixModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : matrix_.cells; }

double CommMatrixModel::value(std::size_t cell) const {
  switch (measure_) {
    case MatrixMeasure::Bytes: return static_cast<double>(matrix_.bytes[cell]);
    case MatrixMeasure::Messages: return static_cast<double>(matrix_.messages[cell]);
    case MatrixMeasure::Seconds: return matrix_.seconds.empty() ? 0 : matrix_.seconds[cell];
  }
  return 0;
}

QString CommMatrixModel::value_text(double v) const {
  switch (measure_) {
    case MatrixMeasure::Bytes: return size_text(v);
    case MatrixMeasure::Messages: return QLocale(QLocale::English).toString(static_cast<qulonglong>(v));
    case MatrixMeasure::Seconds: return QString::fromStdString(analyzer::duration_text(v));
  }
  return {};
}

// Log scale, so that a pair exchanging a thousandth of the busiest still shows.
double CommMatrixModel::level(double v) const {
  if (most_ <= 0) return 0;
  const double floor = measure_ == MatrixMeasure::Seconds ? most_ * 1e-6 : 1;  // 1 byte, 1 message
  return std::clamp(std::log1p(v / floor) / std::log1p(most_ / floor), 0.0, 1.0);
}

QColor CommMatrixModel::colour_at(double level) {
  return QColor::fromHsvF(0.6f, static_cast<float>(0.1 + 0.8 * level), 1.0f - static_cast<float>(0.35 * level));
}

QString CommMatrixModel::ranks_of(int cell) const {
  if (matrix_.block == 1) return QString::number(cell);
  const int first = cell * matrix_.block, last = std::min(matrix_.ranks, first + matrix_.block) - 1;
  return QString("%1-%2").arg(first).arg(last);
}

QVariant CommMatrixModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const std::size_t cell = static_cast<std::size_t>(index.row()) * static_cast<std::size_t>(matrix_.cells) +
                           static_cast<std::size_t>(index.column());
  const double v = value(cell);
  const bool empty = matrix_.messages[cell] == 0;
  switch (role) {
    case Qt::DisplayRole: return empty ? QVariant() : QVariant(value_text(v));
    case Qt::UserRole: return v;
    case Qt::ToolTipRole: {
      const std::uint64_t bytes = matrix_.bytes[cell];
      return QString("rank %1 to rank %2: %3 messages, %4 (%5 bytes), %6 end to end in all")
          .arg(ranks_of(index.row()), ranks_of(index.column()))
          .arg(QLocale(QLocale::English).toString(static_cast<qulonglong>(matrix_.messages[cell])))
          .arg(size_text(static_cast<double>(bytes)))
          .arg(QLocale(QLocale::English).toString(static_cast<qulonglong>(bytes)))
          .arg(QString::fromStdString(analyzer::duration_text(matrix_.seconds.empty() ? 0 : matrix_.seconds[cell])));
    }
    case Qt::BackgroundRole: return empty || most_ <= 0 ? QVariant() : QVariant(colour_at(level(v)));
    case Qt::ForegroundRole:  // dark text on pale cells, white on dark ones
      return empty || most_ <= 0 ? QVariant() : QVariant(QColor(level(v) > 0.5 ? Qt::white : Qt::black));
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
  }
}

QVariant CommMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || section < 0 || section >= matrix_.cells) return {};
  return (orientation == Qt::Horizontal ? "to " : "from ") + ranks_of(section);
}

}  // namespace xo::gui
