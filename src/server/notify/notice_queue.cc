#include "server/notify/notice_queue.h"

#include "server/accounts/crypto.h"
#include "server/accounts/user_settings.h"

namespace pacwar::server {
namespace {

using engine::Json;

}  // namespace

// Schema version 1 (migrations.cc): never changed; a change to these tables is a new migration.
const std::vector<std::string>& notice_schema() {
  static const std::vector<std::string> statements = {
      // No foreign key on username: deleting an account deletes its rows here explicitly.
      "CREATE TABLE IF NOT EXISTS user_settings (username TEXT PRIMARY KEY, "
      "settings TEXT NOT NULL, updated BIGINT NOT NULL)",
      // state: "pending" (to send), "unseen" (for a browser page to show), "sent", "failed".
      "CREATE TABLE IF NOT EXISTS notices (id TEXT PRIMARY KEY, username TEXT NOT NULL, "
      "channel TEXT NOT NULL, kind TEXT NOT NULL, game_id TEXT, body TEXT NOT NULL, "
      "created BIGINT NOT NULL, next_try BIGINT NOT NULL, lease_until BIGINT NOT NULL, "
      "worker TEXT, attempts INTEGER NOT NULL, state TEXT NOT NULL, last_error TEXT, "
      "done BIGINT)",
      "CREATE INDEX IF NOT EXISTS notices_due ON notices (state, next_try)",
      "CREATE INDEX IF NOT EXISTS notices_by_user ON notices (username, channel, state)",
      // A game's time control (clocks.h): control JSON, each seat's bank (JSON array of ms), the
      // seat whose time runs and since when, its deadline (0: no clock running), whether the
      // reminder went out and whether the time ran out (the seat that ran out, else -1).
      "CREATE TABLE IF NOT EXISTS game_clocks (game_id TEXT PRIMARY KEY REFERENCES games(id), "
      "control TEXT NOT NULL, banks TEXT NOT NULL, turn_seat INTEGER NOT NULL, "
      "turn_started BIGINT NOT NULL, deadline BIGINT NOT NULL, warned INTEGER NOT NULL, "
      "expired INTEGER NOT NULL)",
      "CREATE INDEX IF NOT EXISTS game_clocks_by_deadline ON game_clocks (deadline)",
      // The clock of each turn the game's undo may still return to (clocks.cc): the row of
      // game_clocks as it was when turn n passed on, the newest kept ones only.
      "CREATE TABLE IF NOT EXISTS clock_turns (game_id TEXT NOT NULL REFERENCES games(id), "
      "n BIGINT NOT NULL, banks TEXT NOT NULL, turn_seat INTEGER NOT NULL, "
      "turn_started BIGINT NOT NULL, deadline BIGINT NOT NULL, warned INTEGER NOT NULL, "
      "expired INTEGER NOT NULL, PRIMARY KEY (game_id, n))",
  };
  return statements;
}

Json read_settings(SqlConnection& c, const std::string& username) {
  const auto rows = c.query("SELECT settings FROM user_settings WHERE username = ?", {username});
  if (rows.empty() || !rows[0][0]) return nullptr;
  Json settings = Json::parse(*rows[0][0], nullptr, false);
  return settings.is_discarded() ? Json(nullptr) : settings;
}

void write_settings(SqlConnection& c, const std::string& username, const Json& settings,
                    std::int64_t now_ms) {
  c.execute(
      "INSERT INTO user_settings (username, settings, updated) VALUES (?, ?, ?) "
      "ON CONFLICT (username) DO UPDATE SET settings = excluded.settings, "
      "updated = excluded.updated",
      {username, settings.dump(), now_ms});
}

void write_notices(SqlConnection& c, const std::vector<QueuedNotice>& notices,
                   std::int64_t now_ms) {
  for (const QueuedNotice& n : notices) {
    const Json settings = effective_settings(read_settings(c, n.username));
    if (!wants(settings, n.kind)) continue;
    std::vector<std::string> channels;
    if (settings["webhook_url"].is_string()) channels.push_back("webhook");
    if (settings["email"].is_string()) channels.push_back("email");
    if (settings["notify"]["browser"].get<bool>()) channels.push_back("browser");
    for (const std::string& channel : channels) {
      c.execute(
          "INSERT INTO notices (id, username, channel, kind, game_id, body, created, next_try, "
          "lease_until, worker, attempts, state, last_error, done) "
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, 0, ?, NULL, NULL)",
          {random_token(12), n.username, channel, n.kind,
           n.game_id.empty() ? SqlValue() : SqlValue(n.game_id), n.body.dump(), now_ms, now_ms,
           std::string(channel == "browser" ? "unseen" : "pending")});
    }
  }
}

std::optional<ClaimedNotice> claim_notice(Database& db, const std::string& worker,
                                          std::int64_t now_ms, std::int64_t lease_ms) {
  auto c = db.acquire();
  // A look without a write transaction first: the queue is empty most of the time.
  if (c->query("SELECT 1 FROM notices WHERE state = 'pending' AND next_try <= ? LIMIT 1", {now_ms})
          .empty()) {
    return std::nullopt;
  }
  Transaction transaction(*c);
  const bool postgres = db.kind() == "postgresql";
  const auto rows =
      c->query(std::string("SELECT id, username, channel, kind, body, attempts FROM notices "
                           "WHERE state = 'pending' AND next_try <= ? "
                           "AND lease_until <= ? ORDER BY next_try, id LIMIT 1") +
                   (postgres ? " FOR UPDATE SKIP LOCKED" : ""),
               {now_ms, now_ms});
  if (rows.empty()) return std::nullopt;
  ClaimedNotice n;
  n.id = rows[0][0].value_or("");
  n.username = rows[0][1].value_or("");
  n.channel = rows[0][2].value_or("");
  n.kind = rows[0][3].value_or("");
  n.body = Json::parse(rows[0][4].value_or("{}"), nullptr, false);
  if (n.body.is_discarded()) n.body = Json::object();
  n.attempts = static_cast<int>(sql_number(rows[0][5])) + 1;
  c->execute("UPDATE notices SET lease_until = ?, worker = ?, attempts = ? WHERE id = ?",
             {now_ms + lease_ms, worker, static_cast<std::int64_t>(n.attempts), n.id});
  transaction.commit();
  return n;
}

void notice_sent(Database& db, const std::string& id, std::int64_t now_ms) {
  auto c = db.acquire();
  c->execute("UPDATE notices SET state = 'sent', done = ?, last_error = NULL WHERE id = ?",
             {now_ms, id});
}

void notice_failed(Database& db, const std::string& id, const std::string& error,
                   std::optional<std::int64_t> retry_ms) {
  auto c = db.acquire();
  const std::string message = error.substr(0, 500);
  if (retry_ms) {
    c->execute(
        "UPDATE notices SET next_try = ?, lease_until = 0, worker = NULL, last_error = ? "
        "WHERE id = ?",
        {*retry_ms, message, id});
  } else {
    c->execute("UPDATE notices SET state = 'failed', last_error = ? WHERE id = ?", {message, id});
  }
}

void notice_postpone(Database& db, const std::string& id, std::int64_t until_ms) {
  auto c = db.acquire();
  c->execute(
      "UPDATE notices SET next_try = ?, lease_until = 0, worker = NULL, "
      "attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END WHERE id = ?",
      {until_ms, id});
}

Json pending_browser_notices(Database& db, const std::string& username, std::int64_t now_ms) {
  auto c = db.acquire();
  Json list = Json::array();
  const auto rows = c->query(
      "SELECT id, kind, body, created FROM notices WHERE username = ? AND channel = 'browser' "
      "AND state = 'unseen' AND created >= ? ORDER BY created DESC, id LIMIT 50",
      {username, now_ms - 24 * 3600 * 1000});
  for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
    Json body = Json::parse((*it)[2].value_or("{}"), nullptr, false);
    if (body.is_discarded()) body = Json::object();
    body["id"] = (*it)[0].value_or("");
    body["kind"] = (*it)[1].value_or("");
    list.push_back(std::move(body));
  }
  return list;
}

int browser_notices_seen(Database& db, const std::string& username,
                         const std::vector<std::string>& ids, std::int64_t now_ms) {
  auto c = db.acquire();
  Transaction transaction(*c);
  std::int64_t seen = 0;
  for (const std::string& id : ids) {
    seen += c->execute(
        "UPDATE notices SET state = 'sent', done = ? WHERE id = ? AND username = ? "
        "AND channel = 'browser' AND state = 'unseen'",
        {now_ms, id, username});
  }
  transaction.commit();
  return static_cast<int>(seen);
}

int purge_notices(Database& db, std::int64_t now_ms) {
  constexpr std::int64_t kDay = 24 * 3600 * 1000LL;
  auto c = db.acquire();
  return static_cast<int>(
      c->execute("DELETE FROM notices WHERE (state = 'unseen' AND created < ?) OR "
                 "(state IN ('sent', 'failed') AND created < ?)",
                 {now_ms - kDay, now_ms - 30 * kDay}));
}

Json notices_of(Database& db, const std::string& username) {
  auto c = db.acquire();
  Json list = Json::array();
  for (const SqlRow& row :
       c->query("SELECT id, channel, kind, game_id, body, state, attempts, last_error, worker "
                "FROM notices "
                "WHERE username = ? ORDER BY created, id",
                {username})) {
    list.push_back({{"id", row[0].value_or("")},
                    {"channel", row[1].value_or("")},
                    {"kind", row[2].value_or("")},
                    {"game_id", row[3] ? Json(*row[3]) : Json(nullptr)},
                    {"body", Json::parse(row[4].value_or("{}"), nullptr, false)},
                    {"state", row[5].value_or("")},
                    {"attempts", sql_number(row[6])},
                    {"last_error", row[7] ? Json(*row[7]) : Json(nullptr)},
                    {"worker", row[8] ? Json(*row[8]) : Json(nullptr)}});
  }
  return list;
}

}  // namespace pacwar::server
