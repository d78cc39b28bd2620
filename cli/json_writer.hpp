#pragma once
// One JSON document written as it goes, members and elements separated as they come, strings
// escaped by the history's JSON (db::json_string): the report's (report_json.cpp) and a
// profile's (report_profile.cpp).

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "xo/db/history_export.hpp"

namespace xo::cli {

// Writes one JSON document: members and elements are separated as they come.
class JsonWriter {
 public:
  explicit JsonWriter(std::FILE* out) : out_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // The key of the next member.
  JsonWriter& key(const char* name) {
    separate();
    std::fprintf(out_, "%s: ", db::json_string(name).c_str());
    after_key_ = true;
    return *this;
  }
  void value(const std::string& text) { scalar(db::json_string(text)); }
  void value(const char* text) { scalar(db::json_string(text)); }
  void value(bool b) { scalar(b ? "true" : "false"); }
  void value(int n) { scalar(std::to_string(n)); }
  void value(std::uint64_t n) { scalar(std::to_string(n)); }
  void value(std::int64_t n) { scalar(std::to_string(n)); }
  void value(double x) {
    if (!std::isfinite(x)) return null();
    char text[40];
    std::snprintf(text, sizeof text, "%.10g", x);
    scalar(text);
  }
  void null() { scalar("null"); }
  template <class T>
  void optional(const std::optional<T>& v) {
    if (v) {
      value(*v);
    } else {
      null();
    }
  }
  void text_or_null(const std::string& text) {
    if (text.empty()) return null();
    value(text);
  }
  void finish() { std::fprintf(out_, "\n"); }

 private:
  void separate() {
    if (after_key_) return;
    if (!first_) std::fprintf(out_, ", ");
    first_ = false;
  }
  void scalar(const std::string& text) {
    separate();
    std::fprintf(out_, "%s", text.c_str());
    after_key_ = false;
  }
  void open(char c) {
    separate();
    std::fprintf(out_, "%c", c);
    after_key_ = false;
    first_ = true;
  }
  void close(char c) {
    std::fprintf(out_, "%c", c);
    first_ = false;
  }

  std::FILE* out_;
  bool first_ = true;
  bool after_key_ = false;
};

}  // namespace xo::cli
