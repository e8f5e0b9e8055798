#include "server/http/parser.h"

#include <algorithm>
#include <cctype>

#include "server/http/text.h"

namespace pacwar::server::http {
namespace {

using Status = ParseResult::Status;

ParseResult error(int status, std::string why) {
  ParseResult result;
  result.status = Status::kError;
  result.error_status = status;
  result.error = std::move(why);
  return result;
}

// RFC 9110 token characters (method and field names).
bool is_token(std::string_view text) {
  static constexpr std::string_view kExtra = "!#$%&'*+-.^_`|~";
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) {
    return std::isalnum(c) || kExtra.find(static_cast<char>(c)) != std::string_view::npos;
  });
}

void split_target(Request& request) {
  const std::string_view target = request.target;
  const std::size_t question = target.find('?');
  request.path = percent_decode(target.substr(0, question), false);
  request.params.clear();
  if (question == std::string_view::npos) return;
  std::string_view query = target.substr(question + 1);
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view item = query.substr(0, amp);
    if (!item.empty()) {
      const std::size_t eq = item.find('=');
      request.params.emplace_back(
          percent_decode(item.substr(0, eq), true),
          eq == std::string_view::npos ? "" : percent_decode(item.substr(eq + 1), true));
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string percent_decode(std::string_view text, bool plus_as_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%' && i + 2 < text.size()) {
      const int high = hex_value(text[i + 1]);
      const int low = hex_value(text[i + 2]);
      if (high >= 0 && low >= 0) {
        out.push_back(static_cast<char>(high * 16 + low));
        i += 2;
        continue;
      }
    }
    out.push_back(plus_as_space && c == '+' ? ' ' : c);
  }
  return out;
}

ParseResult parse_request(std::string_view data, const ParseLimits& limits, Request& request) {
  const std::size_t head_end = data.find("\r\n\r\n");
  if (head_end == std::string_view::npos) {
    if (data.size() > limits.max_head) {
      return error(431, "the request line and header fields are too large");
    }
    return {};
  }
  if (head_end + 4 > limits.max_head) {
    return error(431, "the request line and header fields are too large");
  }
  const std::string_view head = data.substr(0, head_end);
  const std::size_t line_end = std::min(head.find("\r\n"), head.size());
  const std::string_view line = head.substr(0, line_end);

  // Request line: method SP target SP HTTP-version.
  const std::size_t sp1 = line.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos) {
    return error(400, "malformed request line");
  }
  const std::string_view method = line.substr(0, sp1);
  const std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  const std::string_view version = line.substr(sp2 + 1);
  if (!is_token(method)) return error(400, "malformed request method");
  if (target.empty() || target.front() != '/') {
    return error(400, "the request target must be a path starting with '/'");
  }
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    return error(505, "only HTTP/1.1 and HTTP/1.0 are served");
  }
  request.method = std::string(method);
  request.target = std::string(target);
  request.headers.clear();
  request.body.clear();
  request.matches.clear();
  split_target(request);

  // Header fields: name ":" OWS value OWS, one per line (no obsolete line folding).
  std::size_t pos = line_end + 2;
  while (pos < head.size()) {
    std::size_t end = head.find("\r\n", pos);
    if (end == std::string_view::npos) end = head.size();
    const std::string_view field = head.substr(pos, end - pos);
    pos = end + 2;
    if (field.empty()) continue;
    const std::size_t colon = field.find(':');
    if (colon == std::string_view::npos || !is_token(field.substr(0, colon))) {
      return error(400, "malformed header field");
    }
    // RFC 9110 5.5: a field value holds visible characters, spaces and tabs; a NUL, CR, LF or
    // other control character is an error (RFC 9112 2.2 lets a server refuse the message).
    const std::string_view value = trim(field.substr(colon + 1));
    if (const auto bad =
            std::find_if(value.begin(), value.end(),
                         [](unsigned char c) { return (c < 0x20 && c != '\t') || c == 0x7f; });
        bad != value.end()) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      const auto c = static_cast<unsigned char>(*bad);
      return error(400, "the header field " + std::string(field.substr(0, colon)) +
                            " holds the control character 0x" + kHex[c >> 4] + kHex[c & 15]);
    }
    request.headers.push_back({lower(field.substr(0, colon)), std::string(value)});
  }
  // RFC 9112 6.3: Content-Length fields with different values make the message invalid (the
  // same value twice is one length). Which one a proxy in front used cannot be known.
  const std::string* content_length = nullptr;
  for (const auto& [name, value] : request.headers) {
    if (name != "content-length") continue;
    if (content_length != nullptr && *content_length != value) {
      return error(
          400, "two Content-Length fields disagree (" + *content_length + " and " + value + ")");
    }
    content_length = &value;
  }

  const std::string connection = request.header("connection");
  request.keep_alive =
      version == "HTTP/1.1" ? !has_token(connection, "close") : has_token(connection, "keep-alive");
  if (!request.header("transfer-encoding").empty()) {
    return error(411, "send the body with a Content-Length (chunked bodies are not accepted)");
  }
  std::size_t length = 0;
  const std::string length_text = request.header("content-length");
  if (!length_text.empty()) {
    if (length_text.size() > 15 || !std::all_of(length_text.begin(), length_text.end(),
                                                [](unsigned char c) { return std::isdigit(c); })) {
      return error(400, "malformed Content-Length");
    }
    length = std::stoull(length_text);
  }
  const std::size_t total = head_end + 4 + length;
  if (length > limits.max_body) {
    if (length > limits.max_discard) return error(413, "the request body is too large");
    if (data.size() < total) return {};
    ParseResult result = error(413, "the request body is too large");
    result.consumed = total;
    result.keep_open = request.keep_alive;
    return result;
  }
  if (data.size() < total) {
    ParseResult result;
    result.expect_continue = has_token(request.header("expect"), "100-continue");
    return result;
  }
  request.body = std::string(data.substr(head_end + 4, length));
  ParseResult result;
  result.status = Status::kComplete;
  result.consumed = total;
  return result;
}

}  // namespace pacwar::server::http
