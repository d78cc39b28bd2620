#include "model/report_data.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <stdexcept>
#include <string>

namespace xo::gui {

namespace {

std::optional<double> number_in(const QJsonValue& v) {
  return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

QString text_of(const QJsonValue& v) { return v.isString() ? v.toString() : QString("-"); }

// A share in percent (shown "12.4 %" by its column's unit), or "-".
QVariant percent_of(const QJsonValue& v) { return v.isDouble() ? QVariant(v.toDouble()) : QVariant(QString("-")); }

}  // namespace

ReportData parse_report_json(const QByteArray& json) {
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
  if (doc.isNull()) throw std::runtime_error("xo report's JSON does not parse: " + error.errorString().toStdString());
  const QJsonObject report = doc.object();
  if (report["schema"].toString() != "crossover-report") {
    throw std::runtime_error("not the JSON of xo report (no \"schema\": \"crossover-report\")");
  }
  if (report["version"].toInt() != kReportSchemaVersion) {
    throw std::runtime_error("xo report wrote schema version " + std::to_string(report["version"].toInt()) +
                             ", this GUI reads version " + std::to_string(kReportSchemaVersion) +
                             ": use the xo built with it");
  }
  ReportData r;
  const QJsonValue bench = report["bench"];
  // A real MPI's job: its advice comes from an xo bench --mpi in the history, if there is one.
  const QJsonValue real_bench = report["library"].toObject()["bench"];
  if (!bench.isObject() && !real_bench.isObject()) return r;  // a foreign trace or --no-bench
  if (real_bench.isObject() && real_bench.toObject()["run"].isNull()) {
    r.recommendations.lines << "no advice: " + real_bench.toObject()["missing"].toString();
    return r;
  }
  r.has_bench = true;
  for (const QJsonValue& value : bench.toObject()["crossovers"].toArray()) {
    const QJsonObject c = value.toObject();
    r.crossovers.push_back({c["variable"].toString(), c["call"].toString(), c["now"].toDouble(), number_in(c["best"]),
                            number_in(c["crossing"].toObject()["value"]), c["finding"].toString(),
                            c["operation"].isString() ? c["operation"].toString() : QString()});
  }
  r.recommendations.header = {"setting", "predicted saving", "share of MPI", "simulated saving",
                              "chosen",  "affected",         "evidence",     "cost"};
  using U = CellUnit;
  r.recommendations.units = {U::Plain, U::Seconds, U::Percent, U::Seconds, U::Plain, U::Count, U::Plain, U::Plain};
  for (const QJsonValue& value : report["recommendations"].toArray()) {
    const QJsonObject rec = value.toObject();
    const QVariant saving =
        rec["required"].toBool() ? QVariant(QString("needed")) : QVariant(rec["predicted_saving_seconds"].toDouble());
    const QJsonValue simulated = rec["simulated_saving_seconds"];
    const bool chosen = rec["chosen"].toBool(true);
    r.recommendations.rows.push_back({rec["export"].toString(), saving, percent_of(rec["percent_of_mpi"]),
                                      simulated.isDouble() ? QVariant(simulated.toDouble()) : QVariant(QString("-")),
                                      chosen ? QString("yes") : QString("no"), rec["affected"].toDouble(),
                                      rec["evidence"].toString(), text_of(rec["cost"])});
    // The lines to paste: the set the simulation chose (all of them when it was not run).
    if (chosen) r.export_lines << rec["export"].toString();
    RecommendationTarget target{rec["variable"].toString(), {}, 0, 0, {}};
    if (const QJsonObject moves = rec["moves"].toObject(); !moves.isEmpty()) {
      target.protocol = moves["protocol"].toString();
      target.smallest_bytes = moves["smallest_bytes"].toDouble();
      target.largest_bytes = moves["largest_bytes"].toDouble();
    }
    for (const CrossoverMark& c : r.crossovers) {
      if (c.variable == target.variable && !c.operation.isEmpty()) target.operation = c.operation;
    }
    r.targets.push_back(target);
  }
  if (r.recommendations.rows.empty()) {
    r.recommendations.lines
        << "none: by the bench's measurements, no setting would make this run's communication faster";
  }
  return r;
}

}  // namespace xo::gui
