#include "engine/json_writer.h"

#include <charconv>
#include <cstring>

namespace pacwar::engine {

namespace {

// True when one of the 8 bytes of `v` is below 0x20, '"' or '\\' (a byte that needs escaping).
bool needs_escape(std::uint64_t v) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  const auto zero_byte = [](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
  const std::uint64_t below_space = (v - kOnes * 0x20) & ~v & kHigh;
  return (below_space | zero_byte(v ^ (kOnes * '"')) | zero_byte(v ^ (kOnes * '\\'))) != 0;
}

}  // namespace

void JsonWriter::append_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  std::size_t start = 0;
  std::size_t i = 0;
  // Eight bytes at a time while none needs escaping (most strings: ids, names, labels).
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t v;
    std::memcpy(&v, text.data() + i, 8);
    if (needs_escape(v)) break;
  }
  for (; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(text, start, i - start);
    start = i + 1;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default: {
        const char escape[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
        out.append(escape, sizeof escape);
      }
    }
  }
  out.append(text, start, text.size() - start);
  out += '"';
}

void JsonWriter::integer_text(std::int64_t n) {
  char buffer[24];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, n).ptr;
  out_.append(buffer, end);
}

void JsonWriter::unsigned_text(std::uint64_t n) {
  char buffer[24];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, n).ptr;
  out_.append(buffer, end);
}

}  // namespace pacwar::engine
