// The public side of the server (docs/api.md, "Ratings, challenges, spectators and chat"):
// per-game settings chosen at creation (public, rated, spectators' chat, open challenge),
// Glicko-2 ratings per user and game updated when a rated game ends, the leaderboard, open
// challenges and rematches, the list of public games, and each game's chat. Its tables live
// beside the store's (game_settings, ratings, rated_games, chat), in the same database.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "engine/game.h"
#include "server/community/glicko2.h"
#include "server/db/db.h"
#include "server/db/notice_epoch.h"
#include "server/db/store.h"
#include "server/play/create_request.h"

namespace pacwar::server {

class GameService;

// What the creator chose for a game besides its rules.
struct GameSettings {
  bool is_public = false;             // any logged-in user may watch it (spectator's view)
  bool rated = false;                 // its result changes the players' ratings
  bool spectators_read_chat = false;  // else only the players see the chat
  bool open = false;                  // an open challenge, listed in the lobby for anyone to accept
  std::string challenge_for;          // an open challenge only this user may accept (a rematch)
  std::string challenge_account;      // that user's account id (account_id): only it may accept
  std::string rematch_of;             // the finished game this one is the rematch of
};

// A computer level's fixed rating (data/server/ai_ratings.json).
struct LevelRating {
  double rating = 0;
  double deviation = 0;
  std::string ladder;  // the ladder's figure it was taken from
};

// Creates a game as POST /api/games does, caps included: {"id","invite"}.
using CreateGame = std::function<engine::Json(const std::string&, const CreateGameRequest&)>;

class Platform {
 public:
  struct Limits {
    std::size_t chat_max_chars = 500;  // per message, in characters (UTF-8 code points)
    int chat_burst = 5;                // messages per user and game in chat_window
    std::int64_t chat_window_ms = 30'000;
  };

  // Creates the tables (additive: CREATE ... IF NOT EXISTS) and reads the computer levels'
  // ratings from `ratings_file` (throws with the file, field and reason when it is bad).
  Platform(Database& db, GameService& games, const std::string& ratings_file);

  void set_limits(const Limits& limits) { limits_ = limits; }

  // Before POST /api/games: checks the request's settings (400 with the reason: a rated game
  // against a computer level without a measured rating) and replaces a "random" seat by a seat
  // drawn at random.
  void prepare_create(CreateGameRequest& request) const;
  // The settings of a new game of `request` (400 as prepare_create).
  GameSettings settings_of(const CreateGameRequest& request) const;
  // After it: stores the game's settings.
  void save_settings(const std::string& id, const GameSettings& settings);
  GameSettings settings(const std::string& id);
  // May users other than its players watch game `id`?
  bool is_public(const std::string& id);

  // A game ended (called once, by the process that stored the end): rates it if it is rated,
  // every seat is taken and each person's opponent has a rating. Idempotent per game.
  void game_finished(const GameRecord& game);
  engine::Json leaderboard(const std::string& game, int limit);
  // The rating of `user` in `game` (a new player's when none is stored).
  glicko2::Rating rating_of(const std::string& user, const std::string& game);
  const std::map<std::string, std::map<std::string, std::optional<LevelRating>>>& levels() const {
    return levels_;
  }

  // Open challenges `user` may accept, and their own.
  engine::Json challenges(const std::string& user);
  // Takes the free seat of open challenge `id`; returns {"id","seat"}.
  engine::Json accept(const std::string& user, const std::string& id);
  // A rematch of finished game `id` with the sides swapped; `create` makes the game as
  // POST /api/games does (with its caps). Returns {"id", "invite", "rematch_of"}.
  engine::Json rematch(const std::string& user, const std::string& id, const CreateGame& create);
  // Public games being played or finished, most recently changed first.
  engine::Json public_games();

  // The chat of game `id` from message `since` on, for a player or (if the creator allowed
  // it) a spectator of a public game; 403 for anyone else.
  engine::Json chat(const std::string& user, const std::string& id, std::int64_t since);
  // A message of the server itself in game `id`'s chat (a rules repair, GameService::repair):
  // stored with no author, answered with "server": true, shown to whoever reads the chat.
  void post_server_note(const std::string& id, const std::string& text);
  // Posts {"text"} to the chat of game `id` (players only); 400 for an empty, too long or
  // control-character text, 429 (with retry_after) past the rate.
  engine::Json post_chat(const std::string& user, const std::string& id, const engine::Json& body,
                         std::int64_t& retry_after);
  // Messages in the chat of `id` (the event stream sends an event when it grows). While
  // `epoch` (set_notice_epoch) says every chat message of any process comes as a notice, a
  // count read from the store is kept until a notice of that game without a revision (a chat
  // message's, chat_noticed) drops it; without it (SQLite) every call reads the store.
  std::int64_t chat_count(const std::string& id);
  void set_notice_epoch(const NoticeEpoch* epoch) { chat_counts_.set_epoch(epoch); }
  void chat_noticed(const std::string& id);

 private:
  static GameSettings settings_locked(SqlConnection& c, const std::string& id);
  static glicko2::Rating rating_locked(SqlConnection& c, const std::string& user,
                                       const std::string& game);
  void notify(SqlConnection& c, const std::string& id);

  Database& db_;
  GameService& games_;
  bool postgres_;
  Limits limits_;
  KeptValues<std::int64_t> chat_counts_;  // chat_count's, by game
  // game -> level -> its rating (nullopt: not measured, games against it are not rated).
  std::map<std::string, std::map<std::string, std::optional<LevelRating>>> levels_;
};

}  // namespace pacwar::server
