#include "model/report_data.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <stdexcept>

namespace xo::gui {

namespace {

ReportTableData table_of(const QJsonObject& section) {
  ReportTableData t;
  for (const QJsonValue& line : section["lines"].toArray()) t.lines << line.toString();
  const QJsonObject table = section["table"].toObject();
  for (const QJsonValue& h : table["header"].toArray()) t.header << h.toString();
  for (const QJsonValue& row : table["rows"].toArray()) t.rows.push_back(row.toArray().toVariantList());
  return t;
}

std::optional<double> number_in(const QVariant& v) {
  bool ok = false;
  const double x = v.toDouble(&ok);
  return ok && v.typeId() != QMetaType::QString ? std::optional<double>(x) : std::nullopt;
}

}  // namespace

ReportData parse_report_json(const QByteArray& json) {
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
  if (doc.isNull()) throw std::runtime_error("xo report's JSON does not parse: " + error.errorString().toStdString());
  const QJsonValue sections = doc.object()["sections"];
  if (!sections.isArray()) throw std::runtime_error("xo report's JSON has no \"sections\" list");
  ReportData r;
  for (const QJsonValue& value : sections.toArray()) {
    const QJsonObject section = value.toObject();
    const QString key = section["key"].toString();
    if (key == "crossovers") {
      r.has_bench = true;
      const ReportTableData t = table_of(section);
      const auto column = [&](const char* name) { return t.header.indexOf(name); };
      const qsizetype variable = column("variable"), where = column("call"), now = column("now"), best = column("best"),
                      crossing = column("crossing"), finding = column("finding");
      if (variable < 0 || where < 0 || now < 0 || best < 0 || finding < 0) {
        throw std::runtime_error("xo report's crossovers table lacks a column (variable, call, now, best, finding)");
      }
      for (const QVariantList& row : t.rows) {
        if (row.size() < t.header.size()) continue;
        CrossoverMark m{row[variable].toString(), row[where].toString(), row[now].toDouble(), number_in(row[best]),
                        crossing >= 0 ? number_in(row[crossing]) : std::nullopt, row[finding].toString()};
        r.crossovers.push_back(m);
      }
    } else if (key == "recommendations") {
      r.has_bench = true;
      r.recommendations = table_of(section);
      for (const QVariantList& row : r.recommendations.rows) {
        if (!row.isEmpty()) r.export_lines << row[0].toString();
      }
    }
  }
  return r;
}

}  // namespace xo::gui
