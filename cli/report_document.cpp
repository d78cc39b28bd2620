#include "report_document.hpp"

#include <cstdlib>

#include "table.hpp"
#include "xo/db/history_export.hpp"

namespace xo::cli {

namespace {

using db::json_string;  // one JSON string writer for reports and the history's export

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

// A cell that is a whole number in JSON's grammar is written as a number.
std::string json_value(const std::string& text) {
  if (text.empty() || text == "-" || text.back() == '.') return json_string(text);
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  const bool number = *end == '\0' && text.find_first_not_of("0123456789.-+eE") == std::string::npos &&
                      text[0] != '+' && text[0] != '.' && !(text.size() > 1 && text[0] == '0' && text[1] != '.');
  return number ? text : json_string(text);
}

template <class Item, class Write>
void json_list(std::FILE* out, const std::vector<Item>& items, Write write) {
  std::fprintf(out, "[");
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) std::fprintf(out, ", ");
    write(items[i]);
  }
  std::fprintf(out, "]");
}

void render_json(const ReportDocument& d, std::FILE* out) {
  std::fprintf(out, "{\"title\": %s, \"sections\": [", json_string(d.title).c_str());
  for (std::size_t i = 0; i < d.sections.size(); ++i) {
    const ReportSection& s = d.sections[i];
    std::fprintf(out, "%s\n  {\"key\": %s, \"title\": %s, \"lines\": ", i ? "," : "", json_string(s.key).c_str(),
                 json_string(s.title).c_str());
    json_list(out, s.lines, [&](const std::string& l) { std::fprintf(out, "%s", json_string(l).c_str()); });
    if (s.table) {
      std::fprintf(out, ", \"table\": {\"header\": ");
      json_list(out, s.table->header, [&](const std::string& h) { std::fprintf(out, "%s", json_string(h).c_str()); });
      std::fprintf(out, ", \"rows\": ");
      json_list(out, s.table->rows, [&](const std::vector<std::string>& r) {
        json_list(out, r, [&](const std::string& c) { std::fprintf(out, "%s", json_value(c).c_str()); });
      });
      std::fprintf(out, "}");
    }
    std::fprintf(out, "}");
  }
  std::fprintf(out, "\n]}\n");
}

}  // namespace

void render(const ReportDocument& document, ReportFormat format, std::FILE* out) {
  switch (format) {
    case ReportFormat::Text: render_text(document, out); break;
    case ReportFormat::Json: render_json(document, out); break;
    case ReportFormat::Markdown: render_markdown(document, out); break;
  }
}

}  // namespace xo::cli
