#include "server/platform_routes.h"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "server/api_error.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

constexpr const char* kGamePath = R"(/api/games/([0-9a-f]{1,64}))";

void send_json(Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json");
}

template <class F>
http::Handler wrap(F f) {
  return [f](Request& req, Response& res) {
    try {
      f(req, res);
    } catch (const ApiError& e) {
      send_json(res, e.status(), e.body());
    } catch (const std::exception& e) {
      std::cerr << "pacwar serve: " << req.method << " " << req.path << ": " << e.what() << "\n";
      send_json(res, 500, {{"error", std::string("internal error: ") + e.what()}});
    }
  };
}

Json parse_body(const Request& req) {
  if (req.body.empty()) return Json::object();
  Json body = Json::parse(req.body, nullptr, false);
  if (body.is_discarded()) throw ApiError(400, "the body is not valid JSON");
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  return body;
}

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
            wrap([&platform, user](const Request& req, Response& res) {
              user(req);
              const auto limit = count_param(req, "limit", 100, 500);
              send_json(res, 200, platform.leaderboard(req.matches[1], static_cast<int>(limit)));
            }));

  web.route("GET", "/api/challenges", wrap([&platform, user](const Request& req, Response& res) {
              send_json(res, 200, platform.challenges(user(req)));
            }));

  web.route("POST", R"(/api/challenges/([0-9a-f]{1,64})/accept)",
            wrap([&platform, user](const Request& req, Response& res) {
              const std::string me = user(req);
              send_json(res, 200, platform.accept(me, req.matches[1]));
            }));

  web.route("POST", std::string(kGamePath) + "/rematch",
            wrap([&platform, user, create = hooks.create](const Request& req, Response& res) {
              const std::string me = user(req);
              send_json(res, 201, platform.rematch(me, req.matches[1], create));
            }));

  web.route("GET", "/api/public-games", wrap([&platform, user](const Request& req, Response& res) {
              user(req);
              send_json(res, 200, platform.public_games());
            }));

  web.route("GET", std::string(kGamePath) + "/chat",
            wrap([&platform, user](const Request& req, Response& res) {
              const std::string me = user(req);
              const auto since = count_param(req, "since", 0, 1'000'000'000);
              send_json(res, 200, platform.chat(me, req.matches[1], since));
            }));

  web.route("POST", std::string(kGamePath) + "/chat",
            wrap([&platform, user](const Request& req, Response& res) {
              const std::string me = user(req);
              std::int64_t retry_after = 0;
              try {
                send_json(res, 201,
                          platform.post_chat(me, req.matches[1], parse_body(req), retry_after));
              } catch (const ApiError&) {
                if (retry_after > 0) res.set_header("Retry-After", std::to_string(retry_after));
                throw;
              }
            }));
}

}  // namespace pacwar::server
