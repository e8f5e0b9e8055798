// GET /metrics (the Prometheus text format of metrics.h) and GET /healthz (health.h), answered
// only to the operator's client addresses (Access::kOperator: --metrics-allow, address_allow.h;
// loopback by default); any other address gets 403. The address is the client's as every rule
// sees it (client_address.h: behind a --trust-proxy proxy, the one it appended to
// X-Forwarded-For).
#pragma once

#include "server/http/routes.h"
#include "server/ops/address_allow.h"
#include "server/ops/health.h"
#include "server/ops/metrics.h"

namespace pacwar::server {

// `metrics` and `health` must outlive the routes' server.
void register_metrics_routes(Routes& routes, Metrics& metrics, const Health& health);

// The check of Access::kOperator for `allowed` (Routes::Checks::check_operator): ApiError 403
// for another address.
std::function<void(const http::Request&)> operator_check(AddressAllowList allowed);

}  // namespace pacwar::server
