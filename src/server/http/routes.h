// The one way an API route is registered: each concern's register_*_routes(Routes&, ...) adds
// its routes here, one call each: method, path pattern, who may call it, the handler and
// optionally the slow pool. Who may call it is checked before the handler runs (the signed-in
// user is then given to it), and the handler's refusals (ApiError) and other exceptions become
// JSON error answers (json_http.h, guarded), so a handler holds only what the route does.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/http/server.h"

namespace pacwar::server {

// Who may call a route.
enum class Access {
  kAnyone,    // no check (sign-up, log-in, the catalog)
  kSignedIn,  // a session cookie of a user (else 401 "log in first"); the handler gets the name
  kOperator,  // a client address the operator allows (--metrics-allow; else 403)
};

// A route's handler: `me` is the signed-in user (Access::kSignedIn), "" otherwise.
using RouteHandler =
    std::function<void(const std::string& me, http::Request& req, http::Response& res)>;

class Routes {
 public:
  using Pool = http::Server::Pool;
  // How the access of a request is checked: `user` gives the signed-in user or throws ApiError
  // 401; `check_operator` throws ApiError 403 unless the request comes from an operator's address.
  struct Checks {
    std::function<std::string(const http::Request&)> user;
    std::function<void(const http::Request&)> check_operator;
  };

  // `web` must outlive this object; routes are added before web.run().
  Routes(http::Server& web, Checks checks);

  // Requests with `method` whose whole path matches `pattern` (an ECMAScript regex; its groups
  // are Request::matches) go to `handler` once `who` is checked. The first route that matches
  // wins (http::Server::route); its metrics label is route_label(pattern).
  void add(const std::string& method, const std::string& pattern, Access who, RouteHandler handler,
           Pool pool = Pool::kNormal);

  // The signed-in user of a request, or ApiError 401 (for a handler that needs it later).
  std::string user(const http::Request& req) const { return checks_->user(req); }

 private:
  http::Server& web_;
  std::shared_ptr<const Checks> checks_;
};

}  // namespace pacwar::server
