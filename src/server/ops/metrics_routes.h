// GET /metrics (the Prometheus text format of metrics.h) and GET /healthz (health.h), answered
// only to the client addresses the operator allows (--metrics-allow, address_allow.h; loopback by
// default); any other address gets 403. The address is the client's as every rule sees it
// (client_address.h: behind a --trust-proxy proxy, the one it appended to X-Forwarded-For).
#pragma once

#include "server/ops/address_allow.h"
#include "server/ops/health.h"
#include "server/http/server.h"
#include "server/ops/metrics.h"

namespace pacwar::server {

// `metrics` and `health` must outlive `web`.
void add_metrics_routes(http::Server& web, Metrics& metrics, const Health& health,
                        AddressAllowList allowed);

}  // namespace pacwar::server
