#include "xo/db/history_export.hpp"

#include <charconv>
#include <cstdio>
#include <optional>

namespace xo::db {

namespace {

std::string optional_text(const std::optional<double>& value) { return value ? exact_number(*value) : ""; }
std::string optional_json(const std::optional<double>& value) { return value ? exact_number(*value) : "null"; }
// A run's damage: null for a trusted trace.
std::string damage_json(const std::string& damage) { return damage.empty() ? "null" : json_string(damage); }

void write_settings_json(std::ostream& out, const std::vector<Setting>& settings) {
  out << '{';
  for (std::size_t i = 0; i < settings.size(); ++i) {
    out << (i ? ", " : "") << json_string(settings[i].name) << ": " << json_string(settings[i].value);
  }
  out << '}';
}

}  // namespace

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string exact_number(double value) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

void write_csv(std::ostream& out, const std::vector<ExportedRun>& runs) {
  // damage comes last, so that readers of the columns before it by position read them still.
  out << "run,kind,started_at,machine,ranks,program,key,value,unit,direction,lower,upper,damage\r\n";
  for (const ExportedRun& r : runs) {
    const std::string run_fields = std::to_string(r.id) + ',' + run_kind_name(r.run.kind) + ',' +
                                   csv_field(r.run.started_at) + ',' + csv_field(r.run.machine) + ',' +
                                   (r.run.ranks ? std::to_string(*r.run.ranks) : "") + ',' + csv_field(r.run.program);
    for (const Figure& f : r.figures) {
      out << run_fields << ',' << csv_field(f.key) << ',' << exact_number(f.value) << ',' << csv_field(f.unit) << ','
          << direction_name(f.direction) << ',' << optional_text(f.lower) << ',' << optional_text(f.upper) << ','
          << csv_field(r.run.damage) << "\r\n";
    }
  }
}

void write_json(std::ostream& out, const std::vector<ExportedRun>& runs) {
  out << "[";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const ExportedRun& r = runs[i];
    out << (i ? ",\n " : "\n ") << "{\"id\": " << r.id << ", \"kind\": " << json_string(run_kind_name(r.run.kind))
        << ", \"started_at\": " << json_string(r.run.started_at) << ", \"machine\": " << json_string(r.run.machine)
        << ", \"ranks\": " << (r.run.ranks ? std::to_string(*r.run.ranks) : "null")
        << ", \"program\": " << json_string(r.run.program) << ", \"command\": " << json_string(r.run.command)
        << ", \"tool_version\": " << json_string(r.run.tool_version) << ", \"host\": " << json_string(r.run.host)
        << ", \"trace\": " << json_string(r.run.trace) << ", \"damage\": " << damage_json(r.run.damage)
        << ",\n  \"parameters\": ";
    write_settings_json(out, r.run.parameters);
    out << ",\n  \"environment\": ";
    write_settings_json(out, r.run.environment);
    out << ",\n  \"figures\": [";
    for (std::size_t j = 0; j < r.figures.size(); ++j) {
      const Figure& f = r.figures[j];
      out << (j ? ",\n   " : "\n   ") << "{\"key\": " << json_string(f.key) << ", \"value\": " << exact_number(f.value)
          << ", \"unit\": " << json_string(f.unit) << ", \"direction\": " << json_string(direction_name(f.direction))
          << ", \"lower\": " << optional_json(f.lower) << ", \"upper\": " << optional_json(f.upper) << '}';
    }
    out << (r.figures.empty() ? "]}" : "\n  ]}");
  }
  out << (runs.empty() ? "]\n" : "\n]\n");
}

}  // namespace xo::db
