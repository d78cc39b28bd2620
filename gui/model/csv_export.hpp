#pragma once
// The summary's tables as CSV files (RFC 4180: fields with a comma, quote or line break quoted,
// quotes doubled, CRLF line ends) for a spreadsheet or a script: numbers as plain values in base
// units, the unit in the column's header ("time [s]", "bytes [B]"), never the display text
// ("474 µs"). The communication matrix is written long (sender, receiver, bytes, messages), one
// line per pair that exchanged anything, which any tool reads whatever the job size.

#include <QString>
#include <QStringList>

#include "model/trace_analysis.hpp"

namespace xo::gui {

QString csv_field(const QString& text);
QString table_csv(const ReportTableData& table);
QString sizes_csv(const std::vector<SizeBin>& sizes);
QString matrix_csv(const CommMatrix& matrix);

// Writes by_call.csv, by_call_site.csv, by_protocol.csv, wait_states.csv, message_sizes.csv and
// communication_matrix.csv into `directory` (which must exist); returns the files written. Throws
// std::runtime_error naming the file that could not be written and why.
QStringList write_summary_csv(const TraceAnalysis& analysis, const QString& directory);

}  // namespace xo::gui
