// What the server keeps: accounts, log-in sessions, games (seed, options, seats) and each
// game's action log, in one schema shared by SQLite and PostgreSQL. A game's truth is its seed,
// options and action ids; its state is rebuilt by replaying them (so rules fixes re-play stored
// logs). Every change of a game is one transaction guarded by the game's revision, so two server
// processes never both append action N.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "server/db/db.h"
#include "server/db/notice_epoch.h"
#include "server/db/play_status.h"
#include "server/notify/notice_queue.h"

namespace pacwar::server {

// One seat of a game: a user, a computer player ("random", "mcts:hard"...) or nobody yet
// (waiting for the invited player).
struct SeatRecord {
  std::string username;
  std::string agent;
  bool empty() const { return username.empty() && agent.empty(); }
};

// A stored action: its text id and the seat that took it (engine::kChanceSeat for chance).
struct ActionRecord {
  std::string id;
  int seat = 0;
};

inline constexpr int kNoWinner = -1;

// The seat of a deleted account in its finished games (stored as the seat's `agent`, shown as
// it is; no computer player has this name).
inline constexpr const char* kDeletedUser = "deleted user";

// An invitation whose time ran out (join_game).
class InviteExpired : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The part of a game that changes with each action.
struct GameStatus {
  PlayStatus status = PlayStatus::kActive;
  int to_move = 0;              // seat index, engine::kTerminalSeat when finished
  std::int64_t version = 0;     // number of actions in the log
  int winner = kNoWinner;       // when finished: the winning seat or kNoWinner (a draw)
  int resigned = kNoWinner;     // the seat that resigned, if any
  std::int64_t updated_ms = 0;  // last change, Unix milliseconds
};

struct GameRecord {
  std::string id;
  std::string game;  // "pacific-war"
  engine::Json options = engine::Json::object();
  std::uint64_t seed = 0;
  std::int64_t created_ms = 0;
  // The version of the game's rules it began with (GameModule::rules_version); "" for a game
  // stored before versions were recorded.
  std::string rules_version;
  std::int64_t revision = 0;  // bumped by every change (also by undo, which lowers version)
  // The invitation to the free seat, while it is free: a hash of its token (token_hash, as for
  // sessions; the clear token is shown only to the creator, once) and when it expires.
  std::optional<std::string> invite;
  std::int64_t invite_expires_ms = 0;
  GameStatus state;
  std::vector<SeatRecord> seats;
  std::vector<ActionRecord> actions;  // filled by load_game only
  engine::Json clock = nullptr;       // time control (clocks.h), written by create_game only
};

// A change of one game: keep the first `keep` actions, append `append`, set `status`.
// A computer player's move made in a person's request: its index in the log, and the worker.
struct AgentMoveAtOnce {
  std::int64_t index = 0;
  std::string worker;
};

struct GameChange {
  std::int64_t keep = 0;
  std::vector<ActionRecord> append;
  GameStatus status;
  // A computer player is to move after the change: its job (ai_jobs.h) is queued for the new
  // revision in the same transaction; otherwise the game's job, if any, is removed.
  bool agent_job = false;
  // Whether the game may hold a job before the change: a computer player was to move at the
  // revision the change replaces. A job is written or removed by every change (and at creation)
  // for the revision it makes, so when a person was to move there is none, and no DELETE is
  // sent for it (one statement of the six of a person's move, issue 43).
  bool job_before = true;
  // Non-empty: that job is written claimed by this worker until `job_lease_until` (the worker
  // of this process takes it at once; write_ai_job).
  std::string job_worker;
  std::int64_t job_lease_until = 0;
  // A computer player's move: the worker that chose it and how long it thought (ai_moves).
  std::string worker;
  std::int64_t think_ms = 0;
  // Computer players' moves among `append` after a person's action, made in the same request
  // (GameService::play_at_once): each in ai_moves, with no time of thinking.
  std::vector<AgentMoveAtOnce> moves_at_once;
  // The status before the change, and the notices it sends (notice_queue.h, clocks.h).
  GameStatus before;
  std::vector<QueuedNotice> notices;
};

// A computer player's turn waiting in the database for a worker (ai_jobs.h).
struct AiJob {
  std::string game_id;
  std::int64_t revision = 0;  // the game's revision when the job was queued
  int attempts = 0;           // claims so far, this one included
};

// The id of the account `username`: random, never reused (a new account that takes the name of a
// deleted one gets another), so that what is bound to it (a rematch offered to it) stays its own;
// nullopt when there is no such account. An account made before ids existed gets one now: call
// it outside a transaction (store_accounts.cc).
std::optional<std::string> account_id(SqlConnection& c, const std::string& username);

class Store {
 public:
  explicit Store(std::unique_ptr<Database> db);

  const Database& database() const { return *db_; }
  Database& database() {
    return *db_;
  }  // for the tables of other services (analyses, notices, witp, platform)

  // Accounts. create_user returns false when the name is taken.
  bool create_user(const std::string& username, const std::string& password_hash,
                   std::int64_t now_ms);
  std::optional<std::string> password_hash(const std::string& username);

  // Log-in sessions, keyed by a hash of the cookie token. On PostgreSQL every deletion of
  // sessions sends a notice in its transaction (kSessionsNotice); while `epoch`
  // (set_notice_epoch) says this process receives them, a session read from the store is kept
  // for up to kSessionKeptMs (a deletion made outside pacwar then takes effect within that
  // time) and until such a notice (sessions_noticed) or its expiry. Without it (SQLite) every
  // call reads the store.
  void create_session(const std::string& token_hash, const std::string& username,
                      std::int64_t expires_ms);
  std::optional<std::string> session_user(const std::string& token_hash, std::int64_t now_ms);
  void delete_session(const std::string& token_hash);
  static constexpr std::int64_t kSessionKeptMs = 30'000;
  void set_notice_epoch(const NoticeEpoch* epoch) { sessions_.set_epoch(epoch); }
  void sessions_noticed();

  // Games. create_game stores the game, its seats and its first actions in one transaction.
  void create_game(const GameRecord& game);
  std::optional<GameRecord> load_game(const std::string& id);
  // The same with only the actions from index `first` on (to catch up with a change made by
  // another process without replaying the whole log).
  std::optional<GameRecord> load_game_from(const std::string& id, std::int64_t first);
  std::optional<std::int64_t> game_revision(const std::string& id);
  // Applies `change` if the game is still at `revision` (then returns the new revision);
  // nullopt when another request or process changed it first (nothing is written).
  std::optional<std::int64_t> change_game(const std::string& id, std::int64_t revision,
                                          const GameChange& change);
  // Takes the free seat of the game whose invitation's hash is `invite_hash` for `username`;
  // returns the game id and seat, or nullopt for an unknown or used token. Throws
  // InviteExpired for an expired one, std::invalid_argument when the user already plays that
  // game.
  struct Joined {
    std::string id;
    int seat = 0;
  };
  std::optional<Joined> join_game(const std::string& invite_hash, const std::string& username,
                                  std::int64_t now_ms);
  // The games `username` plays, most recently changed first (without their actions).
  std::vector<GameRecord> games_of(const std::string& username);
  // The games not finished (waiting and active), oldest first, without their seats and actions.
  std::vector<GameRecord> unfinished_games();
  // Ids of active games where a computer player is to move (to resume them after a restart).
  std::vector<std::string> games_awaiting_agents();

  // The jobs of computer players (src/server/ai/ai_jobs.cc). A job is queued by the transaction
  // that made a computer player's turn (create_game, change_game) and replaced or removed by the
  // one that ends it. claim_ai_job takes the oldest job whose lease ran out (PostgreSQL: SELECT
  // ... FOR UPDATE SKIP LOCKED, so that workers never wait for each other) and leases it to
  // `worker` until now + lease; nullopt when none is free. A worker that dies loses nothing:
  // its lease runs out and another claims the job.
  // With `only_agents` (not empty), only the jobs of games whose computer player to move is one
  // of them (the quick lane of AgentRunner).
  std::optional<AiJob> claim_ai_job(const std::string& worker, std::int64_t now_ms,
                                    std::int64_t lease_ms,
                                    const std::vector<std::string>& only_agents = {});
  // Extends the lease of the job `worker` holds on `id` at `revision` to `until_ms` (a worker
  // still thinking); false when the job is no longer its own.
  bool renew_ai_job(const std::string& id, std::int64_t revision, const std::string& worker,
                    std::int64_t until_ms);
  // The job of `id` at `revision` needs no move (no computer player is to move): removed.
  void drop_ai_job(const std::string& id, std::int64_t revision);
  // Queues a job for every game where a computer player is to move but none is queued (games
  // stored before jobs existed); returns how many.
  int queue_missing_ai_jobs(std::int64_t now_ms);
  // Frees the lease of every job (a restarted server's embedded worker: its predecessor's jobs
  // would wait for their leases; a job a live worker holds is at worst thought about twice, and
  // the revision guard keeps one move). Returns how many.
  int free_ai_job_leases();
  // Computer players' moves stored so far, by worker name.
  std::vector<std::pair<std::string, std::int64_t>> ai_moves_by_worker();

  // Accounts and invitations (store_accounts.cc).
  // Existing rows of `games.invite` hold clear tokens (before issue 14): each is hashed into
  // `invites` with `expires_ms` and cleared. Returns how many.
  int migrate_clear_invites(std::int64_t expires_ms);
  enum class GameAccess { kOk, kNoGame, kNotYours, kStarted };
  // A new invitation for the free seat of waiting game `id` of `username` (the old one stops
  // working).
  GameAccess renew_invite(const std::string& id, const std::string& username,
                          const std::string& invite_hash, std::int64_t expires_ms);
  // When the games `username` sat down in (created or joined) after `since_ms` were
  // created, oldest first: the per-user rate of new games (ServerConfig::max_new_games_per_hour).
  std::vector<std::int64_t> games_started_since(const std::string& username, std::int64_t since_ms);
  // The operator's retention (ServerConfig::keep_finished_games): deletes at most `most` finished
  // games last changed before `updated_before_ms`, each with every row of its own (seats,
  // actions, chat, clocks, notices, analyses, settings); ratings already earned stay. Returns
  // how many.
  int delete_finished_games(std::int64_t updated_before_ms, int most = 500);
  // Deletes waiting game `id` of `username` with its seats, actions and invitation.
  GameAccess delete_waiting_game(const std::string& id, const std::string& username);
  void set_password_hash(const std::string& username, const std::string& password_hash);
  // Ends every session of `username` but the one whose hash is `keep` (empty: all).
  void delete_sessions_of(const std::string& username, const std::string& keep = "");
  // Deletes the account: its sessions, its waiting games, its account id; its seats in other
  // games are marked kDeletedUser. Throws DbError if it still plays an active game (resign those
  // first).
  void delete_user(const std::string& username);

 private:
  // PostgreSQL: the notice that sessions were deleted (sent in the deleting transaction).
  void notify_sessions(SqlConnection& c);

  std::unique_ptr<Database> db_;
  bool postgres_ = false;  // changes are announced with NOTIFY (pg_listener.h)
  // The sessions kept (session_user), by token hash: answered until `expires` and for
  // kSessionKeptMs after `read`.
  struct KeptSession {
    std::string username;
    std::int64_t expires = 0;
    std::int64_t read = 0;
  };
  KeptValues<KeptSession> sessions_;
};

}  // namespace pacwar::server
