#include "tools/state_brief.h"

#include <cctype>
#include <charconv>

namespace pacwar::tools {
namespace {

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  bool top_object(Brief& brief) {
    if (!expect('{')) return false;
    if (peek_is('}')) return skip_char() && at_end();
    while (true) {
      std::string key;
      if (!string(&key) || !expect(':')) return false;
      if (!member(key, brief)) return false;
      if (peek_is(',')) {
        skip_char();
        continue;
      }
      return expect('}') && at_end();
    }
  }

 private:
  bool member(const std::string& key, Brief& brief) {
    if (key == "your_turn") return boolean(brief.your_turn);
    if (key == "status") return string(&brief.status);
    if (key == "version") return integer(brief.version);
    if (key == "log_from") return integer(brief.log_from);
    if (key == "log") return count_items(brief.log_lines);
    if (key == "legal") return legal(brief.legal);
    return skip_value();
  }

  // [{"id": "...", ...}, ...]
  bool legal(std::vector<std::string>& ids) {
    if (!expect('[')) return false;
    if (peek_is(']')) return skip_char();
    while (true) {
      if (!expect('{')) return false;
      if (!peek_is('}')) {
        while (true) {
          std::string key;
          if (!string(&key) || !expect(':')) return false;
          if (key == "id") {
            ids.emplace_back();
            if (!string(&ids.back())) return false;
          } else if (!skip_value()) {
            return false;
          }
          if (!peek_is(',')) break;
          skip_char();
        }
      }
      if (!expect('}')) return false;
      if (!peek_is(',')) break;
      skip_char();
    }
    return expect(']');
  }

  bool count_items(std::int64_t& count) {
    if (!expect('[')) return false;
    if (peek_is(']')) return skip_char();
    while (true) {
      if (!skip_value()) return false;
      ++count;
      if (!peek_is(',')) break;
      skip_char();
    }
    return expect(']');
  }

  bool boolean(bool& value) {
    space();
    if (text_.substr(pos_, 4) == "true") {
      value = true;
      pos_ += 4;
      return true;
    }
    if (text_.substr(pos_, 5) == "false") {
      value = false;
      pos_ += 5;
      return true;
    }
    return false;
  }

  bool integer(std::int64_t& value) {
    space();
    const char* first = text_.data() + pos_;
    const auto [end, error] = std::from_chars(first, text_.data() + text_.size(), value);
    if (error != std::errc()) return false;
    pos_ += static_cast<std::size_t>(end - first);
    return true;
  }

  // A string; decoded into `out` when given (the escapes the server writes: \" \\ \/ \b \f \n
  // \r \t; \uXXXX kept as written).
  bool string(std::string* out) {
    if (!expect('"')) return false;
    while (pos_ < text_.size()) {
      const char c = text_[pos_++];
      if (c == '"') return true;
      if (c == '\\') {
        if (pos_ >= text_.size()) return false;
        const char e = text_[pos_++];
        if (out == nullptr) continue;
        switch (e) {
          case 'n':
            out->push_back('\n');
            break;
          case 't':
            out->push_back('\t');
            break;
          case 'r':
            out->push_back('\r');
            break;
          case 'b':
            out->push_back('\b');
            break;
          case 'f':
            out->push_back('\f');
            break;
          case 'u':
            out->append("\\u");
            break;
          default:
            out->push_back(e);
            break;
        }
        continue;
      }
      if (out != nullptr) out->push_back(c);
    }
    return false;
  }

  // Any value, not decoded: strings are skipped as strings, so brackets inside them do not count.
  bool skip_value() {
    space();
    if (pos_ >= text_.size()) return false;
    const char c = text_[pos_];
    if (c == '"') return string(nullptr);
    if (c != '{' && c != '[') {
      // A number, true, false or null: up to the next delimiter.
      const std::size_t start = pos_;
      while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '}' &&
             text_[pos_] != ']' && !std::isspace(static_cast<unsigned char>(text_[pos_]))) {
        ++pos_;
      }
      return pos_ > start;
    }
    int depth = 0;
    while (pos_ < text_.size()) {
      const char d = text_[pos_];
      if (d == '"') {
        if (!string(nullptr)) return false;
        continue;
      }
      ++pos_;
      if (d == '{' || d == '[') {
        ++depth;
      } else if (d == '}' || d == ']') {
        if (--depth == 0) return true;
      }
    }
    return false;
  }

  void space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool peek_is(char c) {
    space();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool skip_char() {
    ++pos_;
    return true;
  }
  bool expect(char c) {
    if (!peek_is(c)) return false;
    ++pos_;
    return true;
  }
  bool at_end() {
    space();
    return pos_ == text_.size();
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

bool read_brief(std::string_view text, Brief& brief) {
  brief = Brief();
  return Scanner(text).top_object(brief);
}

}  // namespace pacwar::tools
