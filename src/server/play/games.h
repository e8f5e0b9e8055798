// The games being played on the server: create, join by invitation, the lobby, a seat's
// redacted state, acting, undo, resign, replays, and the moves of computer players. Each game is
// a Session (seed + options + action log) rebuilt by replay from the store and kept in memory;
// each change is written in one guarded transaction before it is answered or announced.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ai/agent.h"
#include "engine/session.h"
#include "server/db/notice_epoch.h"
#include "server/db/store.h"
#include "server/notify/notifier.h"
#include "server/play/create_request.h"

namespace pacwar::server {

// The seat whose view a spectator gets (engine::State::view: public information only).
inline constexpr int kSpectator = -1;

// The computer players offered to opponents (ai::parse_agent_spec names).
const std::vector<std::string>& agent_levels();

// A game as the server plays it: its rules and their version (GameModule::rules_version).
struct GameRules {
  std::shared_ptr<const engine::Game> game;
  std::string version;
};
// The games of the registry (games/registry.h), in its order.
std::vector<GameRules> registered_games();

// Where a stored game's log stops following the rules this server plays (a rule fix since the
// game began): docs/deploy.md, "Rule fixes and games in progress".
struct ReplayProblem {
  GameRecord game;          // as stored, without its actions
  std::string rules_now;    // the version of the rules this server plays
  std::int64_t index = 0;   // the first stored action that cannot be replayed
  std::int64_t length = 0;  // the stored log's length
  std::string action;       // its id: for the operator only (it may be hidden from a seat)
  std::string error;        // why, in the rules' words
};
// What GameService::repair did to a game.
struct RepairResult {
  ReplayProblem problem;
  std::int64_t taken_back = 0;  // stored actions dropped (problem.length - problem.index)
  GameStatus status;            // the game's status after it
};

// The computer players' worker of this process (agent_runner.h), as the games see it.
class AgentQueue {
 public:
  virtual ~AgentQueue() = default;
  // A computer player may be to move in some game: its job is in the store, for any worker.
  virtual void wake() = 0;
  // The claim a job of `agent` is written with when this worker takes such jobs at once (its
  // name and the lease's end, ms since the epoch), so that no claim of its own follows; nullopt:
  // the job is queued for any worker.
  struct Lease {
    std::string worker;
    std::int64_t until_ms = 0;
  };
  virtual std::optional<Lease> lease(const std::string& agent) = 0;
  // A job written with lease()'s claim has been committed: this worker thinks about it.
  virtual void take(AiJob job) = 0;
  // The worker's name when the moves of `agent` are made at once in the request that leaves it
  // to move (a player that does not search, such as `random`: microseconds a move), else
  // nullopt (a worker thread thinks, off the request).
  virtual std::optional<std::string> plays_at_once(const std::string& agent) = 0;
};

class GameService {
 public:
  GameService(Store& store, Notifier& notifier, std::vector<GameRules> games = registered_games());

  // Told whenever a computer player is to move (the AI runner of this process; it must outlive
  // the requests and moves that use it).
  void set_agent_queue(AgentQueue* queue) { agent_queue_ = queue; }

  // The time source of the games' clocks and updates (tests inject one; default: the system's).
  void set_clock(std::function<std::int64_t()> clock) { clock_ = std::move(clock); }
  std::int64_t now() const;
  // Tells whether users other than its players may watch game `id` (a public game: they get the
  // spectator's view, seat -1), and is called once with a game that just finished (ratings).
  void set_watch_check(std::function<bool(const std::string&)> may_watch) {
    may_watch_ = std::move(may_watch);
  }
  void set_on_finish(std::function<void(const GameRecord&)> on_finish) {
    on_finish_ = std::move(on_finish);
  }

  // The games this server knows, by name (loaded once).
  std::shared_ptr<const engine::Game> game(const std::string& name) const;
  // The version of the rules of game `name` this server plays ("" for an unknown game).
  std::string rules_version(const std::string& name) const;

  // Rule fixes and games in progress. check_game replays the stored log of game `id` under
  // this server's rules: nullopt when every action replays (or there is no such game).
  // check_games does so for every game not finished; with `changed_rules_only`, only for those
  // that began under another rules version than this server's (the check at start).
  std::optional<ReplayProblem> check_game(const std::string& id) const;
  std::vector<ReplayProblem> check_games(bool changed_rules_only = false) const;
  // Resumes game `id` at its last legal action: the stored actions from the first that no
  // longer replays on are taken back (chance then acts again with the game's seed), in one
  // guarded change, with a "rules_repair" notice to each person playing (notices.h). Nullopt
  // when the log replays (nothing changes). Throws ApiError 409 when the game changed meanwhile.
  std::optional<RepairResult> repair(const std::string& id);
  const std::vector<std::string>& game_names() const { return names_; }

  // The API operations (see docs/api.md). Each throws ApiError for a refused request.
  // A new game of `request` (create_request.h) with `user` in its seat: {"id", "invite"} (and
  // "invite_expires" for a person's invitation). The body's form parses it first.
  engine::Json create(const std::string& user, const CreateGameRequest& request);
  engine::Json create(const std::string& user, const engine::Json& body);
  engine::Json join(const std::string& user, const std::string& token);
  // The same by the token's hash, as the invites table stores it (an open challenge's accept).
  engine::Json join_by_hash(const std::string& user, const std::string& invite_hash);
  engine::Json lobby(const std::string& user);
  // The state answer of the user's seat, as JSON text. With `log_since` N (docs/api.md) the
  // answer's `log` holds only the seat's visible lines from index N on (`log_from` says N);
  // ApiError 400 when N is past the seat's last line. The answer is written as text (no JSON
  // tree) and kept per seat until the game changes; its log lines are kept as text and only the
  // new ones are written after a change.
  std::string state_text(const std::string& user, const std::string& id,
                         std::optional<std::int64_t> log_since = std::nullopt);
  // Body {"action","version"} and optionally "log_since" (as for state_text); answers the new
  // state as state_text does.
  std::string act(const std::string& user, const std::string& id, const engine::Json& body);
  std::string undo(const std::string& user, const std::string& id, const engine::Json& body);
  std::string resign(const std::string& user, const std::string& id);
  engine::Json replay(const std::string& user, const std::string& id, std::int64_t step);
  // Ends game `id` on time (clocks.h): `loser`'s time ran out on its turn. `user` is the
  // opponent claiming the win (their state is answered), or "" for the clock worker. ApiError
  // 409 when `loser` is no longer to move or the game is over.
  std::string end_on_time(const std::string& id, int loser, const std::string& user);

  // What a live-update event tells `user`: {"version","to_move","your_turn","status"}, and the
  // revision it describes (so a stream sends one event per change).
  struct Summary {
    std::int64_t revision = 0;
    engine::Json event;
    std::string state;  // the seat's state answer (StreamLog), or empty
  };
  // Where a stream that carries the state (GET .../events?log_since=N) stands: the revision it
  // last described, the seat's log lines it has sent (from N on), and the game's count of log
  // cuts (undo, reload) when it sent them.
  struct StreamLog {
    std::int64_t revision = -1;
    std::int64_t lines = 0;
    std::int64_t cuts = -1;   // -1: none sent yet
    bool turns_only = false;  // only when it is the user's turn, or the game is over
  };
  // With `stream`: when the game's revision is not the stream's and its last change was not
  // made by `user` (who had the state in the answer to their own request), `state` is the
  // seat's state answer with the log lines the stream has not sent (all of them after a log
  // cut), and `stream` moves on; with `turns_only`, only when it is the user's turn or the
  // game is over. The game is read as the notices vouch for it (Freshness::kNoticed) unless
  // `ask_store`: a stream asks the store at each heartbeat, so that a notice never sent (its
  // process killed between a commit and its notice, SqlConnection::notify_after_commit) delays
  // an update by one heartbeat at most.
  Summary summary(const std::string& user, const std::string& id, StreamLog* stream = nullptr,
                  bool ask_store = false);

  // A computer player's chosen action, for the revision of the game it was chosen at.
  struct AgentMove {
    std::int64_t revision = 0;
    engine::ActionCode action = 0;
    std::int64_t think_ms = 0;  // how long the choice took
  };
  // Chooses the move of the computer player to move in game `id` (nullopt: none is to move).
  // Thinks on a clone of the state, without holding the game.
  std::optional<AgentMove> think_agent(const std::string& id);
  // Applies, stores and announces `move` unless the game changed since it was chosen; returns
  // true when a computer player is to move (again, or still: the move came too late). `worker`
  // names who chose it (kept with the move in the store's ai_moves).
  bool apply_agent(const std::string& id, const AgentMove& move, const std::string& worker = "");

  // Approximate memory held by loaded games (for the load test): the number loaded.
  std::size_t loaded_games();
  // The computer players kept between their decisions (ai::Agent::remembers), in loaded games.
  std::size_t remembered_agents();

  // Games nobody asked for in `idle` are dropped from memory (they are replayed from the store
  // when asked for again), so that the memory follows the games being played, not every game
  // ever opened. Checked at most every `idle` (and every minute).
  void set_unload_after(std::chrono::milliseconds idle) { unload_after_ = idle; }
  // How long an invitation link works (--invite-days).
  void set_invite_lifetime(std::chrono::milliseconds lifetime) { invite_lifetime_ = lifetime; }
  // Drops game `id` from memory and ends its event streams (the game was deleted).
  void forget(const std::string& id);

  // PostgreSQL with a LISTEN connection (api_server.cc): every change of a game by any process is
  // announced with its new revision (pg_listener.h). While `epoch` says the connection lasts, a
  // game whose last announced revision is the one in memory is current without asking the
  // store: the event streams and a move read it so (Freshness::kNoticed); every other read asks.
  // `epoch` must outlive this service; without it (SQLite) every read asks the store.
  void set_notice_epoch(const NoticeEpoch* epoch) { notice_epoch_ = epoch; }
  // A notice of game `id` with the revision it made (-1: not said; the next read asks the store).
  void noticed(const std::string& id, std::int64_t revision);

 private:
  // A seat's state answer as text: everything but the log, for one revision, and the seat's
  // visible log lines, which only grow between an undo and the next.
  struct SeatAnswer {
    std::int64_t revision = -1;            // the revision `head`, `tail` and `whole` show
    std::string head;                      // `{"can_undo":...,"log":`
    std::string tail;                      // `,"options":...}`, after the value of "log_from"
    std::string whole;                     // the answer with the whole log, when asked for
    std::string log;                       // each visible line as `,{"rule":...,"text":...}`
    std::vector<std::size_t> line_starts;  // where each visible line starts in `log`
    std::size_t log_read = 0;              // the session's log lines read into `log`
  };
  struct LiveGame {
    std::mutex mutex;
    std::chrono::steady_clock::time_point last_used;  // guarded by cache_mutex_
    GameRecord record;  // without its actions (the session holds them)
    std::unique_ptr<engine::Session> session;
    std::vector<SeatAnswer> answers;  // by seat; cleared when the log is cut (undo, reload)
    std::int64_t log_cuts = 0;        // how often the log was cut (for the event streams)
    std::string changed_by;           // the user who made the last change ("": a computer, a
                                      // clock, another process, or not known since a reload)
    bool job_taken = false;           // the last change's computer job is written claimed by this
                                      // process's worker (AgentQueue::lease): it is handed to it
                                      // (AgentQueue::take), nobody else need be woken
    // By seat: the computer player that chose the seat's last move, with its spec, when it
    // remembers its searches (tree reuse): its next decision starts from them. A search that
    // finds the game elsewhere than its last move led (an undo, another worker's move) starts
    // afresh by itself.
    std::vector<std::pair<std::string, std::unique_ptr<ai::Agent>>> agents;
    // The latest revision announced for the game (a notice, a read of the store or this
    // process's change) in the notice epoch `noticed_epoch` (NoticeEpoch), or -1. Guarded by
    // `notice_mutex`, not `mutex`: a notice never waits for a request.
    std::mutex notice_mutex;
    std::int64_t noticed_revision = -1;
    std::uint64_t noticed_epoch = 0;
  };
  struct Locked {
    std::shared_ptr<LiveGame> game;
    std::unique_lock<std::mutex> lock;
    bool checked = true;  // the store was asked for the revision (else a notice vouched for it)
    LiveGame* operator->() const { return game.get(); }
  };

  // How get() knows the game in memory is current. kChecked: it asks the store for the revision.
  // kNoticed: not when the notices vouch for it (set_notice_epoch); a read that may lag another
  // process's change by the notice's way (the event streams, which that notice wakes again), or
  // a move that asks the store when what it sees refuses the request (act).
  enum class Freshness { kChecked, kNoticed };
  // The game, locked and up to date with the store (reloaded when another process changed it);
  // ApiError 404 when there is none.
  Locked get(const std::string& id, Freshness freshness = Freshness::kChecked);
  // get's check: the store's revision, then catch_up() or a reload (ApiError 404: no game).
  void check_with_store(LiveGame& live);
  // The notices vouch that `live` is the store's latest revision.
  bool noticed_current(LiveGame& live) const;
  // The latest revision announced for `live` in `epoch` is at least `revision`.
  static void raise_noticed(LiveGame& live, std::uint64_t epoch, std::int64_t revision);
  // `revision` is the store's as of now, read in notice epoch `epoch`.
  void note_revision(LiveGame& live, std::uint64_t epoch, std::int64_t revision) const;
  void reload(LiveGame& live, GameRecord record);
  // Another process appended actions: applies only the new ones (false when the log was cut or
  // differs, or the store is behind: then reload()).
  bool catch_up(LiveGame& live);
  std::unique_ptr<engine::Session> replay_session(const GameRecord& record) const;
  int seat_of(const LiveGame& live, const std::string& user) const;  // ApiError 403
  // The user's seat, or kSpectator for a public game's spectator (else ApiError 403).
  int viewer_seat(const LiveGame& live, const std::string& user) const;
  GameStatus status_now(const LiveGame& live) const;
  // Writes the change since `old_version` (session already changed); on any failure the game
  // is reloaded from the store and ApiError 409 (changed meanwhile) or the error is thrown.
  void commit(LiveGame& live, std::int64_t keep, GameStatus status, const std::string& worker = "",
              std::int64_t think_ms = 0, std::vector<QueuedNotice> more_notices = {},
              std::vector<AgentMoveAtOnce> moves_at_once = {});
  // The problem of `record`'s log (with its actions) under this server's rules, or nullopt.
  std::optional<ReplayProblem> replay_problem(const GameRecord& record) const;
  void after_change(const LiveGame& live);
  // After a person's action, before its commit: the moves of a computer player that plays at
  // once (AgentQueue::plays_at_once), applied here under the game's lock with the seed a worker
  // would use (so the same moves), until someone else is to move or after kMostMovesAtOnce of
  // them (a worker then takes the rest); the person's action and these are stored in one change.
  // Throws what the rules throw (the caller puts the game back).
  std::vector<AgentMoveAtOnce> play_at_once(LiveGame& live);
  // The seed of the computer player's next choice: the same stream as terminal play
  // (src/cli/play.cc), so a move depends only on the game's seed and the length of its log.
  static std::uint64_t agent_seed(const LiveGame& live);
  bool agent_to_move(const LiveGame& live) const;
  // The state answer of `seat`, its log from the seat's visible line `log_since` on (checked
  // by the caller: at most the seat's number of visible lines).
  std::string answer(LiveGame& live, int seat, std::int64_t log_since = 0) const;
  // Brings the seat's log lines (seat_log) or all its answer parts (seat_answer) up to date.
  SeatAnswer& seat_log(LiveGame& live, int seat) const;
  SeatAnswer& seat_answer(LiveGame& live, int seat) const;
  // ApiError 400 when `since` is past the seat's number of visible log lines.
  void check_log_since(LiveGame& live, int seat, std::int64_t since) const;

  Store& store_;
  Notifier& notifier_;
  std::function<std::int64_t()> clock_;
  AgentQueue* agent_queue_ = nullptr;
  const NoticeEpoch* notice_epoch_ = nullptr;
  std::function<bool(const std::string&)> may_watch_;
  std::function<void(const GameRecord&)> on_finish_;
  std::map<std::string, GameRules> games_;
  std::vector<std::string> names_;
  std::mutex cache_mutex_;
  std::unordered_map<std::string, std::shared_ptr<LiveGame>> cache_;
  std::chrono::milliseconds unload_after_{std::chrono::minutes(10)};
  std::chrono::milliseconds invite_lifetime_{std::chrono::hours(24 * 7)};
  std::chrono::steady_clock::time_point last_unload_ = std::chrono::steady_clock::now();
  // Drops the idle games (cache_mutex_ held).
  void unload_idle(std::chrono::steady_clock::time_point now);
};

// Unix milliseconds now, and as ISO 8601 UTC text.
std::int64_t now_ms();
std::string iso_time(std::int64_t ms);

}  // namespace pacwar::server
