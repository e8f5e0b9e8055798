#include "server/ops/metrics_routes.h"

#include <memory>

#include "server/http/json_http.h"

namespace pacwar::server {

void add_metrics_routes(http::Server& web, Metrics& metrics, const Health& health,
                        AddressAllowList allowed) {
  const auto allow = std::make_shared<const AddressAllowList>(std::move(allowed));
  const auto check = [allow](const http::Request& req) {
    if (!allow->allows(req.remote_addr)) {
      throw ApiError(403, "/metrics and /healthz are not open to your address (--metrics-allow)");
    }
  };
  web.route("GET", "/metrics",
            guarded([&metrics, check](const http::Request& req, http::Response& res) {
              check(req);
              res.set_header("Cache-Control", "no-store");
              res.set_content(metrics.render(), "text/plain; version=0.0.4; charset=utf-8");
            }));
  web.route("GET", "/healthz",
            guarded([&health, check](const http::Request& req, http::Response& res) {
              check(req);
              const Health::Result result = health.run();
              res.set_header("Cache-Control", "no-store");
              send_json(res, result.status, result.body);
            }));
}

}  // namespace pacwar::server
