// The routes of playing (docs/api.md, "Games"): the catalog and each game's content, creating
// a game, the lobby, joining by invitation, a new invitation link, cancelling a waiting game, a
// seat's state, acting, undo, resigning, the replay and the live updates.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "engine/game.h"
#include "server/db/store.h"
#include "server/http/routes.h"
#include "server/play/catalog.h"
#include "server/play/create_request.h"
#include "server/play/game_events.h"
#include "server/play/games.h"

namespace pacwar::server {

// What the game routes use; every reference must outlive the routes' server.
struct GameRouteDeps {
  GameService& games;
  Store& store;
  Catalog& catalog;
  // Creates a game for POST /api/games with what other concerns add (caps, settings, hints):
  // the answer {"id", "invite", ...}.
  std::function<engine::Json(const std::string& me, const CreateGameRequest& request)> create;
  // Adds to a lobby answer what other concerns show in it (hints and analysis flags).
  std::function<void(engine::Json& lobby)> add_to_lobby;
  GameEvents::Sources events;
  StreamSlots& stream_slots;
  std::chrono::milliseconds invite_lifetime;
};

void register_game_routes(Routes& routes, const GameRouteDeps& deps);

// The lobby answer of GameService::lobby with only the games of `?status=` (waiting, active,
// finished or resigned; absent: all); ApiError 400 for another value.
engine::Json filter_lobby(engine::Json lobby, const http::Request& req);

}  // namespace pacwar::server
