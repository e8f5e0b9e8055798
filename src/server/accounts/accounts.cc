#include "server/accounts/accounts.h"

#include <iostream>
#include <memory>

#include "server/http/api_error.h"
#include "server/accounts/crypto.h"
#include "server/http/json_http.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

constexpr std::size_t kMinPassword = 8;
constexpr std::size_t kMaxPassword = 1024;

// ApiError for a refused change of a waiting game.
void check_access(Store::GameAccess access, const std::string& id, const char* what) {
  switch (access) {
    case Store::GameAccess::kOk:
      return;
    case Store::GameAccess::kNoGame:
      throw ApiError(404, "no game '" + id + "'");
    case Store::GameAccess::kNotYours:
      throw ApiError(403, "you are not a player of game " + id);
    case Store::GameAccess::kStarted:
      throw ApiError(409, std::string("game ") + id + " has started: " + what +
                              " only while it waits for the invited player (resign instead)");
  }
}

// The password of `username` checked against `password`, counted by the log-in throttle (a
// stolen session must not become a way to guess the password faster).
void check_password(const AccountRoutes& r, LoginThrottle& throttle, const std::string& username,
                    const std::string& password, const std::string& address, Response& res) {
  if (const int wait = throttle.wait(username, address); wait > 0) {
    res.set_header("Retry-After", std::to_string(wait));
    throw ApiError(429,
                   "too many wrong passwords; try again in " + std::to_string(wait) + " seconds",
                   {{"retry_after", wait}});
  }
  const auto hash = r.store.password_hash(username);
  if (!(verify_password(hash ? *hash : r.dummy_hash, password) && hash)) {
    throttle.failed(username, address);
    throw ApiError(403, "the password is wrong");
  }
  throttle.succeeded(username, address);
}

void check_new_password(const std::string& password) {
  if (password.size() < kMinPassword) throw ApiError(400, "a password has at least 8 characters");
  if (password.size() > kMaxPassword) {
    throw ApiError(400, "a password has at most 1024 characters");
  }
}

}  // namespace

void add_account_routes(http::Server& web, AccountRoutes routes) {
  auto r = std::make_shared<AccountRoutes>(std::move(routes));

  // A new invitation link for a waiting game (the old link stops working).
  web.route(
      "POST", std::string(kGamePath) + "/invite", guarded([r](Request& req, Response& res) {
        const std::string me = r->user(req);
        const std::string id = req.matches[1];
        const std::string token = random_token(16);
        const std::int64_t expires = now_ms() + r->invite_lifetime.count();
        check_access(r->store.renew_invite(id, me, token_hash(token), expires), id,
                     "a new invitation link is given");
        send_json(res, 200, {{"id", id}, {"invite", token}, {"invite_expires", iso_time(expires)}});
      }));

  // Cancels the invitation: deletes the game nobody joined yet.
  web.route("DELETE", kGamePath, guarded([r](Request& req, Response& res) {
              const std::string me = r->user(req);
              const std::string id = req.matches[1];
              check_access(r->store.delete_waiting_game(id, me), id, "a game can be deleted");
              r->games.forget(id);
              send_json(res, 200, {{"deleted", id}});
            }));

  web.route("POST", "/api/me/password", guarded([r](Request& req, Response& res) {
              const std::string me = r->user(req);
              const Json body = json_body(req);
              const std::string old_password = string_field(body, "old_password");
              const std::string new_password = string_field(body, "new_password");
              check_new_password(new_password);
              check_password(*r, r->login_throttle, me, old_password, req.remote_addr, res);
              r->store.set_password_hash(me, hash_password(new_password));
              // Every other session ends (a thief's included); this one stays.
              r->store.delete_sessions_of(me, r->session_hash(req));
              send_json(res, 200, {{"username", me}, {"other_sessions", "logged out"}});
            }),
            http::Server::Pool::kSlow);

  web.route("POST", "/api/me/logout-all", guarded([r](Request& req, Response& res) {
              const std::string me = r->user(req);
              r->store.delete_sessions_of(me);
              res.set_header("Set-Cookie", r->clear_cookie);
              send_json(res, 200, {{"logged_out", me}});
            }));

  web.route("DELETE", "/api/me", guarded([r](Request& req, Response& res) {
              const std::string me = r->user(req);
              const Json body = json_body(req);
              check_password(*r, r->login_throttle, me, string_field(body, "password"),
                             req.remote_addr, res);
              // Games in progress are resigned (the opponent wins), games nobody joined are
              // deleted, finished games stay with the seat shown as "deleted user".
              Json resigned = Json::array();
              for (const GameRecord& g : r->store.games_of(me)) {
                if (g.state.status != "active") continue;
                // A computer player's move may come first (409): tried again; still active then,
                // the deletion below refuses.
                for (int attempt = 0; attempt < 5; ++attempt) {
                  try {
                    r->games.resign(me, g.id);
                    break;
                  } catch (const ApiError& e) {
                    if (e.status() != 409) throw;
                  }
                }
                resigned.push_back(g.id);
              }
              std::vector<std::string> touched;
              for (const GameRecord& g : r->store.games_of(me)) touched.push_back(g.id);
              try {
                r->store.delete_user(me);
              } catch (const DbError& e) {
                throw ApiError(
                    409, std::string("the account was not deleted: ") + e.what() + "; try again");
              }
              for (const std::string& id : touched) r->games.forget(id);
              res.set_header("Set-Cookie", r->clear_cookie);
              send_json(res, 200, {{"deleted", me}, {"resigned", resigned}});
            }),
            http::Server::Pool::kSlow);
}

Json filter_lobby(Json lobby, const Request& req) {
  if (!req.has_param("status")) return lobby;
  const std::string status = req.param("status");
  if (status != "waiting" && status != "active" && status != "finished" && status != "resigned") {
    throw ApiError(400, "status must be waiting, active, finished or resigned, not '" +
                            status.substr(0, 20) + "'");
  }
  Json kept = Json::array();
  for (Json& game : lobby["games"]) {
    const bool resigned = game["status"] == "finished" && game["result"].is_object() &&
                          game["result"].contains("resigned");
    if (status == "resigned" ? resigned : game["status"] == status) kept.push_back(std::move(game));
  }
  lobby["games"] = std::move(kept);
  return lobby;
}

}  // namespace pacwar::server
