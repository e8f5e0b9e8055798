#include "server/play/game_routes.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>

#include "server/accounts/crypto.h"
#include "server/db/play_status.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/play/clock_routes.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

constexpr const char* kJson = "application/json";

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

// The optional ?log_since= of a state request: a log line index.
std::optional<std::int64_t> log_since_param(const Request& req) {
  if (!req.has_param("log_since")) return std::nullopt;
  const std::string text = req.param("log_since");
  if (text.empty() || text.size() > 15 ||
      text.find_first_not_of("0123456789") != std::string::npos) {
    throw ApiError(400,
                   "log_since must be a non-negative integer (a log line "
                   "index), not '" +
                       text.substr(0, 20) + "'");
  }
  return std::stoll(text);
}

// The ?step= of a replay request (0 when absent).
std::int64_t step_param(const Request& req) {
  if (!req.has_param("step")) return 0;
  const std::string text = req.param("step");
  if (text.empty() || text.size() > 12 ||
      !std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); })) {
    throw ApiError(400, "step must be a number of actions, e.g. ?step=12");
  }
  return std::stoll(text);
}

}  // namespace

void register_game_routes(Routes& routes, const GameRouteDeps& deps) {
  auto d = std::make_shared<GameRouteDeps>(deps);
  const std::string game = kGamePath;

  routes.add("GET", "/api/catalog", Access::kAnyone,
             [d](const std::string&, Request&, Response& res) {
               res.set_content(d->catalog.catalog_json(), kJson);
             });

  routes.add("GET", R"(/api/content/([a-z0-9-]{1,64}))", Access::kAnyone,
             [d](const std::string&, Request& req, Response& res) {
               const std::string* content = d->catalog.content_json(req.matches[1]);
               if (content == nullptr) throw ApiError(404, "no game '" + req.matches[1] + "'");
               res.set_content(*content, kJson);
             });

  routes.add("POST", "/api/games", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               send_json(res, 201, d->create(me, parse_create_request(json_body(req))));
             });

  routes.add("GET", "/api/games", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               Json lobby = d->games.lobby(me);
               d->add_to_lobby(lobby);
               add_lobby_clocks(lobby, me, d->games, d->store);
               send_json(res, 200, filter_lobby(std::move(lobby), req));
             });

  routes.add("POST", R"(/api/invites/([0-9a-f]{1,64}))", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               send_json(res, 200, d->games.join(me, req.matches[1]));
             });

  routes.add("GET", game, Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               const std::optional<std::int64_t> log_since = log_since_param(req);
               res.set_content(d->games.state_text(me, req.matches[1], log_since), kJson);
             });

  routes.add("POST", game + "/actions", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               res.set_content(d->games.act(me, req.matches[1], json_body(req)), kJson);
             });

  routes.add("POST", game + "/undo", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               res.set_content(d->games.undo(me, req.matches[1], json_body(req)), kJson);
             });

  routes.add("POST", game + "/resign", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               res.set_content(d->games.resign(me, req.matches[1]), kJson);
             });

  routes.add("GET", game + "/replay", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               const std::int64_t step = step_param(req);
               send_json(res, 200, d->games.replay(me, req.matches[1], step));
             });

  routes.add("GET", game + "/events", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               const std::string id = req.matches[1];
               const std::optional<std::int64_t> log_since = log_since_param(req);
               // ?states=turn: only the states of my turn and of the game's end.
               const std::string states = req.has_param("states") ? req.param("states") : "all";
               if (states != "all" && states != "turn") {
                 throw ApiError(
                     400, "states must be 'all' or 'turn', not '" + states.substr(0, 20) + "'");
               }
               d->games.summary(me, id);  // 403 / 404 before the stream starts
               std::shared_ptr<void> slot = d->stream_slots.take(me);
               if (!slot) {
                 throw ApiError(429, "you have " + std::to_string(d->stream_slots.most()) +
                                         " live game pages open, the most this server allows: "
                                         "close one, then reload this page");
               }
               res.content_type = "text/event-stream";
               res.set_header("Cache-Control", "no-cache");
               res.set_header("X-Accel-Buffering", "no");
               res.stream = std::make_shared<GameEvents>(d->events, me, id, std::move(slot),
                                                         log_since, states == "turn");
             });

  // A new invitation link for a waiting game (the old link stops working).
  routes.add(
      "POST", game + "/invite", Access::kSignedIn,
      [d](const std::string& me, Request& req, Response& res) {
        const std::string id = req.matches[1];
        const std::string token = random_token(16);
        const std::int64_t expires = now_ms() + d->invite_lifetime.count();
        check_access(d->store.renew_invite(id, me, token_hash(token), expires), id,
                     "a new invitation link is given");
        send_json(res, 200, {{"id", id}, {"invite", token}, {"invite_expires", iso_time(expires)}});
      });

  // Cancels the invitation: deletes the game nobody joined yet.
  routes.add("DELETE", game, Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
               const std::string id = req.matches[1];
               check_access(d->store.delete_waiting_game(id, me), id, "a game can be deleted");
               d->games.forget(id);
               send_json(res, 200, {{"deleted", id}});
             });
}

Json filter_lobby(Json lobby, const Request& req) {
  if (!req.has_param("status")) return lobby;
  const std::string wanted = req.param("status");
  // A status, or "resigned": finished by a resignation.
  const bool resigned_only = wanted == "resigned";
  const std::optional<PlayStatus> status =
      resigned_only ? PlayStatus::kFinished : play_status_named(wanted);
  if (!status) {
    throw ApiError(400, "status must be waiting, active, finished or resigned, not '" +
                            wanted.substr(0, 20) + "'");
  }
  Json kept = Json::array();
  for (Json& entry : lobby["games"]) {
    if (play_status_named(entry.value("status", "")) != status) continue;
    const bool resigned = entry["result"].is_object() && entry["result"].contains("resigned");
    if (!resigned_only || resigned) kept.push_back(std::move(entry));
  }
  lobby["games"] = std::move(kept);
  return lobby;
}

}  // namespace pacwar::server
