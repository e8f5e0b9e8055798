#include "server/community/platform_routes.h"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "server/http/api_error.h"
#include "server/http/json_http.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

// A non-negative integer query parameter, or `fallback` when absent.
std::int64_t count_param(const Request& req, const char* name, std::int64_t fallback,
                         std::int64_t most) {
  if (!req.has_param(name)) return fallback;
  const std::string text = req.param(name);
  if (text.empty() || text.size() > 12 ||
      !std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); })) {
    throw ApiError(400, std::string(name) + " must be a non-negative integer, not '" +
                            text.substr(0, 20) + "'");
  }
  return std::min(most, static_cast<std::int64_t>(std::stoll(text)));
}

}  // namespace

void add_platform_routes(http::Server& web, Platform& platform, PlatformHooks hooks) {
  auto user = hooks.user;
  web.route("GET", R"(/api/leaderboard/([a-z0-9-]{1,64}))",
            guarded([&platform, user](const Request& req, Response& res) {
              user(req);
              const auto limit = count_param(req, "limit", 100, 500);
              send_json(res, 200, platform.leaderboard(req.matches[1], static_cast<int>(limit)));
            }));

  web.route("GET", "/api/challenges", guarded([&platform, user](const Request& req, Response& res) {
              send_json(res, 200, platform.challenges(user(req)));
            }));

  web.route("POST", R"(/api/challenges/([0-9a-f]{1,64})/accept)",
            guarded([&platform, user](const Request& req, Response& res) {
              const std::string me = user(req);
              send_json(res, 200, platform.accept(me, req.matches[1]));
            }));

  web.route("POST", std::string(kGamePath) + "/rematch",
            guarded([&platform, user, create = hooks.create](const Request& req, Response& res) {
              const std::string me = user(req);
              send_json(res, 201, platform.rematch(me, req.matches[1], create));
            }));

  web.route("GET", "/api/public-games",
            guarded([&platform, user](const Request& req, Response& res) {
              user(req);
              send_json(res, 200, platform.public_games());
            }));

  web.route("GET", std::string(kGamePath) + "/chat",
            guarded([&platform, user](const Request& req, Response& res) {
              const std::string me = user(req);
              const auto since = count_param(req, "since", 0, 1'000'000'000);
              send_json(res, 200, platform.chat(me, req.matches[1], since));
            }));

  web.route("POST", std::string(kGamePath) + "/chat",
            guarded([&platform, user](const Request& req, Response& res) {
              const std::string me = user(req);
              std::int64_t retry_after = 0;
              try {
                send_json(res, 201,
                          platform.post_chat(me, req.matches[1], json_body(req), retry_after));
              } catch (const ApiError&) {
                if (retry_after > 0) res.set_header("Retry-After", std::to_string(retry_after));
                throw;
              }
            }));
}

}  // namespace pacwar::server
