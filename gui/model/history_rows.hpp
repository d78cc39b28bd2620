#pragma once
// The benchmark history as the GUI shows it: plain rows (run, time, machine, figure, value) in a
// table model, whatever feeds them. Today they come from `xo history export --format json` (the
// history issue's command; its JSON is a list of runs, each with "figures": key, value, unit); when
// the history library is merged, a loader can fill the same rows from it directly.

#include <QAbstractTableModel>
#include <QByteArray>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <vector>

namespace xo::gui {

struct HistoryRow {
  qint64 run = 0;
  QString time;  // when the run started, as the history records it
  QString machine;
  QString figure;  // "fit/short/L"
  double value = 0;
  QString unit;
};

// Throws std::runtime_error naming what is malformed.
std::vector<HistoryRow> parse_history_json(const QByteArray& json);

// The figures the rows have, sorted; and one figure's values by run, for a trend chart.
QStringList history_figures(const std::vector<HistoryRow>& rows);
std::vector<QPointF> history_trend(const std::vector<HistoryRow>& rows, const QString& figure);

class HistoryModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  using QAbstractTableModel::QAbstractTableModel;

  void set_rows(std::vector<HistoryRow> rows);
  const std::vector<HistoryRow>& rows() const { return rows_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  std::vector<HistoryRow> rows_;
};

}  // namespace xo::gui
