#include "server/http/message.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace pacwar::server::http {
namespace {

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::string Request::header(std::string_view name) const {
  for (const Header& h : headers) {
    if (same_name(h.name, name)) return h.value;
  }
  return "";
}

bool Request::has_param(std::string_view name) const {
  return std::any_of(params.begin(), params.end(), [&](const auto& p) { return p.first == name; });
}

std::string Request::param(std::string_view name) const {
  for (const auto& [key, value] : params) {
    if (key == name) return value;
  }
  return "";
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 100:
      return "Continue";
    case 200:
      return "OK";
    case 201:
      return "Created";
    case 204:
      return "No Content";
    case 304:
      return "Not Modified";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 409:
      return "Conflict";
    case 411:
      return "Length Required";
    case 413:
      return "Content Too Large";
    case 429:
      return "Too Many Requests";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "";
  }
}

std::string serialize(const Response& response, bool keep_alive, bool head_only) {
  std::string out;
  out.reserve(256 + (head_only ? 0 : response.body.size()));
  out += "HTTP/1.1 ";
  out += std::to_string(response.status);
  out += ' ';
  out += reason_phrase(response.status);
  out += "\r\n";
  if (!response.content_type.empty()) {
    out += "Content-Type: ";
    out += response.content_type;
    out += "\r\n";
  }
  for (const Header& h : response.headers) {
    out += h.name;
    out += ": ";
    out += h.value;
    out += "\r\n";
  }
  if (response.stream) {
    out += "Transfer-Encoding: chunked\r\n";
  } else if (response.status != 204 && response.status != 304 && response.status >= 200) {
    out += "Content-Length: ";
    out += std::to_string(response.body.size());
    out += "\r\n";
  }
  out += keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
  if (!head_only && !response.stream && response.status != 204 && response.status != 304) {
    out += response.body;
  }
  return out;
}

std::string chunk(std::string_view text) {
  char size[20];
  const int n = std::snprintf(size, sizeof size, "%zx\r\n", text.size());
  std::string out;
  out.reserve(static_cast<std::size_t>(n) + text.size() + 2);
  out.append(size, static_cast<std::size_t>(n));
  out += text;
  out += "\r\n";
  return out;
}

}  // namespace pacwar::server::http
