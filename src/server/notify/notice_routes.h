// The HTTP routes of notifications and clocks (docs/api.md): GET/PUT /api/me/settings, the
// browser's notices (GET /api/me/notices, POST /api/me/notices/seen), a game's clock
// (GET /api/games/{id}/clock), claiming a win on time (POST /api/games/{id}/claim-timeout), and
// the clocks shown in the lobby (add_lobby_clocks).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/game.h"
#include "server/play/games.h"
#include "server/http/server.h"
#include "server/db/store.h"
#include "server/notify/webhook_address.h"

namespace pacwar::server {

struct NoticeRouteKit {
  std::function<std::string(const http::Request&)> user;  // the logged-in user, or ApiError 401
  std::function<http::Handler(http::Handler)> wrap;       // errors become JSON answers
  bool email_enabled = false;                             // the server has --smtp-url
  WebhookPolicy webhook_policy;                           // --webhook-allow-host
};

void add_notice_routes(http::Server& web, GameService& games, Store& store,
                       const NoticeRouteKit& kit);

// Adds "clock" (clocks.h's clock_view) to each game of a lobby answer that has one.
void add_lobby_clocks(engine::Json& lobby, const std::string& user, GameService& games,
                      Store& store);

}  // namespace pacwar::server
