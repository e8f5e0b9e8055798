// The routes of accounts (docs/api.md, "Accounts"): signing up, logging in and out
// (session_routes.cc), and every /api/me route (me_routes.cc): who is signed in, the password,
// logging out everywhere, deleting the account, the settings and the browser's notices.
#pragma once

#include <string>

#include "server/accounts/rate_limit.h"
#include "server/accounts/sessions.h"
#include "server/accounts/throttle.h"
#include "server/db/store.h"
#include "server/http/routes.h"
#include "server/notify/webhook_address.h"
#include "server/play/games.h"

namespace pacwar::server {

// What the account routes use; every reference must outlive the routes' server.
struct AccountDeps {
  Store& store;
  GameService& games;
  const Sessions& sessions;
  LoginThrottle& login_throttle;
  RateLimiter& signup_limit;
  bool limit_signups;  // --signups-per-address > 0
  // The argon2id hash to check a password against when there is no account (same timing).
  std::string dummy_hash;
  bool email_enabled;            // the server has --smtp-url
  WebhookPolicy webhook_policy;  // --webhook-allow-host
};

// POST /api/signup, /api/login, /api/logout.
void register_session_routes(Routes& routes, const AccountDeps& deps);
// GET and DELETE /api/me, POST /api/me/password and /api/me/logout-all, GET and PUT
// /api/me/settings, GET /api/me/notices, POST /api/me/notices/seen.
void register_me_routes(Routes& routes, const AccountDeps& deps);

}  // namespace pacwar::server
