#pragma once
// A report as sections of lines and tables, rendered as text for a terminal, Markdown for a page
// or JSON for a program (cells that are numbers become JSON numbers).

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace xo::cli {

struct ReportTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

struct ReportSection {
  std::string key;    // for JSON: "recommendations"
  std::string title;  // "Recommendations"
  std::vector<std::string> lines;
  std::optional<ReportTable> table;
};

struct ReportDocument {
  std::string title;
  std::vector<ReportSection> sections;
};

enum class ReportFormat { Text, Json, Markdown };

void render(const ReportDocument& document, ReportFormat format, std::FILE* out);

}  // namespace xo::cli
