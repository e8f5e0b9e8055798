// The routes of the public side of the server (platform.h): leaderboards, open challenges,
// rematches, public games and chat (docs/api.md).
#pragma once

#include <functional>
#include <string>

#include "engine/game.h"
#include "server/http/server.h"
#include "server/community/platform.h"

namespace pacwar::server {

struct PlatformHooks {
  // The logged-in user of a request (ApiError 401 otherwise).
  std::function<std::string(const http::Request&)> user;
  // Creates a game as POST /api/games does, caps included: {"id","invite"}.
  std::function<engine::Json(const std::string&, const engine::Json&)> create;
};

void add_platform_routes(http::Server& web, Platform& platform, PlatformHooks hooks);

}  // namespace pacwar::server
