#include "model/csv_export.hpp"

#include <QDir>
#include <QSaveFile>
#include <stdexcept>

namespace xo::gui {

namespace {

QString unit_suffix(CellUnit unit) {
  switch (unit) {
    case CellUnit::Seconds: return " [s]";
    case CellUnit::Bytes: return " [B]";
    case CellUnit::Percent: return " [%]";
    case CellUnit::Count:
    case CellUnit::Plain: break;
  }
  return {};
}

QString value_text(const QVariant& value) {
  switch (value.typeId()) {
    case QMetaType::Double:
    case QMetaType::Float: return QString::number(value.toDouble(), 'g', 17);
    default: return value.toString();
  }
}

QString line(const QStringList& fields) {
  QStringList quoted;
  for (const QString& f : fields) quoted << csv_field(f);
  return quoted.join(',') + "\r\n";
}

}  // namespace

QString csv_field(const QString& text) {
  if (!text.contains(',') && !text.contains('"') && !text.contains('\n') && !text.contains('\r')) return text;
  QString escaped = text;
  escaped.replace('"', "\"\"");
  return '"' + escaped + '"';
}

QString table_csv(const ReportTableData& table) {
  QStringList header;
  for (qsizetype c = 0; c < table.header.size(); ++c) {
    const auto column = static_cast<std::size_t>(c);
    header << table.header[c] + unit_suffix(column < table.units.size() ? table.units[column] : CellUnit::Plain);
  }
  QString out = line(header);
  for (const QVariantList& row : table.rows) {
    QStringList fields;
    for (const QVariant& cell : row) fields << value_text(cell);
    out += line(fields);
  }
  return out;
}

QString sizes_csv(const std::vector<SizeBin>& sizes) {
  QString out = line({"from [B]", "below [B]", "messages"});
  for (const SizeBin& b : sizes) {
    out += line({QString::number(b.lower), QString::number(b.upper), QString::number(b.messages)});
  }
  return out;
}

QString matrix_csv(const CommMatrix& m) {
  // Cells stand for blocks of ranks above kMostMatrixRanks: the first and last rank of each.
  QString out = line(
      {"sender first rank", "sender last rank", "receiver first rank", "receiver last rank", "bytes [B]", "messages"});
  for (int s = 0; s < m.cells; ++s) {
    for (int r = 0; r < m.cells; ++r) {
      const auto i = static_cast<std::size_t>(s) * static_cast<std::size_t>(m.cells) + static_cast<std::size_t>(r);
      if (m.messages[i] == 0) continue;
      const int s0 = s * m.block, r0 = r * m.block;
      out += line({QString::number(s0), QString::number(std::min(m.ranks, s0 + m.block) - 1), QString::number(r0),
                   QString::number(std::min(m.ranks, r0 + m.block) - 1), QString::number(m.bytes[i]),
                   QString::number(m.messages[i])});
    }
  }
  return out;
}

QStringList write_summary_csv(const TraceAnalysis& a, const QString& directory) {
  const std::pair<const char*, QString> files[] = {
      {"by_call.csv", table_csv(a.by_call)},
      {"by_call_site.csv", table_csv(a.by_call_site)},
      {"by_protocol.csv", table_csv(a.by_protocol)},
      {"wait_states.csv", table_csv(a.waits)},
      {"message_sizes.csv", sizes_csv(a.messages.sizes)},
      {"communication_matrix.csv", matrix_csv(a.messages.matrix)},
  };
  QStringList written;
  for (const auto& [name, text] : files) {
    const QString path = QDir(directory).filePath(name);
    QSaveFile file(path);  // a half-written file never replaces a whole one
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
      throw std::runtime_error(QString("cannot write %1: %2; choose a directory you may write in")
                                   .arg(path, file.errorString())
                                   .toStdString());
    }
    written << path;
  }
  return written;
}

}  // namespace xo::gui
