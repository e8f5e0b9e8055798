// GET /healthz (metrics_routes.h): named checks, each of which answers its details or throws
// with the reason it fails. 200 {"status": "ok", "checks": {...}} when every check passes, 503
// {"status": "failing", "failing": ["database"], "checks": {"database": {"ok": false, "error":
// "..."}, ...}} otherwise, so that the answer names the failing part.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"

namespace pacwar::server {

class Health {
 public:
  // Details of a passing check (a JSON object); throws std::exception when it fails.
  using Check = std::function<engine::Json()>;

  void add(std::string name, Check check) {
    checks_.emplace_back(std::move(name), std::move(check));
  }

  struct Result {
    int status = 200;  // 200 or 503
    engine::Json body;
  };
  // Runs every check, in the order added.
  Result run() const;

 private:
  std::vector<std::pair<std::string, Check>> checks_;
};

}  // namespace pacwar::server
