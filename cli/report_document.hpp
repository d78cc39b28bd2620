#pragma once
// A report for people as sections of lines and tables, rendered as text for a terminal or Markdown
// for a page. (Programs get JSON from the typed report: report_json.hpp.)

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

// Text or Markdown; the JSON is written from the typed report instead.
void render(const ReportDocument& document, ReportFormat format, std::FILE* out);

}  // namespace xo::cli
