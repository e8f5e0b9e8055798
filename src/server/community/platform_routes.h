// The routes of the public side of the server (platform.h): leaderboards, open challenges,
// rematches, public games and chat (docs/api.md).
#pragma once

#include <functional>
#include <string>

#include "engine/game.h"
#include "server/community/platform.h"
#include "server/http/routes.h"

namespace pacwar::server {

// `platform` must outlive the routes' server.
void register_platform_routes(Routes& routes, Platform& platform, CreateGame create);

}  // namespace pacwar::server
