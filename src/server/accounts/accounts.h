// The API of accounts and of a creator's waiting games (docs/api.md, "Accounts"): a new
// invitation link, cancelling a game nobody joined, changing the password, logging out
// everywhere, deleting the account; and the lobby's status filter.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "engine/game.h"
#include "server/play/games.h"
#include "server/http/server.h"
#include "server/db/store.h"
#include "server/accounts/throttle.h"

namespace pacwar::server {

struct AccountRoutes {
  Store& store;
  GameService& games;
  LoginThrottle& login_throttle;
  std::chrono::milliseconds invite_lifetime;
  // The logged-in user of a request (ApiError 401), and the hash of its session token ("").
  std::function<std::string(const http::Request&)> user;
  std::function<std::string(const http::Request&)> session_hash;
  // The argon2id hash to check a password against when there is no account (same timing).
  std::string dummy_hash;
  // The Set-Cookie value that ends the session in the browser.
  std::string clear_cookie;
};

// Adds the routes above to `web` (before run()).
void add_account_routes(http::Server& web, AccountRoutes routes);

// The lobby answer of GameService::lobby with only the games of `?status=` (waiting, active,
// finished or resigned; absent: all); ApiError 400 for another value.
engine::Json filter_lobby(engine::Json lobby, const http::Request& req);

}  // namespace pacwar::server
