#include "server/community/platform.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <stdexcept>

#include "engine/data_file.h"
#include "server/accounts/crypto.h"
#include "server/db/migrations.h"
#include "server/db/pg_listener.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/play/clocks.h"
#include "server/play/games.h"

namespace pacwar::server {
namespace {

using engine::Json;

}  // namespace

// Additive tables beside the store's; ratings are kept in millionths (integers read the same
// on SQLite and PostgreSQL). No foreign keys (to users or games): deleting an account or an
// unstarted game (other code) is never blocked by these rows; a deleted account.s rows stay with
// its finished games.
// Schema version 1 (migrations.cc): never changed; a change to these tables is a new migration.
const std::vector<std::string>& platform_schema_v1() {
  static const std::vector<std::string> statements = {
      "CREATE TABLE IF NOT EXISTS game_settings (game_id TEXT PRIMARY KEY, "
      "public INTEGER NOT NULL, rated INTEGER NOT NULL, spectator_chat INTEGER NOT NULL, "
      "open INTEGER NOT NULL, challenge_for TEXT, rematch_of TEXT)",
      "CREATE INDEX IF NOT EXISTS game_settings_public ON game_settings (public, open)",
      "CREATE TABLE IF NOT EXISTS ratings (username TEXT NOT NULL, game TEXT NOT NULL, "
      "rating BIGINT NOT NULL, deviation BIGINT NOT NULL, volatility BIGINT NOT NULL, "
      "games INTEGER NOT NULL, wins INTEGER NOT NULL, losses INTEGER NOT NULL, "
      "draws INTEGER NOT NULL, updated BIGINT NOT NULL, PRIMARY KEY (username, game))",
      "CREATE INDEX IF NOT EXISTS ratings_by_game ON ratings (game, rating)",
      "CREATE TABLE IF NOT EXISTS rated_games (game_id TEXT NOT NULL, "
      "seat INTEGER NOT NULL, username TEXT NOT NULL, rating_before BIGINT NOT NULL, "
      "rating_after BIGINT NOT NULL, PRIMARY KEY (game_id, seat))",
      "CREATE TABLE IF NOT EXISTS chat (game_id TEXT NOT NULL, "
      "idx BIGINT NOT NULL, username TEXT NOT NULL, text TEXT NOT NULL, created BIGINT NOT NULL, "
      "PRIMARY KEY (game_id, idx))",
      // The account a challenge for one user (a rematch) is for (issue 41): its account id, or
      // kDeletedUser when the account was gone when the challenge was bound.
      "CREATE TABLE IF NOT EXISTS challenge_accounts (game_id TEXT PRIMARY KEY, "
      "account_id TEXT NOT NULL)",
  };
  return statements;
}

namespace {

constexpr double kMicro = 1'000'000.0;

std::int64_t micro(double x) { return static_cast<std::int64_t>(std::llround(x * kMicro)); }
double from_micro(const std::optional<std::string>& text) {
  return text ? static_cast<double>(std::stoll(*text)) / kMicro : 0.0;
}
// Characters (code points) of valid UTF-8 text, which nlohmann::json guarantees for strings.
std::size_t characters(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

double rounded(double x, double unit) { return std::round(x / unit) * unit; }

// The account id challenge `id` for user `name` is bound to (kDeletedUser: nobody's). A challenge
// stored before the binding existed (or by an older server) is bound now to the account holding
// the name. Outside a transaction (account_id).
std::string challenge_account(SqlConnection& c, const std::string& id, const std::string& name) {
  const char* select = "SELECT account_id FROM challenge_accounts WHERE game_id = ?";
  auto rows = c.query(select, {id});
  if (rows.empty()) {
    c.execute(
        "INSERT INTO challenge_accounts (game_id, account_id) VALUES (?, ?) "
        "ON CONFLICT (game_id) DO NOTHING",
        {id, account_id(c, name).value_or(kDeletedUser)});
    rows = c.query(select, {id});
  }
  return rows.empty() ? std::string(kDeletedUser) : rows[0][0].value_or(kDeletedUser);
}

// The game row and seats of `id` (without actions), or nullopt.
struct GameRow {
  std::string game;
  Json options;
  PlayStatus status = PlayStatus::kWaiting;
  std::int64_t updated = 0;
  std::vector<SeatRecord> seats;
};

std::optional<GameRow> load_row(SqlConnection& c, const std::string& id) {
  const auto rows = c.query("SELECT game, options, status, updated FROM games WHERE id = ?", {id});
  if (rows.empty()) return std::nullopt;
  GameRow g;
  g.game = rows[0][0].value_or("");
  g.options = Json::parse(rows[0][1].value_or("{}"), nullptr, false);
  g.status = stored_play_status(rows[0][2].value_or(""));
  g.updated = sql_number(rows[0][3]);
  for (const SqlRow& row :
       c.query("SELECT seat, username, agent FROM seats WHERE game_id = ? ORDER BY seat", {id})) {
    const auto seat = static_cast<std::size_t>(sql_number(row[0]));
    if (g.seats.size() <= seat) g.seats.resize(seat + 1);
    g.seats[seat].username = row[1].value_or("");
    g.seats[seat].agent = row[2].value_or("");
  }
  return g;
}

Json seats_json(const engine::Game& game, const std::vector<SeatRecord>& seats) {
  Json out = Json::object();
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const SeatRecord& r = seats[i];
    out[game.seat_name(static_cast<int>(i))] = !r.username.empty() ? Json(r.username)
                                               : r.agent.empty()   ? Json(nullptr)
                                                                   : Json(r.agent);
  }
  return out;
}

std::map<std::string, std::map<std::string, std::optional<LevelRating>>> read_levels(
    const std::string& file) {
  const Json data = engine::read_data_file(file, "the computer levels' ratings");
  if (!data.is_object() || !data.contains("games") || !data["games"].is_object()) {
    throw std::runtime_error(file + ": field 'games' must be an object of games");
  }
  std::map<std::string, std::map<std::string, std::optional<LevelRating>>> levels;
  for (const auto& [game, entries] : data["games"].items()) {
    if (!entries.is_object())
      throw std::runtime_error(file + ": games." + game + " must be an object");
    for (const auto& [level, entry] : entries.items()) {
      const std::string where = file + ": games." + game + "." + level;
      if (entry.is_null()) {
        levels[game][level] = std::nullopt;
        continue;
      }
      if (!entry.is_object() || !entry.contains("rating") || !entry["rating"].is_number() ||
          !entry.contains("deviation") || !entry["deviation"].is_number() ||
          entry["deviation"].get<double>() <= 0) {
        throw std::runtime_error(where +
                                 ": needs a number 'rating' and a positive 'deviation' (or null)");
      }
      levels[game][level] =
          LevelRating{entry["rating"].get<double>(), entry["deviation"].get<double>(),
                      entry.value("ladder", std::string())};
    }
  }
  return levels;
}

}  // namespace

Platform::Platform(Database& db, GameService& games, const std::string& ratings_file)
    : db_(db),
      games_(games),
      postgres_(db.kind() == "postgresql"),
      levels_(read_levels(ratings_file)) {
  migrate(db_);
  // Challenges for one user stored before they were bound to the account (issue 41).
  auto c = db_.acquire();
  for (const SqlRow& row : c->query(
           "SELECT game_id, challenge_for FROM game_settings WHERE challenge_for IS NOT NULL AND "
           "game_id NOT IN (SELECT game_id FROM challenge_accounts)",
           {})) {
    challenge_account(*c, row[0].value_or(""), row[1].value_or(""));
  }
}

void Platform::prepare_create(CreateGameRequest& request) const {
  settings_of(request);  // 400 before anything is made
  if (request.seat == "random") {
    if (auto game = games_.game(request.game)) {
      const auto pick = random_u64() % static_cast<std::uint64_t>(game->num_seats());
      request.seat = game->seat_name(static_cast<int>(pick));
    }
  }
}

GameSettings Platform::settings_of(const CreateGameRequest& request) const {
  GameSettings s;
  s.is_public = request.is_public;
  s.rated = request.rated;
  s.open = request.open;
  s.spectators_read_chat = request.spectators_read_chat;
  const std::string& who = request.opponent;
  if (s.rated && !request.against_person()) {
    const auto g = levels_.find(request.game);
    const bool measured = g != levels_.end() && g->second.count(who) && g->second.at(who);
    if (!measured) {
      throw ApiError(400,
                     "field 'rated': the computer level '" + who + "' has no measured " +
                         "rating for " + request.game + " yet (data/server/ai_ratings.json); " +
                         "play it unrated or choose a rated level",
                     {{"field", "rated"}});
    }
  }
  return s;
}

void Platform::save_settings(const std::string& id, const GameSettings& s) {
  auto c = db_.acquire();
  Transaction transaction(*c);
  c->execute(
      "INSERT INTO game_settings (game_id, public, rated, spectator_chat, open, challenge_for, "
      "rematch_of) VALUES (?, ?, ?, ?, ?, ?, ?)",
      {id, std::int64_t{s.is_public}, std::int64_t{s.rated}, std::int64_t{s.spectators_read_chat},
       std::int64_t{s.open}, s.challenge_for.empty() ? SqlValue() : SqlValue(s.challenge_for),
       s.rematch_of.empty() ? SqlValue() : SqlValue(s.rematch_of)});
  if (!s.challenge_for.empty()) {
    c->execute("INSERT INTO challenge_accounts (game_id, account_id) VALUES (?, ?)",
               {id, s.challenge_account.empty() ? std::string(kDeletedUser) : s.challenge_account});
  }
  transaction.commit();
}

GameSettings Platform::settings(const std::string& id) {
  auto c = db_.acquire();
  return settings_locked(*c, id);
}

GameSettings Platform::settings_locked(SqlConnection& c, const std::string& id) {
  const auto rows = c.query(
      "SELECT public, rated, spectator_chat, open, challenge_for, rematch_of FROM game_settings "
      "WHERE game_id = ?",
      {id});
  GameSettings s;
  if (rows.empty()) return s;  // a game made before settings existed: private, unrated
  s.is_public = sql_number(rows[0][0]) != 0;
  s.rated = sql_number(rows[0][1]) != 0;
  s.spectators_read_chat = sql_number(rows[0][2]) != 0;
  s.open = sql_number(rows[0][3]) != 0;
  s.challenge_for = rows[0][4].value_or("");
  s.rematch_of = rows[0][5].value_or("");
  return s;
}

bool Platform::is_public(const std::string& id) { return settings(id).is_public; }

glicko2::Rating Platform::rating_of(const std::string& user, const std::string& game) {
  auto c = db_.acquire();
  return rating_locked(*c, user, game);
}

glicko2::Rating Platform::rating_locked(SqlConnection& c, const std::string& user,
                                        const std::string& game) {
  const auto rows =
      c.query("SELECT rating, deviation, volatility FROM ratings WHERE username = ? AND game = ?",
              {user, game});
  if (rows.empty()) return {};
  return {from_micro(rows[0][0]), from_micro(rows[0][1]), from_micro(rows[0][2])};
}

void Platform::game_finished(const GameRecord& g) {
  if (g.state.status != PlayStatus::kFinished || g.seats.size() != 2) return;
  if (!settings(g.id).rated) return;
  for (const SeatRecord& seat : g.seats) {
    if (seat.empty()) return;  // an invitation resigned before anyone took it
  }
  const auto game_levels = levels_.find(g.game);
  auto c = db_.acquire();
  Transaction transaction(*c);
  if (!c->query("SELECT seat FROM rated_games WHERE game_id = ?", {g.id}).empty()) return;
  // Every seat's rating before the game (a computer level's fixed one).
  std::vector<glicko2::Rating> before(2);
  for (std::size_t s = 0; s < 2; ++s) {
    const SeatRecord& seat = g.seats[s];
    if (!seat.username.empty()) {
      const auto rows = c->query(
          "SELECT rating, deviation, volatility FROM ratings WHERE username = ? AND game = ?",
          {seat.username, g.game});
      if (!rows.empty()) {
        before[s] = {from_micro(rows[0][0]), from_micro(rows[0][1]), from_micro(rows[0][2])};
      }
      continue;
    }
    if (game_levels == levels_.end()) return;
    const auto level = game_levels->second.find(seat.agent);
    if (level == game_levels->second.end() || !level->second) return;  // not measured
    before[s] = {level->second->rating, level->second->deviation, 0.06};
  }
  const std::int64_t now = now_ms();
  for (std::size_t s = 0; s < 2; ++s) {
    const SeatRecord& seat = g.seats[s];
    if (seat.username.empty()) continue;
    const double score = g.state.winner == kNoWinner             ? 0.5
                         : g.state.winner == static_cast<int>(s) ? 1.0
                                                                 : 0.0;
    const glicko2::Rating& other = before[1 - s];
    const glicko2::Rating after =
        glicko2::update(before[s], {{other.rating, other.deviation, score}});
    const std::int64_t win = score == 1.0, loss = score == 0.0, draw = score == 0.5;
    if (c->execute(
            "UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = games + 1, "
            "wins = wins + ?, losses = losses + ?, draws = draws + ?, updated = ? "
            "WHERE username = ? AND game = ?",
            {micro(after.rating), micro(after.deviation), micro(after.volatility), win, loss, draw,
             now, seat.username, g.game}) == 0) {
      c->execute(
          "INSERT INTO ratings (username, game, rating, deviation, volatility, games, wins, "
          "losses, draws, updated) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)",
          {seat.username, g.game, micro(after.rating), micro(after.deviation),
           micro(after.volatility), win, loss, draw, now});
    }
    c->execute(
        "INSERT INTO rated_games (game_id, seat, username, rating_before, rating_after) VALUES (?, "
        "?, ?, ?, ?)",
        {g.id, static_cast<std::int64_t>(s), seat.username, micro(before[s].rating),
         micro(after.rating)});
  }
  transaction.commit();
}

Json Platform::leaderboard(const std::string& game, int limit) {
  auto engine_game = games_.game(game);
  if (!engine_game) throw ApiError(404, "no game '" + game + "'");
  Json players = Json::array();
  {
    auto c = db_.acquire();
    int rank = 0;
    for (const SqlRow& row :
         c->query("SELECT username, rating, deviation, games, wins, losses, draws, updated FROM "
                  "ratings WHERE game = ? ORDER BY rating DESC, username LIMIT ?",
                  {game, static_cast<std::int64_t>(limit)})) {
      const double deviation = from_micro(row[2]);
      players.push_back({{"rank", ++rank},
                         {"username", row[0].value_or("")},
                         {"rating", rounded(from_micro(row[1]), 1.0)},
                         {"deviation", rounded(deviation, 1.0)},
                         // Glickman's rule of thumb: a rating with RD above 110 is provisional.
                         {"provisional", deviation > 110.0},
                         {"games", sql_number(row[3])},
                         {"wins", sql_number(row[4])},
                         {"losses", sql_number(row[5])},
                         {"draws", sql_number(row[6])},
                         {"updated", iso_time(sql_number(row[7]))}});
    }
  }
  Json computer = Json::array();
  if (auto it = levels_.find(game); it != levels_.end()) {
    for (const std::string& level : agent_levels()) {
      auto entry = it->second.find(level);
      if (entry == it->second.end()) continue;
      if (entry->second) {
        computer.push_back({{"level", level},
                            {"rating", entry->second->rating},
                            {"deviation", entry->second->deviation},
                            {"ladder", entry->second->ladder}});
      } else {
        computer.push_back({{"level", level},
                            {"rating", nullptr},
                            {"deviation", nullptr},
                            {"ladder", "not measured: games against it are not rated"}});
      }
    }
  }
  return {{"game", game},
          {"players", players},
          {"computer", computer},
          {"new_player", {{"rating", 1500}, {"deviation", 350}}}};
}

Json Platform::challenges(const std::string& user) {
  auto c = db_.acquire();
  const auto account = account_id(*c, user);
  if (!account) throw ApiError(401, "log in first");
  Transaction transaction(*c, Transaction::Mode::kRead);
  Json list = Json::array();
  // A challenge for one user is listed to that account (not to a new one of the same name), with
  // the account's name, or kDeletedUser once it is gone.
  for (const SqlRow& row :
       c->query("SELECT g.id, s.rated, s.public, s.challenge_for, s.rematch_of, ca.account_id, "
                "a.username FROM games g JOIN game_settings s ON s.game_id = g.id "
                "LEFT JOIN challenge_accounts ca ON ca.game_id = g.id "
                "LEFT JOIN account_ids a ON a.id = ca.account_id "
                "WHERE s.open = 1 AND g.status = 'waiting' "
                "AND g.id IN (SELECT game_id FROM invites) AND (s.challenge_for IS NULL OR "
                "ca.account_id = ? OR "
                "g.id IN (SELECT game_id FROM seats WHERE username = ?)) "
                "ORDER BY g.created DESC, g.id LIMIT 200",
                {*account, user})) {
    const std::string id = row[0].value_or("");
    auto g = load_row(*c, id);
    if (!g) continue;
    auto game = games_.game(g->game);
    if (!game) continue;
    std::string by;
    Json side = nullptr;
    for (std::size_t s = 0; s < g->seats.size(); ++s) {
      if (!g->seats[s].username.empty()) by = g->seats[s].username;
      if (g->seats[s].empty() && side.is_null()) side = game->seat_name(static_cast<int>(s));
    }
    Json entry = {
        {"id", id},
        {"game", g->game},
        {"by", by},
        {"yours", by == user},
        {"your_side", side},
        {"rules", g->options.is_object() && g->options.contains("rules") ? g->options["rules"]
                                                                         : Json::array()},
        {"rated", sql_number(row[1]) != 0},
        {"public", sql_number(row[2]) != 0},
        {"for", !row[3]   ? Json(nullptr)
                : !row[5] ? Json(*row[3])  // not bound yet (an older server's)
                          : Json(row[6].value_or(kDeletedUser))},
        {"rematch_of", row[4] ? Json(*row[4]) : Json(nullptr)},
        {"created", iso_time(g->updated)}};
    // The time control the game will have once accepted (null: none).
    const auto clock = load_clock(*c, id);
    entry["clock"] = clock ? clock->control : Json(nullptr);
    if (!g->seats.empty() && by != user)
      entry["rating"] = rounded(rating_locked(*c, by, g->game).rating, 1.0);
    list.push_back(std::move(entry));
  }
  transaction.commit();
  return {{"challenges", list}};
}

Json Platform::accept(const std::string& user, const std::string& id) {
  std::string invite;
  {
    auto c = db_.acquire();
    const auto rows = c->query(
        "SELECT i.token_hash, s.challenge_for, s.open FROM games g JOIN game_settings s ON "
        "s.game_id = g.id LEFT JOIN invites i ON i.game_id = g.id WHERE g.id = ?",
        {id});
    if (rows.empty() || sql_number(rows[0][2]) == 0)
      throw ApiError(404, "no open challenge '" + id + "'");
    if (!rows[0][0]) throw ApiError(409, "this challenge was already accepted");
    if (rows[0][1]) {  // for one account only (a rematch): that account, not its name
      const std::string bound = challenge_account(*c, id, *rows[0][1]);
      if (account_id(*c, user) != bound) {
        const auto holder = c->query("SELECT username FROM account_ids WHERE id = ?", {bound});
        if (holder.empty()) {
          throw ApiError(403, "this challenge was for the account " + *rows[0][1] +
                                  ", which was deleted; another account of that name may not "
                                  "accept it");
        }
        throw ApiError(403, "this challenge is for " + holder[0][0].value_or("") + " only");
      }
    }
    invite = *rows[0][0];
  }
  return games_.join_by_hash(user, invite);  // the invites table holds only the hash
}

Json Platform::rematch(const std::string& user, const std::string& id, const CreateGame& create) {
  std::optional<GameRow> g;
  Json clock = nullptr;  // the finished game's time control, kept for the rematch
  {
    auto c = db_.acquire();
    g = load_row(*c, id);
    if (!g) throw ApiError(404, "no game '" + id + "'");
    if (const auto row = load_clock(*c, id)) clock = row->control;
    const auto existing = c->query("SELECT game_id FROM game_settings WHERE rematch_of = ?", {id});
    if (!existing.empty()) {
      throw ApiError(409,
                     "a rematch of this game exists already: game " + existing[0][0].value_or(""),
                     {{"id", existing[0][0].value_or("")}});
    }
  }
  auto game = games_.game(g->game);
  if (!game) throw ApiError(404, "no game '" + g->game + "'");
  int mine = -1;
  for (std::size_t s = 0; s < g->seats.size(); ++s) {
    if (g->seats[s].username == user) mine = static_cast<int>(s);
  }
  if (mine < 0) throw ApiError(403, "only a player of the game may ask for its rematch");
  if (g->status != PlayStatus::kFinished) {
    throw ApiError(
        409, "a rematch follows a finished game; this one is " + std::string(to_string(g->status)));
  }
  if (g->seats.size() != 2) throw ApiError(409, "rematches are for two-player games");
  const SeatRecord& other = g->seats[static_cast<std::size_t>(1 - mine)];
  if (other.empty()) throw ApiError(409, "nobody took the other seat of this game");
  const GameSettings old = settings(id);
  Json body = {
      {"game", g->game},         {"seat", game->seat_name(1 - mine)},
      {"options", g->options},   {"opponent", other.username.empty() ? other.agent : "human"},
      {"public", old.is_public}, {"spectator_chat", old.spectators_read_chat ? "read" : "none"}};
  if (!clock.is_null()) body["clock"] = clock;
  GameSettings next = old;
  next.open = other.username.empty() ? false : true;
  next.challenge_for = other.username;
  if (!other.username.empty()) {
    auto c = db_.acquire();
    next.challenge_account = account_id(*c, other.username).value_or(kDeletedUser);
  }
  next.rematch_of = id;
  CreateGameRequest request = parse_create_request(body);
  // A rated rematch only where the new game can be rated.
  try {
    request.rated = old.rated;
    settings_of(request);
  } catch (const ApiError&) {
    next.rated = false;
  }
  Json created = create(user, request);
  save_settings(created.value("id", ""), next);
  created["rematch_of"] = id;
  created["seat"] = game->seat_name(1 - mine);
  return created;
}

Json Platform::public_games() {
  auto c = db_.acquire();
  Transaction transaction(*c, Transaction::Mode::kRead);
  Json list = Json::array();
  for (const SqlRow& row : c->query(
           "SELECT g.id, g.status, g.version, g.updated, s.rated, g.winner, g.resigned FROM games "
           "g "
           "JOIN game_settings s ON s.game_id = g.id WHERE s.public = 1 AND g.status <> 'waiting' "
           "ORDER BY g.updated DESC, g.id LIMIT 100",
           {})) {
    const std::string id = row[0].value_or("");
    auto g = load_row(*c, id);
    if (!g) continue;
    auto game = games_.game(g->game);
    if (!game) continue;
    Json entry = {{"id", id},
                  {"game", g->game},
                  {"seats", seats_json(*game, g->seats)},
                  {"status", g->status},
                  {"version", sql_number(row[2])},
                  {"updated", iso_time(sql_number(row[3]))},
                  {"rated", sql_number(row[4]) != 0}};
    if (g->status == PlayStatus::kFinished) {
      const auto winner = sql_number(row[5]);
      entry["winner"] =
          winner >= 0 ? Json(game->seat_name(static_cast<int>(winner))) : Json(nullptr);
      const auto resigned = sql_number(row[6]);
      if (resigned >= 0) entry["resigned"] = game->seat_name(static_cast<int>(resigned));
    }
    list.push_back(std::move(entry));
  }
  transaction.commit();
  return {{"games", list}};
}

void Platform::notify(SqlConnection& c, const std::string& id) {
  if (postgres_) c.notify_after_commit(kGamesChannel, game_notice(id, -1));
}

Json Platform::chat(const std::string& user, const std::string& id, std::int64_t since) {
  if (since < 0) throw ApiError(400, "since must be a non-negative message index");
  auto c = db_.acquire();
  auto g = load_row(*c, id);
  if (!g) throw ApiError(404, "no game '" + id + "'");
  bool player = false;
  for (const SeatRecord& seat : g->seats) player = player || seat.username == user;
  if (!player) {
    const GameSettings s = settings_locked(*c, id);
    if (!s.is_public) throw ApiError(403, "you do not play this game");
    if (!s.spectators_read_chat) {
      // Not an error for the spectator's page, which asks as it opens: it says so, and holds
      // nothing of the players' messages.
      return {{"messages", Json::array()},
              {"can_post", false},
              {"can_read", false},
              {"max_chars", limits_.chat_max_chars}};
    }
  }
  Json messages = Json::array();
  for (const SqlRow& row :
       c->query("SELECT idx, username, text, created FROM chat WHERE game_id = ? AND idx >= ? "
                "ORDER BY idx LIMIT 1000",
                {id, since})) {
    const std::string author = row[1].value_or("");
    Json message = {{"n", sql_number(row[0])},
                    {"user", author},
                    {"text", row[2].value_or("")},
                    {"time", iso_time(sql_number(row[3]))}};
    if (author.empty()) message["server"] = true;  // post_server_note: no account has no name
    messages.push_back(std::move(message));
  }
  return {{"messages", messages},
          {"can_post", player},
          {"can_read", true},
          {"max_chars", limits_.chat_max_chars}};
}

Json Platform::post_chat(const std::string& user, const std::string& id, const Json& body,
                         std::int64_t& retry_after) {
  retry_after = 0;
  const std::string text = string_field(body, "text", " (the message)");
  const std::size_t length = characters(text);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    throw ApiError(400, "the message is empty");
  }
  if (length > limits_.chat_max_chars) {
    throw ApiError(400, "a message has at most " + std::to_string(limits_.chat_max_chars) +
                            " characters; this one has " + std::to_string(length));
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto ch = static_cast<unsigned char>(text[i]);
    if ((ch < 0x20 && ch != '\n') || ch == 0x7f) {
      throw ApiError(400, "the message has a control character at byte " + std::to_string(i) +
                              " (only line breaks are allowed)");
    }
  }
  for (int attempt = 0;; ++attempt) {
    auto c = db_.acquire();
    try {
      Transaction transaction(*c);
      auto g = load_row(*c, id);
      if (!g) throw ApiError(404, "no game '" + id + "'");
      bool player = false;
      for (const SeatRecord& seat : g->seats) player = player || seat.username == user;
      if (!player) {
        throw ApiError(403, settings_locked(*c, id).is_public
                                ? "spectators read the chat; only the players write in it"
                                : "you do not play this game");
      }
      const std::int64_t now = now_ms();
      const auto recent = c->query(
          "SELECT created FROM chat WHERE game_id = ? AND username = ? AND created > ? "
          "ORDER BY created",
          {id, user, now - limits_.chat_window_ms});
      if (static_cast<int>(recent.size()) >= limits_.chat_burst) {
        const std::int64_t oldest = sql_number(recent.front()[0]);
        retry_after =
            std::max<std::int64_t>(1, (oldest + limits_.chat_window_ms - now + 999) / 1000);
        throw ApiError(429,
                       "at most " + std::to_string(limits_.chat_burst) + " messages in " +
                           std::to_string(limits_.chat_window_ms / 1000) +
                           " seconds; try again in " + std::to_string(retry_after) + " seconds",
                       {{"retry_after", retry_after}});
      }
      const auto last = c->query("SELECT MAX(idx) FROM chat WHERE game_id = ?", {id});
      const std::int64_t n = last.empty() || !last[0][0] ? 0 : sql_number(last[0][0]) + 1;
      c->execute("INSERT INTO chat (game_id, idx, username, text, created) VALUES (?, ?, ?, ?, ?)",
                 {id, n, user, text, now});
      notify(*c, id);
      transaction.commit();
      chat_noticed(id);
      return {{"n", n}, {"user", user}, {"text", text}, {"time", iso_time(now)}};
    } catch (const DbError&) {
      if (attempt >= 2) throw;  // two writers took the same index: try again
    }
  }
}

void Platform::post_server_note(const std::string& id, const std::string& text) {
  for (int attempt = 0;; ++attempt) {
    auto c = db_.acquire();
    try {
      Transaction transaction(*c);
      const auto last = c->query("SELECT MAX(idx) FROM chat WHERE game_id = ?", {id});
      const std::int64_t n = last.empty() || !last[0][0] ? 0 : sql_number(last[0][0]) + 1;
      c->execute("INSERT INTO chat (game_id, idx, username, text, created) VALUES (?, ?, '', ?, ?)",
                 {id, n, text, now_ms()});
      notify(*c, id);
      transaction.commit();
      chat_noticed(id);
      return;
    } catch (const DbError&) {
      if (attempt >= 2) throw;  // a player's message took the same index: try again
    }
  }
}

std::int64_t Platform::chat_count(const std::string& id) {
  KeptValues<std::int64_t>::Ticket ticket;
  if (auto kept = chat_counts_.find(id, ticket)) return *kept;
  std::int64_t count = 0;
  {
    auto c = db_.acquire();
    const auto rows = c->query("SELECT COUNT(*) FROM chat WHERE game_id = ?", {id});
    count = rows.empty() ? 0 : sql_number(rows[0][0]);
  }
  chat_counts_.keep(id, count, ticket);
  return count;
}

void Platform::chat_noticed(const std::string& id) { chat_counts_.drop(id); }

}  // namespace pacwar::server
