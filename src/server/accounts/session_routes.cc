#include <algorithm>
#include <cctype>
#include <memory>

#include "server/accounts/account_routes.h"
#include "server/accounts/crypto.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

bool valid_username(const std::string& name) {
  return name.size() >= 3 && name.size() <= 32 &&
         std::all_of(name.begin(), name.end(),
                     [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; });
}

// 429 with Retry-After.
ApiError too_many(Response& res, int wait, const std::string& what) {
  res.set_header("Retry-After", std::to_string(wait));
  return ApiError(429, what + "; try again in " + std::to_string(wait) + " seconds",
                  {{"retry_after", wait}});
}

}  // namespace

void register_session_routes(Routes& routes, const AccountDeps& deps) {
  auto d = std::make_shared<AccountDeps>(deps);

  routes.add(
      "POST", "/api/signup", Access::kAnyone,
      [d](const std::string&, Request& req, Response& res) {
        const Json body = json_body(req);
        const std::string username = string_field(body, "username");
        const std::string password = string_field(body, "password");
        if (!valid_username(username)) {
          throw ApiError(400, "a username has 3 to 32 characters: letters, digits, _ or -");
        }
        if (password.size() < 8) throw ApiError(400, "a password has at least 8 characters");
        if (password.size() > 1024) throw ApiError(400, "a password has at most 1024 characters");
        if (d->limit_signups) {
          const std::string key = req.remote_addr;
          if (!d->signup_limit.attempt(key)) {
            throw too_many(res, std::max(1, d->signup_limit.retry_after(key)),
                           "too many accounts created from your address");
          }
        }
        if (!d->store.create_user(username, hash_password(password), now_ms())) {
          throw ApiError(409, "the username '" + username + "' is taken");
        }
        d->sessions.start(res, username);
        send_json(res, 201, {{"username", username}});
      },
      Routes::Pool::kSlow);

  routes.add(
      "POST", "/api/login", Access::kAnyone,
      [d](const std::string&, Request& req, Response& res) {
        const Json body = json_body(req);
        const std::string username = string_field(body, "username");
        const std::string password = string_field(body, "password");
        const std::string& address = req.remote_addr;
        if (const int wait = d->login_throttle.wait(username, address); wait > 0) {
          throw too_many(res, wait, "too many failed log-ins for this name from your address");
        }
        const auto hash = d->store.password_hash(username);
        const bool ok = verify_password(hash ? *hash : d->dummy_hash, password) && hash;
        if (!ok) {
          d->login_throttle.failed(username, address);
          throw ApiError(401, "wrong username or password");
        }
        d->login_throttle.succeeded(username, address);
        d->sessions.start(res, username);
        send_json(res, 200, {{"username", username}});
      },
      Routes::Pool::kSlow);

  routes.add("POST", "/api/logout", Access::kAnyone,
             [d](const std::string&, Request& req, Response& res) {
               d->sessions.end(req, res);
               res.status = 204;
             });
}

}  // namespace pacwar::server
