#include "xo/tracer/trace_properties.hpp"

#include <cassert>
#include <cctype>

namespace xo::tracer {

namespace {

constexpr std::string_view kParameterPrefix = "CROSSOVER::PARAM::";
constexpr std::string_view kEnvironmentPrefix = "CROSSOVER::ENV::";

std::string_view prefix_of(SettingKind kind) {
  return kind == SettingKind::Parameter ? kParameterPrefix : kEnvironmentPrefix;
}

bool is_natural_letter(SettingKind kind, char c) {
  return kind == SettingKind::Parameter ? (c >= 'a' && c <= 'z') : (c >= 'A' && c <= 'Z');
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Written as itself (a letter of the natural case, a digit or an underscore), else escaped.
bool is_plain(SettingKind kind, char c) { return is_natural_letter(kind, c) || is_digit(c) || c == '_'; }

void append_byte_escape(std::string& out, unsigned char byte) {
  out += "__";
  out += static_cast<char>('0' + byte / 100);
  out += static_cast<char>('0' + byte / 10 % 10);
  out += static_cast<char>('0' + byte % 10);
}

char upper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }
char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

std::string setting_property_name(SettingKind kind, std::string_view name) {
  assert(!name.empty() && "a setting has a name");
  std::string out(prefix_of(kind));
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '_') {
      const bool next_is_underscore = i + 1 < name.size() && name[i + 1] == '_';
      if (next_is_underscore) {
        append_byte_escape(out, '_');
      } else {
        out += '_';
      }
    } else if (is_plain(kind, c)) {
      out += upper(c);
    } else if (is_letter(c)) {
      out += "__";
      out += upper(c);
    } else {
      append_byte_escape(out, static_cast<unsigned char>(c));
    }
  }
  return out;
}

std::optional<std::string> setting_name_of_property(SettingKind kind, std::string_view property) {
  const std::string_view prefix = prefix_of(kind);
  if (property.size() <= prefix.size() || property.substr(0, prefix.size()) != prefix) return std::nullopt;
  const std::string_view encoded = property.substr(prefix.size());
  const bool natural_lower = kind == SettingKind::Parameter;
  std::string name;
  for (std::size_t i = 0; i < encoded.size();) {
    const char c = encoded[i];
    const bool escape = c == '_' && i + 2 < encoded.size() && encoded[i + 1] == '_' && encoded[i + 2] != '_';
    if (!escape) {
      if (c != '_' && !is_letter(c) && !is_digit(c)) return std::nullopt;
      name += is_letter(c) ? (natural_lower ? lower(c) : upper(c)) : c;
      ++i;
      continue;
    }
    const char code = encoded[i + 2];
    if (is_letter(code)) {
      name += natural_lower ? upper(code) : lower(code);
      i += 3;
    } else if (i + 4 < encoded.size() && is_digit(code) && is_digit(encoded[i + 3]) && is_digit(encoded[i + 4])) {
      const int byte = (code - '0') * 100 + (encoded[i + 3] - '0') * 10 + (encoded[i + 4] - '0');
      if (byte > 255) return std::nullopt;
      name += static_cast<char>(byte);
      i += 5;
    } else {
      return std::nullopt;
    }
  }
  return name;
}

}  // namespace xo::tracer
