// Headers every answer carries (set on the way out by http::Server's response filter): a strict
// Content-Security-Policy (no inline script or style, no framing), X-Frame-Options, nosniff,
// Referrer-Policy; API answers are never cached (no-store); static files are revalidated with
// their ETag (304 Not Modified when the browser's copy is current).
#pragma once

#include <string_view>

#include "server/http/message.h"

namespace pacwar::server {

inline constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

void add_security_headers(const http::Request& request, http::Response& response);

}  // namespace pacwar::server
