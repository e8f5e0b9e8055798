#include "server/http/security_headers.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace pacwar::server {
namespace {

bool has_header(const http::Response& response, std::string_view name) {
  for (const http::Header& h : response.headers) {
    if (h.name.size() == name.size() &&
        std::equal(h.name.begin(), h.name.end(), name.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        })) {
      return true;
    }
  }
  return false;
}

}  // namespace

void add_security_headers(const http::Request& request, http::Response& response) {
  response.set_header("Content-Security-Policy", std::string(kContentSecurityPolicy));
  response.set_header("X-Frame-Options", "DENY");
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("Referrer-Policy", "same-origin");
  response.set_header("Cross-Origin-Opener-Policy", "same-origin");
  if (has_header(response, "Cache-Control")) return;
  const bool api = request.path.rfind("/api/", 0) == 0;
  // Static files carry an ETag: the browser keeps them and asks whether they changed.
  if (!api && has_header(response, "ETag")) {
    response.set_header("Cache-Control", "no-cache");
  } else {
    response.set_header("Cache-Control", "no-store");
  }
}

}  // namespace pacwar::server
