// Small text helpers of HTTP header fields, shared by the server's request parser and the load
// tool's response parser.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace pacwar::server::http {

inline std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Without leading and trailing spaces and tabs (optional whitespace, RFC 9110).
inline std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// Whether a comma-separated field value (e.g. Connection, Transfer-Encoding) holds `token`, in
// any case; `token` is given in lower case.
inline bool has_token(std::string_view list, std::string_view token) {
  const std::string text = lower(list);
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t end = std::min(text.find(',', pos), text.size());
    if (trim(std::string_view(text).substr(pos, end - pos)) == token) return true;
    pos = end + 1;
  }
  return false;
}

}  // namespace pacwar::server::http
