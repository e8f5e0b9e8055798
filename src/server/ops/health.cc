#include "server/ops/health.h"

#include <exception>

namespace pacwar::server {

Health::Result Health::run() const {
  Result result;
  engine::Json checks = engine::Json::object();
  engine::Json failing = engine::Json::array();
  for (const auto& [name, check] : checks_) {
    engine::Json entry;
    try {
      entry = check();
      if (!entry.is_object()) entry = engine::Json::object();
      entry["ok"] = true;
    } catch (const std::exception& e) {
      entry = {{"ok", false}, {"error", e.what()}};
      failing.push_back(name);
    }
    checks[name] = std::move(entry);
  }
  result.status = failing.empty() ? 200 : 503;
  result.body = {{"status", failing.empty() ? "ok" : "failing"}, {"checks", std::move(checks)}};
  if (!failing.empty()) result.body["failing"] = std::move(failing);
  return result;
}

}  // namespace pacwar::server
