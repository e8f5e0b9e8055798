// Refusal of cross-site writes (CSRF), one check for every request before routing.
//
// A state-changing request (any method but GET, HEAD and OPTIONS) is accepted only when
//   - its Sec-Fetch-Site header, if sent, is "same-origin";
//   - its Origin header, if sent, is the server's own origin: `public_origin` when set
//     (--public-origin), else http:// or https:// followed by the request's Host header;
//   - its Content-Type is application/json.
// Browsers send Origin (and Sec-Fetch-Site) with every POST, and a page of another origin can
// send application/json only after a CORS preflight, which this server never grants. Clients
// that are not browsers (curl, the load tool, the tests) send neither header: they are accepted
// with application/json.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/http/message.h"

namespace pacwar::server {

// True for methods that may change state (everything but GET, HEAD and OPTIONS).
bool is_state_changing(std::string_view method);

// The reason `request` is refused as a cross-site write (for a 403 answer), or nullopt.
std::optional<std::string> cross_site_refusal(const http::Request& request,
                                              const std::string& public_origin);

}  // namespace pacwar::server
