#include "server/ops/metrics_routes.h"

#include <memory>

#include "server/http/json_http.h"

namespace pacwar::server {

void register_metrics_routes(Routes& routes, Metrics& metrics, const Health& health) {
  routes.add("GET", "/metrics", Access::kOperator,
             [&metrics](const std::string&, http::Request&, http::Response& res) {
               res.set_header("Cache-Control", "no-store");
               res.set_content(metrics.render(), "text/plain; version=0.0.4; charset=utf-8");
             });
  routes.add("GET", "/healthz", Access::kOperator,
             [&health](const std::string&, http::Request&, http::Response& res) {
               const Health::Result result = health.run();
               res.set_header("Cache-Control", "no-store");
               send_json(res, result.status, result.body);
             });
}

std::function<void(const http::Request&)> operator_check(AddressAllowList allowed) {
  const auto allow = std::make_shared<const AddressAllowList>(std::move(allowed));
  return [allow](const http::Request& req) {
    if (!allow->allows(req.remote_addr)) {
      throw ApiError(403, "/metrics and /healthz are not open to your address (--metrics-allow)");
    }
  };
}

}  // namespace pacwar::server
