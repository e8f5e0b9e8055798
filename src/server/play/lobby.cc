// GameService's new games, joins by invitation and the lobby.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/json_writer.h"
#include "games/registry.h"
#include "server/accounts/crypto.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/notify/notices.h"
#include "server/play/clocks.h"
#include "server/play/game_json.h"
#include "server/play/games.h"

namespace pacwar::server {

using engine::Json;

Json GameService::create(const std::string& user, const Json& body) {
  return create(user, parse_create_request(body));
}

Json GameService::create(const std::string& user, const CreateGameRequest& request) {
  auto game = this->game(request.game);
  if (!game) throw ApiError(400, "unknown game '" + request.game + "'");

  int seat = -1;
  std::string seat_list;
  for (int s = 0; s < game->num_seats(); ++s) {
    if (game->seat_name(s) == request.seat) seat = s;
    seat_list += (s ? ", " : "") + game->seat_name(s);
  }
  if (seat < 0) {
    throw ApiError(400, "unknown seat '" + request.seat + "' (seats: " + seat_list + ")");
  }
  const Json& options = request.options;

  const std::string& who = request.opponent;
  const bool human = request.against_person();
  if (!human &&
      std::find(agent_levels().begin(), agent_levels().end(), who) == agent_levels().end()) {
    std::string levels = "human";
    for (const std::string& level : agent_levels()) levels += ", " + level;
    throw ApiError(400, "unknown opponent '" + who + "' (one of: " + levels + ")");
  }

  GameRecord record;
  record.clock = request.clock;
  record.id = random_token(8);
  record.game = game->name();
  record.seed = random_u64();
  record.created_ms = now();
  record.rules_version = rules_version(record.game);
  record.revision = 1;
  std::unique_ptr<engine::Session> session;
  try {
    session = std::make_unique<engine::Session>(game, options, record.seed);
  } catch (const engine::UsageError& e) {
    throw ApiError(400, e.what(), {{"field", "options"}});  // the game module's "options: ..."
  }
  record.options = session->options();
  session->resolve_chance();
  record.seats.resize(static_cast<std::size_t>(game->num_seats()));
  for (std::size_t s = 0; s < record.seats.size(); ++s) {
    if (static_cast<int>(s) == seat) {
      record.seats[s].username = user;
    } else if (!human) {
      record.seats[s].agent = who;
    }
  }
  // The invitation's token goes to the creator once, in this answer; the store keeps its hash.
  std::string invite;
  if (human) {
    invite = random_token(16);
    record.invite = token_hash(invite);
    record.invite_expires_ms = record.created_ms + invite_lifetime_.count();
  }
  for (std::size_t i = 0; i < session->history_ids().size(); ++i) {
    record.actions.push_back({session->history_ids()[i], session->history_seats()[i]});
  }

  auto live = std::make_shared<LiveGame>();
  live->session = std::move(session);
  live->record = record;
  live->record.invite.reset();
  live->record.state.status = PlayStatus::kActive;
  live->record.state = status_now(*live);
  record.state = live->record.state;
  store_.create_game(record);
  live->record.actions.clear();
  {
    std::lock_guard lock(cache_mutex_);
    cache_[record.id] = live;
  }
  {
    std::lock_guard lock(live->mutex);
    after_change(*live);
  }
  Json answer = {{"id", record.id}, {"invite", human ? Json(invite) : Json(nullptr)}};
  if (human) answer["invite_expires"] = iso_time(record.invite_expires_ms);
  return answer;
}

Json GameService::join(const std::string& user, const std::string& token) {
  return join_by_hash(user, token_hash(token));
}

Json GameService::join_by_hash(const std::string& user, const std::string& invite_hash) {
  std::optional<Store::Joined> joined;
  try {
    joined = store_.join_game(invite_hash, user, now());
  } catch (const InviteExpired& e) {
    throw ApiError(410, e.what());
  } catch (const std::invalid_argument& e) {
    throw ApiError(409, std::string("cannot join: ") + e.what());
  }
  if (!joined) throw ApiError(404, "no open invitation with this token (unknown or already used)");
  Locked live = get(joined->id);  // reloads: the store's revision moved
  // The game may start now: fix its status and announce it.
  GameStatus status = status_now(*live.game);
  if (status.status != live->record.state.status) {
    commit(*live.game, status.version, status);
  }
  {
    // Told after the join's own transaction: a notice lost to a crash here loses no move.
    auto c = store_.database().acquire();
    write_notices(*c, accepted_notices(live->record, live->session->game(), joined->seat), now());
  }
  after_change(*live.game);
  return {{"id", joined->id}, {"seat", live->session->game().seat_name(joined->seat)}};
}

Json GameService::lobby(const std::string& user) {
  Json games = Json::array();
  for (const GameRecord& g : store_.games_of(user)) {
    auto game = this->game(g.game);
    if (!game) continue;
    int seat = -1;
    Json opponent = nullptr;
    for (std::size_t s = 0; s < g.seats.size(); ++s) {
      if (g.seats[s].username == user) {
        seat = static_cast<int>(s);
      } else if (!g.seats[s].empty()) {
        opponent = !g.seats[s].username.empty() ? g.seats[s].username : g.seats[s].agent;
      }
    }
    const GameStatus& s = g.state;
    Json entry = {{"id", g.id},
                  {"game", g.game},
                  {"seat", game->seat_name(seat)},
                  {"opponent", opponent},
                  {"status", s.status},
                  {"to_move", s.status == PlayStatus::kFinished
                                  ? Json(nullptr)
                                  : name_or_null(to_move_name(*game, s.to_move))},
                  {"your_turn", s.status == PlayStatus::kActive && s.to_move == seat},
                  {"result", result_json(*game, s)},
                  {"version", s.version},
                  {"updated", iso_time(s.updated_ms)}};
    games.push_back(std::move(entry));
  }
  return {{"games", games}};
}

}  // namespace pacwar::server
