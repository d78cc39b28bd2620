#include "model/comm_matrix_model.hpp"

#include <QColor>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "xo/analyzer/analysis/number_text.hpp"

namespace xo::gui {

void CommMatrixModel::set_matrix(CommMatrix matrix) {
  beginResetModel();
  matrix_ = std::move(matrix);
  most_bytes_ = matrix_.bytes.empty() ? 0 : *std::max_element(matrix_.bytes.begin(), matrix_.bytes.end());
  endResetModel();
}

int CommMatrixModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : matrix_.cells; }
int CommMatrixModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : matrix_.cells; }

// Log scale: a cell of 1 byte is pale (0), the busiest pair dark (1).
double CommMatrixModel::level(std::uint64_t bytes) const {
  return std::log1p(static_cast<double>(bytes)) / std::log1p(static_cast<double>(most_bytes_));
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
  const std::uint64_t bytes = matrix_.bytes[cell];
  switch (role) {
    case Qt::DisplayRole:
      return bytes == 0 ? QVariant()
                        : QVariant(QString::fromStdString(analyzer::bytes_text(static_cast<double>(bytes))));
    case Qt::UserRole: return QVariant::fromValue(bytes);
    case Qt::ToolTipRole:
      return QString("rank %1 to rank %2: %3 messages, %4 (%5 bytes)")
          .arg(ranks_of(index.row()), ranks_of(index.column()))
          .arg(QLocale(QLocale::English).toString(static_cast<qulonglong>(matrix_.messages[cell])))
          .arg(QString::fromStdString(analyzer::bytes_text(static_cast<double>(bytes))))
          .arg(QLocale(QLocale::English).toString(static_cast<qulonglong>(bytes)));
    case Qt::BackgroundRole: {
      if (bytes == 0 || most_bytes_ == 0) return {};
      return QColor::fromHsvF(0.6f, static_cast<float>(0.1 + 0.8 * level(bytes)),
                              1.0f - static_cast<float>(0.35 * level(bytes)));
    }
    case Qt::ForegroundRole:  // dark text on pale cells, white on dark ones
      if (bytes == 0 || most_bytes_ == 0) return {};
      return QColor(level(bytes) > 0.5 ? Qt::white : Qt::black);
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
  }
}

QVariant CommMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole || section < 0 || section >= matrix_.cells) return {};
  return (orientation == Qt::Horizontal ? "to " : "from ") + ranks_of(section);
}

}  // namespace xo::gui
