#include "model/history_rows.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <set>
#include <stdexcept>

namespace xo::gui {

std::vector<HistoryRow> parse_history_json(const QByteArray& json) {
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
  if (doc.isNull()) throw std::runtime_error("the history's JSON does not parse: " + error.errorString().toStdString());
  if (!doc.isArray()) throw std::runtime_error("the history's JSON is not a list of runs");
  std::vector<HistoryRow> rows;
  for (const QJsonValue& value : doc.array()) {
    const QJsonObject run = value.toObject();
    if (!run["id"].isDouble() || !run["figures"].isArray()) {
      throw std::runtime_error("a run in the history's JSON lacks \"id\" or \"figures\"");
    }
    for (const QJsonValue& f : run["figures"].toArray()) {
      const QJsonObject figure = f.toObject();
      rows.push_back({static_cast<qint64>(run["id"].toDouble()), run["started_at"].toString(),
                      run["machine"].toString(), figure["key"].toString(), figure["value"].toDouble(),
                      figure["unit"].toString()});
    }
  }
  return rows;
}

QStringList history_figures(const std::vector<HistoryRow>& rows) {
  std::set<QString> names;
  for (const HistoryRow& r : rows) names.insert(r.figure);
  return QStringList(names.begin(), names.end());
}

std::vector<QPointF> history_trend(const std::vector<HistoryRow>& rows, const QString& figure) {
  std::vector<QPointF> points;
  for (const HistoryRow& r : rows) {
    if (r.figure == figure) points.emplace_back(static_cast<double>(r.run), r.value);
  }
  std::sort(points.begin(), points.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
  return points;
}

void HistoryModel::set_rows(std::vector<HistoryRow> rows) {
  beginResetModel();
  rows_ = std::move(rows);
  endResetModel();
}

int HistoryModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}
int HistoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : 6; }

QVariant HistoryModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || (role != Qt::DisplayRole && role != Qt::TextAlignmentRole))
    return {};
  if (role == Qt::TextAlignmentRole) {
    return index.column() == 0 || index.column() == 4 ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
  }
  const HistoryRow& r = rows_[static_cast<std::size_t>(index.row())];
  switch (index.column()) {
    case 0: return r.run;
    case 1: return r.time;
    case 2: return r.machine;
    case 3: return r.figure;
    case 4: return r.value;
    default: return r.unit;
  }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= 6) return {};
  static const char* names[] = {"run", "time", "machine", "figure", "value", "unit"};
  return QString(names[section]);
}

}  // namespace xo::gui
