// Writes JSON text straight into a string, without building a tree: the web server's answers
// (a seat's view, the legal actions, the log) are written this way because building them as
// nlohmann::json trees first cost most of the server's time (docs/performance.md, "Web server").
// The text is the same as nlohmann::json's dump() of the same values: no spaces, strings escaped
// alike, so a caller that writes an object's keys in sorted order (as nlohmann::json keeps them)
// produces the same bytes. Values are written as nlohmann::json would convert the same C++ type:
// bool as true/false, any other integer type as a number.
#pragma once

#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace pacwar::engine {

using Json = nlohmann::json;

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  void begin_object() {
    separate();
    out_ += '{';
    comma_ = false;
  }
  void end_object() {
    out_ += '}';
    comma_ = true;
  }
  void begin_array() {
    separate();
    out_ += '[';
    comma_ = false;
  }
  void end_array() {
    out_ += ']';
    comma_ = true;
  }
  // An object member's key; its value follows.
  void key(std::string_view name) {
    separate();
    string_text(name);
    out_ += ':';
    comma_ = false;
  }

  void value(std::string_view text) {
    separate();
    string_text(text);
    comma_ = true;
  }
  void value(const std::string& text) { value(std::string_view(text)); }
  void value(const char* text) { value(std::string_view(text)); }
  void value(bool b) {
    separate();
    out_ += b ? "true" : "false";
    comma_ = true;
  }
  template <std::integral T>
  requires(!std::same_as<T, bool>) void value(T number) {
    separate();
    if constexpr (std::signed_integral<T>) {
      integer_text(static_cast<std::int64_t>(number));
    } else {
      unsigned_text(static_cast<std::uint64_t>(number));
    }
    comma_ = true;
  }
  void null() {
    separate();
    out_ += "null";
    comma_ = true;
  }
  // A value given as a tree (parts that are not hot), serialized as dump() does.
  void value(const Json& json) {
    separate();
    out_ += json.dump();
    comma_ = true;
  }
  // A value already serialized (e.g. cached text).
  void raw(std::string_view text) {
    separate();
    out_ += text;
    comma_ = true;
  }

  // Appends a value's text directly: begin_raw() returns the output (after the comma when one
  // is due); the caller appends one complete value, or a part of an object that the writer
  // began (members with their leading commas), then calls end_raw().
  std::string& begin_raw() {
    separate();
    return out_;
  }
  void end_raw() { comma_ = true; }

  // key(name) then value(v).
  template <class T>
  void field(std::string_view name, const T& v) {
    key(name);
    value(v);
  }

  // Appends `text` as a quoted JSON string, escaped as nlohmann::json::dump() does.
  static void append_string(std::string& out, std::string_view text);

 private:
  void separate() {
    if (comma_) out_ += ',';
  }
  void string_text(std::string_view text) { append_string(out_, text); }
  void integer_text(std::int64_t n);
  void unsigned_text(std::uint64_t n);

  std::string& out_;
  bool comma_ = false;
};

}  // namespace pacwar::engine
