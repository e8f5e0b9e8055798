// The routes of game clocks (clocks.h, docs/api.md): a game's clock
// (GET /api/games/{id}/clock), claiming a win on time (POST /api/games/{id}/claim-timeout), and
// the clocks shown in the lobby (add_lobby_clocks).
#pragma once

#include <string>

#include "engine/game.h"
#include "server/db/store.h"
#include "server/http/routes.h"
#include "server/play/games.h"

namespace pacwar::server {

// `games` and `store` must outlive the routes' server.
void register_clock_routes(Routes& routes, GameService& games, Store& store);

// Adds "clock" (clocks.h's clock_view) to each game of a lobby answer that has one.
void add_lobby_clocks(engine::Json& lobby, const std::string& user, GameService& games,
                      Store& store);

}  // namespace pacwar::server
