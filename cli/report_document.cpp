#include "report_document.hpp"

#include "table.hpp"

namespace xo::cli {

namespace {

void render_text(const ReportDocument& d, std::FILE* out) {
  std::fprintf(out, "%s\n", d.title.c_str());
  for (const ReportSection& s : d.sections) {
    std::fprintf(out, "\n%s\n", s.title.c_str());
    for (const std::string& line : s.lines) std::fprintf(out, "  %s\n", line.c_str());
    if (s.table && !s.table->rows.empty()) {
      std::vector<std::vector<std::string>> rows = {s.table->header};
      rows.insert(rows.end(), s.table->rows.begin(), s.table->rows.end());
      print_table(rows, out);
    }
  }
}

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

void render_markdown(const ReportDocument& d, std::FILE* out) {
  std::fprintf(out, "# %s\n", d.title.c_str());
  for (const ReportSection& s : d.sections) {
    std::fprintf(out, "\n## %s\n\n", s.title.c_str());
    for (const std::string& line : s.lines) std::fprintf(out, "- %s\n", line.c_str());
    if (!s.table || s.table->rows.empty()) continue;
    if (!s.lines.empty()) std::fprintf(out, "\n");
    auto row = [&](const std::vector<std::string>& cells) {
      std::fprintf(out, "|");
      for (const std::string& c : cells) std::fprintf(out, " %s |", markdown_cell(c).c_str());
      std::fprintf(out, "\n");
    };
    row(s.table->header);
    std::fprintf(out, "|");
    for (std::size_t i = 0; i < s.table->header.size(); ++i) std::fprintf(out, "---|");
    std::fprintf(out, "\n");
    for (const auto& r : s.table->rows) row(r);
  }
}

}  // namespace

void render(const ReportDocument& document, ReportFormat format, std::FILE* out) {
  if (format == ReportFormat::Markdown) {
    render_markdown(document, out);
  } else {
    render_text(document, out);
  }
}

}  // namespace xo::cli
