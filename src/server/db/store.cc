#include "server/db/store.h"

#include <algorithm>
#include <stdexcept>

#include "server/accounts/crypto.h"
#include "server/ai/ai_jobs.h"
#include "server/db/migrations.h"
#include "server/db/pg_listener.h"
#include "server/play/clocks.h"

namespace pacwar::server {

// The schema: plain types that SQLite and PostgreSQL read the same way. Times are Unix
// milliseconds; a game's seed is kept as decimal text (it is an unsigned 64-bit number).
// Schema version 1 (migrations.cc): never changed; a change to these tables is a new migration.
const std::vector<std::string>& store_schema_v1() {
  static const std::vector<std::string> statements = {
      "CREATE TABLE IF NOT EXISTS users (username TEXT PRIMARY KEY, password_hash TEXT NOT NULL, "
      "created BIGINT NOT NULL)",
      "CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, "
      "username TEXT NOT NULL REFERENCES users(username), expires BIGINT NOT NULL)",
      "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, game TEXT NOT NULL, "
      "options TEXT NOT NULL, seed TEXT NOT NULL, created BIGINT NOT NULL, "
      "revision BIGINT NOT NULL, invite TEXT UNIQUE, status TEXT NOT NULL, "
      "to_move INTEGER NOT NULL, version BIGINT NOT NULL, winner INTEGER NOT NULL, "
      "resigned INTEGER NOT NULL, updated BIGINT NOT NULL)",
      "CREATE TABLE IF NOT EXISTS seats (game_id TEXT NOT NULL REFERENCES games(id), "
      "seat INTEGER NOT NULL, username TEXT REFERENCES users(username), agent TEXT, "
      "PRIMARY KEY (game_id, seat))",
      "CREATE INDEX IF NOT EXISTS seats_by_user ON seats (username)",
      "CREATE TABLE IF NOT EXISTS actions (game_id TEXT NOT NULL REFERENCES games(id), "
      "idx BIGINT NOT NULL, action TEXT NOT NULL, seat INTEGER NOT NULL, "
      "PRIMARY KEY (game_id, idx))",
      // Computer players' turns waiting for a worker, and the moves the workers made.
      "CREATE TABLE IF NOT EXISTS ai_jobs (game_id TEXT PRIMARY KEY REFERENCES games(id), "
      "revision BIGINT NOT NULL, queued BIGINT NOT NULL, lease_until BIGINT NOT NULL, "
      "worker TEXT, attempts INTEGER NOT NULL)",
      "CREATE INDEX IF NOT EXISTS ai_jobs_by_lease ON ai_jobs (lease_until, queued)",
      "CREATE TABLE IF NOT EXISTS ai_moves (game_id TEXT NOT NULL REFERENCES games(id), "
      "idx BIGINT NOT NULL, worker TEXT NOT NULL, think_ms BIGINT NOT NULL, "
      "created BIGINT NOT NULL)",
      // Invitations (issue 14): a hash of the token, never the token; `games.invite` is no longer
      // written (migrate_clear_invites moves its old clear tokens here, hashed).
      "CREATE TABLE IF NOT EXISTS invites (game_id TEXT PRIMARY KEY REFERENCES games(id), "
      "token_hash TEXT NOT NULL UNIQUE, expires BIGINT NOT NULL)",
      // Account ids (issue 41): random, one per account and never reused, so that what is bound
      // to an account (a rematch offered to it) does not pass to a new account that takes the
      // name of a deleted one (account_id, store_accounts.cc).
      "CREATE TABLE IF NOT EXISTS account_ids (username TEXT PRIMARY KEY REFERENCES "
      "users(username), id TEXT NOT NULL UNIQUE)",
  };
  return statements;
}

namespace {

constexpr const char* kGameColumns =
    "id, game, options, seed, created, revision, invite, status, to_move, version, winner, "
    "resigned, updated, rules_version";

GameRecord game_from_row(const SqlRow& row) {
  GameRecord g;
  g.id = row[0].value_or("");
  g.game = row[1].value_or("");
  g.options = engine::Json::parse(row[2].value_or("{}"));
  g.seed = std::stoull(row[3].value_or("0"));
  g.created_ms = sql_number(row[4]);
  g.revision = sql_number(row[5]);
  g.invite = row[6];
  g.state.status = stored_play_status(row[7].value_or(""));
  g.state.to_move = static_cast<int>(sql_number(row[8]));
  g.state.version = sql_number(row[9]);
  g.state.winner = static_cast<int>(sql_number(row[10]));
  g.state.resigned = static_cast<int>(sql_number(row[11]));
  g.state.updated_ms = sql_number(row[12]);
  g.rules_version = row[13].value_or("");
  return g;
}

void load_seats(SqlConnection& c, GameRecord& g) {
  for (const SqlRow& row :
       c.query("SELECT seat, username, agent FROM seats WHERE game_id = ? ORDER BY seat", {g.id})) {
    const auto seat = static_cast<std::size_t>(sql_number(row[0]));
    if (g.seats.size() <= seat) g.seats.resize(seat + 1);
    g.seats[seat].username = row[1].value_or("");
    g.seats[seat].agent = row[2].value_or("");
  }
}

SqlValue text_or_null(const std::string& text) {
  return text.empty() ? SqlValue() : SqlValue(text);
}

// INSERT INTO `into` VALUES (...), (...): the rows in statements of up to 16 rows each (one
// round trip to PostgreSQL for the moves of a request, not one a row; a few statement texts),
// sent with the transaction's next statement that is read (execute_later).
void insert_rows(SqlConnection& c, const std::string& into,
                 const std::vector<std::vector<SqlValue>>& rows) {
  constexpr std::size_t kMostRows = 16;
  for (std::size_t first = 0; first < rows.size(); first += kMostRows) {
    const std::size_t count = std::min(kMostRows, rows.size() - first);
    std::string sql = "INSERT INTO " + into + " VALUES ";
    std::vector<SqlValue> params;
    for (std::size_t r = first; r < first + count; ++r) {
      sql += r == first ? "(" : ", (";
      for (std::size_t v = 0; v < rows[r].size(); ++v) {
        sql += v == 0 ? "?" : ", ?";
        params.push_back(rows[r][v]);
      }
      sql += ")";
    }
    c.execute_later(sql, params);
  }
}

// PostgreSQL: tells every listening server process that game `id` changed (pg_listener.h), inside
// the committing transaction, so the notice goes out with the commit and only if it commits. Sent
// with the COMMIT (execute_later), like the change's other writes that read nothing.
void notify_change(SqlConnection& c, bool postgres, const GameNotice& notice) {
  if (postgres) c.notify_after_commit(kGamesChannel, game_notice(notice));
}

}  // namespace

Store::Store(std::unique_ptr<Database> db)
    : db_(std::move(db)), postgres_(db_->kind() == "postgresql") {
  migrate(*db_);
}

bool Store::create_user(const std::string& username, const std::string& password_hash,
                        std::int64_t now_ms) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  if (c->execute("INSERT INTO users (username, password_hash, created) VALUES (?, ?, ?) "
                 "ON CONFLICT (username) DO NOTHING",
                 {username, password_hash, now_ms}) != 1) {
    return false;
  }
  c->execute("INSERT INTO account_ids (username, id) VALUES (?, ?)", {username, random_token(16)});
  transaction.commit();
  return true;
}

std::optional<std::string> Store::password_hash(const std::string& username) {
  auto c = db_->acquire();
  const auto rows = c->query("SELECT password_hash FROM users WHERE username = ?", {username});
  if (rows.empty()) return std::nullopt;
  return rows[0][0];
}

void Store::create_session(const std::string& token_hash, const std::string& username,
                           std::int64_t expires_ms) {
  auto c = db_->acquire();
  c->execute("INSERT INTO sessions (token_hash, username, expires) VALUES (?, ?, ?)",
             {token_hash, username, expires_ms});
}

std::optional<std::string> Store::session_user(const std::string& token_hash, std::int64_t now_ms) {
  KeptValues<KeptSession>::Ticket ticket;
  if (auto kept = sessions_.find(token_hash, ticket)) {
    if (kept->expires > now_ms && now_ms >= kept->read && now_ms - kept->read < kSessionKeptMs)
      return kept->username;
    sessions_.forget(token_hash);
  }
  std::optional<SqlRow> row;
  {
    auto c = db_->acquire();
    const auto rows =
        c->query("SELECT username, expires FROM sessions WHERE token_hash = ? AND expires > ?",
                 {token_hash, now_ms});
    if (!rows.empty()) row = rows[0];
  }
  if (!row) return std::nullopt;
  sessions_.keep(token_hash, KeptSession{(*row)[0].value_or(""), sql_number((*row)[1]), now_ms},
                 ticket);
  return (*row)[0];
}

void Store::sessions_noticed() { sessions_.drop_all(); }

void Store::notify_sessions(SqlConnection& c) {
  if (postgres_) c.notify_after_commit(kGamesChannel, kSessionsNotice);
}

void Store::delete_session(const std::string& token_hash) {
  {
    auto c = db_->acquire();
    Transaction transaction(*c);
    c->execute("DELETE FROM sessions WHERE token_hash = ?", {token_hash});
    notify_sessions(*c);
    transaction.commit();
  }
  sessions_noticed();
}

void Store::create_game(const GameRecord& g) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  c->execute(
      "INSERT INTO games (id, game, options, seed, created, revision, invite, status, to_move, "
      "version, winner, resigned, updated, rules_version) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      {g.id, g.game, g.options.dump(), std::to_string(g.seed), g.created_ms, g.revision, SqlValue(),
       std::string(to_string(g.state.status)), static_cast<std::int64_t>(g.state.to_move),
       g.state.version, static_cast<std::int64_t>(g.state.winner),
       static_cast<std::int64_t>(g.state.resigned), g.state.updated_ms, g.rules_version});
  for (std::size_t seat = 0; seat < g.seats.size(); ++seat) {
    c->execute("INSERT INTO seats (game_id, seat, username, agent) VALUES (?, ?, ?, ?)",
               {g.id, static_cast<std::int64_t>(seat), text_or_null(g.seats[seat].username),
                text_or_null(g.seats[seat].agent)});
  }
  for (std::size_t i = 0; i < g.actions.size(); ++i) {
    c->execute("INSERT INTO actions (game_id, idx, action, seat) VALUES (?, ?, ?, ?)",
               {g.id, static_cast<std::int64_t>(i), g.actions[i].id,
                static_cast<std::int64_t>(g.actions[i].seat)});
  }
  if (g.invite) {
    c->execute("INSERT INTO invites (game_id, token_hash, expires) VALUES (?, ?, ?)",
               {g.id, *g.invite, g.invite_expires_ms});
  }
  const bool agent_job = g.state.status == PlayStatus::kActive && g.state.to_move >= 0 &&
                         static_cast<std::size_t>(g.state.to_move) < g.seats.size() &&
                         !g.seats[static_cast<std::size_t>(g.state.to_move)].agent.empty();
  if (agent_job) write_ai_job(*c, g.id, g.revision, true, g.state.updated_ms);
  write_new_clock(*c, g);
  notify_change(*c, postgres_, GameNotice{g.id, g.state.version, g.revision, agent_job});
  transaction.commit();
}

std::optional<GameRecord> Store::load_game(const std::string& id) { return load_game_from(id, 0); }

std::optional<GameRecord> Store::load_game_from(const std::string& id, std::int64_t first) {
  auto c = db_->acquire();
  // One snapshot for the game row, its seats and its actions.
  Transaction transaction(*c, Transaction::Mode::kRead);
  const auto rows =
      c->query(std::string("SELECT ") + kGameColumns + " FROM games WHERE id = ?", {id});
  if (rows.empty()) return std::nullopt;
  GameRecord g = game_from_row(rows[0]);
  load_seats(*c, g);
  const auto actions = c->query(
      "SELECT action, seat FROM actions WHERE game_id = ? AND idx >= ? ORDER BY idx", {id, first});
  g.actions.reserve(actions.size());
  for (const SqlRow& row : actions) {
    g.actions.push_back({row[0].value_or(""), static_cast<int>(sql_number(row[1]))});
  }
  transaction.commit();
  if (first == 0 && static_cast<std::int64_t>(g.actions.size()) != g.state.version) {
    throw DbError("game " + id + ": the log holds " + std::to_string(g.actions.size()) +
                  " actions but the game says " + std::to_string(g.state.version));
  }
  return g;
}

std::optional<std::int64_t> Store::game_revision(const std::string& id) {
  auto c = db_->acquire();
  const auto rows = c->query("SELECT revision FROM games WHERE id = ?", {id});
  if (rows.empty()) return std::nullopt;
  return sql_number(rows[0][0]);
}

std::optional<std::int64_t> Store::change_game(const std::string& id, std::int64_t revision,
                                               const GameChange& change) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  const GameStatus& s = change.status;
  // The guard: only the request that saw the current revision may change the game.
  const std::int64_t changed = c->execute(
      "UPDATE games SET revision = revision + 1, status = ?, to_move = ?, version = ?, "
      "winner = ?, resigned = ?, updated = ? WHERE id = ? AND revision = ?",
      {std::string(to_string(s.status)), static_cast<std::int64_t>(s.to_move), s.version,
       static_cast<std::int64_t>(s.winner), static_cast<std::int64_t>(s.resigned), s.updated_ms, id,
       revision});
  if (changed != 1) return std::nullopt;
  // An undo or a repair cuts the log; a move only appends to it.
  if (change.keep < change.before.version)
    c->execute_later("DELETE FROM actions WHERE game_id = ? AND idx >= ?", {id, change.keep});
  std::vector<std::vector<SqlValue>> actions;
  actions.reserve(change.append.size());
  for (std::size_t i = 0; i < change.append.size(); ++i) {
    actions.push_back({id, change.keep + static_cast<std::int64_t>(i), change.append[i].id,
                       static_cast<std::int64_t>(change.append[i].seat)});
  }
  insert_rows(*c, "actions (game_id, idx, action, seat)", actions);
  write_ai_job(*c, id, revision + 1, change.agent_job, s.updated_ms, change.job_worker,
               change.job_lease_until, change.job_before);
  if (!change.worker.empty()) {
    write_ai_move(*c, id, change.keep, change.worker, change.think_ms, s.updated_ms);
  }
  std::vector<std::vector<SqlValue>> moves;
  for (const AgentMoveAtOnce& move : change.moves_at_once) {
    moves.push_back({id, move.index, move.worker, std::int64_t{0}, s.updated_ms});
  }
  insert_rows(*c, "ai_moves (game_id, idx, worker, think_ms, created)", moves);
  write_clock_change(*c, id, change);
  write_notices(*c, change.notices, s.updated_ms);
  // The new revision, and whether a worker must claim the computer's turn (not when this
  // process's own worker has it: AgentQueue::lease).
  notify_change(
      *c, postgres_,
      GameNotice{id, s.version, revision + 1, change.agent_job && change.job_worker.empty()});
  transaction.commit();
  return revision + 1;
}

std::optional<Store::Joined> Store::join_game(const std::string& invite_hash,
                                              const std::string& username, std::int64_t now_ms) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  const auto games =
      c->query("SELECT game_id, expires FROM invites WHERE token_hash = ?", {invite_hash});
  if (games.empty()) return std::nullopt;
  if (sql_number(games[0][1]) <= now_ms) {
    throw InviteExpired("this invitation expired; ask the game's creator for a new link");
  }
  const std::string id = games[0][0].value_or("");
  const auto mine =
      c->query("SELECT seat FROM seats WHERE game_id = ? AND username = ?", {id, username});
  if (!mine.empty()) throw std::invalid_argument("you already play this game");
  const auto free = c->query(
      "SELECT seat FROM seats WHERE game_id = ? AND username IS NULL AND agent IS NULL "
      "ORDER BY seat",
      {id});
  if (free.empty()) return std::nullopt;
  const std::int64_t seat = sql_number(free[0][0]);
  c->execute("UPDATE seats SET username = ? WHERE game_id = ? AND seat = ?", {username, id, seat});
  // The last free seat taken: the game starts.
  const bool full = free.size() == 1;
  c->execute(
      std::string("UPDATE games SET revision = revision + 1, updated = ?") +
          (full ? ", invite = NULL, status = CASE WHEN status = 'waiting' THEN 'active' ELSE "
                  "status END"
                : "") +
          " WHERE id = ?",
      {now_ms, id});
  if (full) start_clock(*c, id, now_ms);
  if (full) c->execute("DELETE FROM invites WHERE game_id = ?", {id});
  if (postgres_) {
    const auto row = c->query("SELECT version, revision FROM games WHERE id = ?", {id});
    notify_change(*c, true,
                  GameNotice{id, row.empty() ? 0 : sql_number(row[0][0]),
                             row.empty() ? -1 : sql_number(row[0][1]), true});
  }
  transaction.commit();
  return Joined{id, static_cast<int>(seat)};
}

std::vector<GameRecord> Store::games_of(const std::string& username) {
  auto c = db_->acquire();
  Transaction transaction(*c, Transaction::Mode::kRead);
  std::vector<GameRecord> games;
  for (const SqlRow& row :
       c->query(std::string("SELECT ") + kGameColumns +
                    " FROM games WHERE id IN (SELECT game_id FROM seats WHERE username = ?) "
                    "ORDER BY updated DESC, id",
                {username})) {
    games.push_back(game_from_row(row));
  }
  for (GameRecord& g : games) load_seats(*c, g);
  transaction.commit();
  return games;
}

std::vector<GameRecord> Store::unfinished_games() {
  auto c = db_->acquire();
  Transaction transaction(*c, Transaction::Mode::kRead);
  std::vector<GameRecord> games;
  for (const SqlRow& row :
       c->query(std::string("SELECT ") + kGameColumns +
                    " FROM games WHERE status <> 'finished' ORDER BY created, id",
                {})) {
    games.push_back(game_from_row(row));
  }
  transaction.commit();
  return games;
}

std::vector<std::string> Store::games_awaiting_agents() {
  auto c = db_->acquire();
  std::vector<std::string> ids;
  for (const SqlRow& row :
       c->query("SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move "
                "WHERE g.status = 'active' AND s.agent IS NOT NULL",
                {})) {
    ids.push_back(row[0].value_or(""));
  }
  return ids;
}

}  // namespace pacwar::server
