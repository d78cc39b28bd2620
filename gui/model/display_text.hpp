#pragma once
// The analyzer's text and numbers as Qt shows them: one conversion each, so that every view reads
// a string of the trace and a size the same way.

#include <QString>
#include <string_view>

#include "xo/analyzer/analysis/number_text.hpp"

namespace xo::gui {

inline QString text_of(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// A size in binary units, as analyzer::bytes_text writes it: "0 B", "1.19 KiB", "1 MiB".
inline QString size_text(double bytes) { return QString::fromStdString(analyzer::bytes_text(bytes)); }

}  // namespace xo::gui
