#pragma once
// What the GUI takes from `xo report --format json` (docs/report-schema.md): the crossovers of the
// machine's switch points and the recommendations with their `export` lines. The report computes
// them (it benchmarks the trace's machine model, or, for a real MPI's job, prices it with a stored
// xo bench --mpi); the GUI only reads its JSON, so the logic lives in one place.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <optional>
#include <vector>

#include "model/table_model.hpp"

namespace xo::gui {

struct ReportTableData {
  QStringList header;
  std::vector<QVariantList> rows;
  std::vector<CellUnit> units;  // by column: how its numbers read
  QStringList lines;            // the section's lines ("none: ...")
};

struct CrossoverMark {
  QString variable;                // MPICH_MAX_SHORT_MSG_SIZE
  QString where;                   // "point-to-point", "MPI_Reduce on 8 ranks"
  double now = 0;                  // the run's setting
  std::optional<double> best;      // the setting the bench favours
  std::optional<double> crossing;  // where the two sides' lines cross (column "crossing")
  QString finding;
  QString operation;  // the collective ("MPI_Reduce"), empty for point-to-point

  bool point_to_point() const { return where == "point-to-point"; }
};

// What a recommendation changes in this run, so the timeline can show it: the point-to-point
// messages it moves to another protocol (a protocol and a size range), or the calls of a
// collective whose algorithm it switches.
struct RecommendationTarget {
  QString variable;
  QString protocol;  // the messages' protocol now; empty for a collective's setting
  double smallest_bytes = 0, largest_bytes = 0;
  QString operation;  // the collective's calls ("MPI_Allreduce"), from its crossover; else empty
};

struct ReportData {
  std::vector<CrossoverMark> crossovers;
  ReportTableData recommendations;            // header: setting, predicted saving s, ...
  std::vector<RecommendationTarget> targets;  // by recommendation row
  QStringList export_lines;                   // the recommendations' first column
  bool has_bench = false;                     // false for a foreign trace, --no-bench, or a real job without a bench
};

// The version of xo report's JSON (docs/report-schema.md) this GUI reads.
inline constexpr int kReportSchemaVersion = 1;

// Reads the report by field, never by a column's header text. Throws std::runtime_error with one
// line naming what is missing or malformed.
ReportData parse_report_json(const QByteArray& json);

}  // namespace xo::gui
