// The client's address as the log-in throttle and sign-up limit count it: the peer's address, or,
// when the peer is a trusted proxy (--trust-proxy), the last address of its X-Forwarded-For
// header (the one that proxy appended: earlier ones are whatever the client sent).
#pragma once

#include <string>
#include <vector>

#include "server/http/message.h"

namespace pacwar::server {

std::string client_address(const http::Request& request,
                           const std::vector<std::string>& trusted_proxies);

}  // namespace pacwar::server
