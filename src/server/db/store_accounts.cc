// The store's part for accounts and invitations: account ids, hashed invitation tokens with an
// expiry (and the migration of the clear ones stored before), deleting a game nobody joined yet,
// changing a password, ending sessions, deleting an account.
#include <cstdint>
#include <string>
#include <vector>

#include "server/accounts/crypto.h"
#include "server/db/pg_listener.h"
#include "server/db/store.h"

namespace pacwar::server {
namespace {

// The tables that hold a game's rows, children first.
// Every table with rows of one game (the services' tables too: notice_queue.cc,
// analysis_service.cc), cleared before the game itself.
// The platform's tables (platform.cc: settings, ratings' record, chat, a rematch's account)
// have no foreign keys but go with the game too.
constexpr const char* kGameTables[] = {
    "invites",     "ai_moves", "ai_jobs",    "actions", "game_clocks",        "clock_turns",
    "notices",     "analyses", "game_hints", "chat",    "challenge_accounts", "game_settings",
    "rated_games", "seats"};

// Who may change game `id` as its creator: it exists, `username` sits in it, it is waiting.
Store::GameAccess waiting_game_of(SqlConnection& c, const std::string& id,
                                  const std::string& username) {
  const auto games = c.query("SELECT status FROM games WHERE id = ?", {id});
  if (games.empty()) return Store::GameAccess::kNoGame;
  const auto mine =
      c.query("SELECT seat FROM seats WHERE game_id = ? AND username = ?", {id, username});
  if (mine.empty()) return Store::GameAccess::kNotYours;
  if (stored_play_status(games[0][0].value_or("")) != PlayStatus::kWaiting)
    return Store::GameAccess::kStarted;
  return Store::GameAccess::kOk;
}

void delete_game_rows(SqlConnection& c, const std::string& id) {
  for (const char* table : kGameTables) {
    c.execute(std::string("DELETE FROM ") + table + " WHERE game_id = ?", {id});
  }
  c.execute("DELETE FROM games WHERE id = ?", {id});
}

}  // namespace

std::optional<std::string> account_id(SqlConnection& c, const std::string& username) {
  auto rows = c.query("SELECT id FROM account_ids WHERE username = ?", {username});
  if (rows.empty()) {
    try {
      // The foreign key refuses the row when the account is gone (deleted meanwhile).
      c.execute(
          "INSERT INTO account_ids (username, id) VALUES (?, ?) ON CONFLICT (username) DO NOTHING",
          {username, random_token(16)});
    } catch (const DbError&) {
      return std::nullopt;
    }
    rows = c.query("SELECT id FROM account_ids WHERE username = ?", {username});
  }
  if (rows.empty()) return std::nullopt;
  return rows[0][0];
}

int Store::migrate_clear_invites(std::int64_t expires_ms) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  const auto rows = c->query("SELECT id, invite FROM games WHERE invite IS NOT NULL", {});
  for (const SqlRow& row : rows) {
    const std::string id = row[0].value_or("");
    c->execute(
        "INSERT INTO invites (game_id, token_hash, expires) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO NOTHING",
        {id, token_hash(row[1].value_or("")), expires_ms});
    c->execute("UPDATE games SET invite = NULL WHERE id = ?", {id});
  }
  transaction.commit();
  return static_cast<int>(rows.size());
}

Store::GameAccess Store::renew_invite(const std::string& id, const std::string& username,
                                      const std::string& invite_hash, std::int64_t expires_ms) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  const GameAccess access = waiting_game_of(*c, id, username);
  if (access != GameAccess::kOk) return access;
  c->execute("DELETE FROM invites WHERE game_id = ?", {id});
  c->execute("INSERT INTO invites (game_id, token_hash, expires) VALUES (?, ?, ?)",
             {id, invite_hash, expires_ms});
  transaction.commit();
  return GameAccess::kOk;
}

Store::GameAccess Store::delete_waiting_game(const std::string& id, const std::string& username) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  const GameAccess access = waiting_game_of(*c, id, username);
  if (access != GameAccess::kOk) return access;
  delete_game_rows(*c, id);
  if (postgres_) c->notify_after_commit(kGamesChannel, game_notice(id, 0));
  transaction.commit();
  return GameAccess::kOk;
}

std::vector<std::int64_t> Store::games_started_since(const std::string& username,
                                                     std::int64_t since_ms) {
  auto c = db_->acquire();
  std::vector<std::int64_t> created;
  for (const SqlRow& row :
       c->query("SELECT g.created FROM games g JOIN seats s ON s.game_id = g.id "
                "WHERE s.username = ? AND g.created > ? ORDER BY g.created",
                {username, since_ms})) {
    created.push_back(row[0] ? std::stoll(*row[0]) : 0);
  }
  return created;
}

int Store::delete_finished_games(std::int64_t updated_before_ms, int most) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  const auto rows = c->query(
      "SELECT id FROM games WHERE status = 'finished' AND updated < ? ORDER BY updated LIMIT ?",
      {updated_before_ms, static_cast<std::int64_t>(most)});
  for (const SqlRow& row : rows) {
    const std::string id = row[0].value_or("");
    delete_game_rows(*c, id);
    if (postgres_) c->notify_after_commit(kGamesChannel, game_notice(id, 0));
  }
  transaction.commit();
  return static_cast<int>(rows.size());
}

void Store::set_password_hash(const std::string& username, const std::string& password_hash) {
  auto c = db_->acquire();
  c->execute("UPDATE users SET password_hash = ? WHERE username = ?", {password_hash, username});
}

void Store::delete_sessions_of(const std::string& username, const std::string& keep) {
  {
    auto c = db_->acquire();
    Transaction transaction(*c);
    c->execute("DELETE FROM sessions WHERE username = ? AND token_hash <> ?", {username, keep});
    notify_sessions(*c);
    transaction.commit();
  }
  sessions_noticed();
}

void Store::delete_user(const std::string& username) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  const auto active = c->query(
      "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
      "WHERE s.username = ? AND g.status = 'active'",
      {username});
  if (!active.empty()) {
    throw DbError("the account still plays game " + active[0][0].value_or("") +
                  "; it is resigned first");
  }
  const auto waiting = c->query(
      "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
      "WHERE s.username = ? AND g.status = 'waiting'",
      {username});
  for (const SqlRow& row : waiting) delete_game_rows(*c, row[0].value_or(""));
  // The revision moves, so that every server process reloads these games (with the new name);
  // on PostgreSQL a notice tells them at once (without the revision: they read it).
  const auto finished = c->query("SELECT game_id FROM seats WHERE username = ?", {username});
  c->execute(
      "UPDATE games SET revision = revision + 1 WHERE id IN "
      "(SELECT game_id FROM seats WHERE username = ?)",
      {username});
  if (postgres_) {
    for (const SqlRow& row : finished) {
      c->notify_after_commit(kGamesChannel,
                             game_notice(GameNotice{row[0].value_or(""), 0, -1, false}));
    }
  }
  c->execute("UPDATE seats SET username = NULL, agent = ? WHERE username = ?",
             {std::string(kDeletedUser), username});
  c->execute("DELETE FROM sessions WHERE username = ?", {username});
  notify_sessions(*c);
  // The user's notification settings and notices (notice_queue.cc), and War in the Pacific
  // campaigns (witp_api.cc): their own and their places as readers of others'.
  c->execute("DELETE FROM notices WHERE username = ?", {username});
  c->execute("DELETE FROM user_settings WHERE username = ?", {username});
  c->execute(
      "DELETE FROM witp_readers WHERE username = ? OR campaign_id IN "
      "(SELECT id FROM witp_campaigns WHERE owner = ?)",
      {username, username});
  c->execute(
      "DELETE FROM witp_share_links WHERE campaign_id IN "
      "(SELECT id FROM witp_campaigns WHERE owner = ?)",
      {username});
  c->execute("DELETE FROM witp_campaigns WHERE owner = ?", {username});
  // Ratings go (the leaderboard lists people); chat lines stay under the seat's new name.
  c->execute("DELETE FROM ratings WHERE username = ?", {username});
  c->execute("UPDATE chat SET username = ? WHERE username = ?",
             {std::string(kDeletedUser), username});
  c->execute("DELETE FROM account_ids WHERE username = ?", {username});
  c->execute("DELETE FROM users WHERE username = ?", {username});
  transaction.commit();
  sessions_noticed();
}

}  // namespace pacwar::server
