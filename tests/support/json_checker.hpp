#pragma once
// A strict JSON syntax checker (RFC 8259) for tests of JSON output: whether the text is exactly one
// JSON value. It builds nothing; the tests look for the content separately.

#include <cctype>
#include <cstring>
#include <string_view>

namespace xo::test {

class JsonChecker {
 public:
  static bool valid(std::string_view text) {
    JsonChecker c(text);
    c.space();
    if (!c.value()) return false;
    c.space();
    return c.at_ == text.size();
  }

 private:
  explicit JsonChecker(std::string_view text) : text_(text) {}
  bool more() const { return at_ < text_.size(); }
  char peek() const { return more() ? text_[at_] : '\0'; }
  void space() {
    while (more() && std::strchr(" \t\r\n", text_[at_]) != nullptr) ++at_;
  }
  bool literal(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }
  bool digits() {
    const std::size_t start = at_;
    while (std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
    return at_ > start;
  }
  bool number() {
    if (peek() == '-') ++at_;
    if (peek() == '0') {
      ++at_;
    } else if (!digits()) {
      return false;
    }
    if (peek() == '.' && (++at_, !digits())) return false;
    if (peek() == 'e' || peek() == 'E') {
      ++at_;
      if (peek() == '+' || peek() == '-') ++at_;
      if (!digits()) return false;
    }
    return true;
  }
  bool string() {
    if (peek() != '"') return false;
    for (++at_; more(); ++at_) {
      const unsigned char c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') return ++at_, true;
      if (c < 0x20) return false;
      if (c != '\\') continue;
      ++at_;
      if (peek() == 'u') {
        for (int i = 0; i < 4; ++i) {
          ++at_;
          if (!std::isxdigit(static_cast<unsigned char>(peek()))) return false;
        }
      } else if (std::strchr("\"\\/bfnrt", peek()) == nullptr || !more()) {
        return false;
      }
    }
    return false;
  }
  // A '[' or '{' sequence of items separated by commas.
  bool sequence(char close, bool members) {
    ++at_;
    space();
    if (peek() == close) return ++at_, true;
    while (true) {
      if (members) {
        if (!string()) return false;
        space();
        if (peek() != ':') return false;
        ++at_;
        space();
      }
      if (!value()) return false;
      space();
      if (peek() == close) return ++at_, true;
      if (peek() != ',') return false;
      ++at_;
      space();
    }
  }
  bool value() {
    switch (peek()) {
      case '{': return sequence('}', true);
      case '[': return sequence(']', false);
      case '"': return string();
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default: return number();
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace xo::test
