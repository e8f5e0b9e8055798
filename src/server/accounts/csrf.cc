#include "server/accounts/csrf.h"

#include <algorithm>
#include <cctype>

#include "server/http/text.h"

namespace pacwar::server {
namespace {

// The media type of a Content-Type value: before any ';', trimmed, lower case.
std::string media_type(const std::string& value) {
  std::string type = value.substr(0, value.find(';'));
  const auto first = type.find_first_not_of(" \t");
  const auto last = type.find_last_not_of(" \t");
  if (first == std::string::npos) return "";
  return http::lower(type.substr(first, last - first + 1));
}

// Header values quoted in an error message: printable ASCII, at most 100 characters.
std::string quoted(const std::string& value) {
  std::string out;
  for (const char c : value.substr(0, 100)) {
    out += (c >= 0x20 && c < 0x7f) ? c : '?';
  }
  return "'" + out + "'";
}

}  // namespace

bool is_state_changing(std::string_view method) {
  return method != "GET" && method != "HEAD" && method != "OPTIONS";
}

std::optional<std::string> cross_site_refusal(const http::Request& request,
                                              const std::string& public_origin) {
  if (!is_state_changing(request.method)) return std::nullopt;
  const std::string host = request.header("host");
  const std::string own = public_origin.empty() ? "http://" + host : public_origin;
  const std::string fetch_site = http::lower(request.header("sec-fetch-site"));
  if (!fetch_site.empty() && fetch_site != "same-origin") {
    return "cross-site request refused: Sec-Fetch-Site is " + quoted(fetch_site) +
           "; changes are accepted only from pages of " + own;
  }
  const std::string origin = http::lower(request.header("origin"));
  if (!origin.empty()) {
    bool same = false;
    if (!public_origin.empty()) {
      same = origin == http::lower(public_origin);
    } else if (!host.empty()) {
      same = origin == "http://" + http::lower(host) || origin == "https://" + http::lower(host);
    }
    if (!same) {
      return "cross-origin request refused: Origin " + quoted(origin) +
             " is not this server's origin " + quoted(own);
    }
  }
  const std::string type = media_type(request.header("content-type"));
  if (type != "application/json") {
    return "a " + request.method + " request must be sent with Content-Type: application/json" +
           (type.empty() ? std::string(" (it had none)") : " (it had " + quoted(type) + ")");
  }
  return std::nullopt;
}

}  // namespace pacwar::server
