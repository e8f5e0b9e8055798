// The notices queue (turn notifications, docs/api.md "Notifications"): rows of table `notices`,
// written in the same transaction as the change they announce, and sent later by a background
// worker (notice_worker.h) that claims them with a lease like the computer players' jobs
// (ai_jobs.h), so that any number of server processes share the queue and a dead endpoint never
// holds up a move. Also the users' settings (table `user_settings`) and the games' clocks
// (table `game_clocks`, clocks.h): the additive schema of this feature.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/db/db.h"

namespace pacwar::server {

// The schema statements of user_settings, notices and game_clocks (SQLite and PostgreSQL).
const std::vector<std::string>& notice_schema();

// A notice to queue for one user: `kind` is "turn", "game_end", "invite_accepted", "clock_low",
// "clock_out" or "rules_repair"; `body` is the public content (notices.h: game, opponent, turn,
// link path; never hidden information).
struct QueuedNotice {
  std::string username;
  std::string kind;
  std::string game_id;
  engine::Json body = engine::Json::object();
};

// Inside a transaction: one row per channel the user asked for ("webhook", "email", "browser")
// and the kind they want (their settings); nothing when they want none.
void write_notices(SqlConnection& c, const std::vector<QueuedNotice>& notices, std::int64_t now_ms);

// The settings of `username` as stored (user_settings.h gives the defaults); null when none.
engine::Json read_settings(SqlConnection& c, const std::string& username);
void write_settings(SqlConnection& c, const std::string& username, const engine::Json& settings,
                    std::int64_t now_ms);

// A notice claimed for sending.
struct ClaimedNotice {
  std::string id;
  std::string username;
  std::string channel;  // "webhook" | "email"
  std::string kind;
  engine::Json body;
  int attempts = 0;  // this one included
};

// Takes the oldest due notice of a sending channel (webhook, e-mail; browser rows wait as
// "unseen" for the page) (PostgreSQL: FOR UPDATE SKIP LOCKED) and
// leases it to `worker` until now + lease; nullopt when none is due.
std::optional<ClaimedNotice> claim_notice(Database& db, const std::string& worker,
                                          std::int64_t now_ms, std::int64_t lease_ms);
// The notice was delivered.
void notice_sent(Database& db, const std::string& id, std::int64_t now_ms);
// The notice failed: tried again at `retry_ms`, or given up ("failed") when retry_ms is nullopt.
void notice_failed(Database& db, const std::string& id, const std::string& error,
                   std::optional<std::int64_t> retry_ms);

// The notice was not tried (its destination is busy or backing off): due again at `until_ms`,
// its claim and this attempt undone.
void notice_postpone(Database& db, const std::string& id, std::int64_t until_ms);

// The browser notices of `username` not yet shown (newest last, at most 50, of the last day).
engine::Json pending_browser_notices(Database& db, const std::string& username,
                                     std::int64_t now_ms);
// Marks the user's browser notices `ids` as shown; returns how many.
int browser_notices_seen(Database& db, const std::string& username,
                         const std::vector<std::string>& ids, std::int64_t now_ms);

// Deletes browser notices nobody saw in a day, and sent or failed ones after 30 days.
int purge_notices(Database& db, std::int64_t now_ms);

// What the queue holds of `username` (tests and tools): every row with its channel and state.
engine::Json notices_of(Database& db, const std::string& username);

}  // namespace pacwar::server
