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

void register_platform_routes(Routes& routes, Platform& platform, CreateGame create) {
  routes.add("GET", R"(/api/leaderboard/([a-z0-9-]{1,64}))", Access::kSignedIn,
             [&platform](const std::string&, Request& req, Response& res) {
               const auto limit = count_param(req, "limit", 100, 500);
               send_json(res, 200, platform.leaderboard(req.matches[1], static_cast<int>(limit)));
             });

  routes.add("GET", "/api/challenges", Access::kSignedIn,
             [&platform](const std::string& me, Request&, Response& res) {
               send_json(res, 200, platform.challenges(me));
             });

  routes.add("POST", R"(/api/challenges/([0-9a-f]{1,64})/accept)", Access::kSignedIn,
             [&platform](const std::string& me, Request& req, Response& res) {
               send_json(res, 200, platform.accept(me, req.matches[1]));
             });

  routes.add("POST", std::string(kGamePath) + "/rematch", Access::kSignedIn,
             [&platform, create](const std::string& me, Request& req, Response& res) {
               send_json(res, 201, platform.rematch(me, req.matches[1], create));
             });

  routes.add("GET", "/api/public-games", Access::kSignedIn,
             [&platform](const std::string&, Request&, Response& res) {
               send_json(res, 200, platform.public_games());
             });

  routes.add("GET", std::string(kGamePath) + "/chat", Access::kSignedIn,
             [&platform](const std::string& me, Request& req, Response& res) {
               const auto since = count_param(req, "since", 0, 1'000'000'000);
               send_json(res, 200, platform.chat(me, req.matches[1], since));
             });

  routes.add("POST", std::string(kGamePath) + "/chat", Access::kSignedIn,
             [&platform](const std::string& me, Request& req, Response& res) {
               std::int64_t retry_after = 0;
               try {
                 send_json(res, 201,
                           platform.post_chat(me, req.matches[1], json_body(req), retry_after));
               } catch (const ApiError&) {
                 if (retry_after > 0) res.set_header("Retry-After", std::to_string(retry_after));
                 throw;
               }
             });
}

}  // namespace pacwar::server
