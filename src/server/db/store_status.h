// What the store holds that an operator watches (/metrics and /healthz, metrics_routes.h): a
// trivial query that shows the database answers, the games by status, the computer players' job
// queue and the notices not yet delivered. Plain counts, no rows: cheap enough for a scrape.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "server/db/db.h"

namespace pacwar::server {

// Reads the games table's index for a game that cannot exist; throws DbError when the database
// does not answer.
void ping_database(Database& db);

// Games by status ("waiting", "active", "finished").
std::map<std::string, std::int64_t> games_by_status(Database& db);

struct AiQueue {
  std::int64_t queued = 0;          // jobs stored (claimed or not)
  std::int64_t waiting = 0;         // jobs no worker holds: never claimed, or their lease ran out
  std::int64_t oldest_wait_ms = 0;  // now - the oldest waiting job's queue time (0: none)
};
AiQueue ai_queue(Database& db, std::int64_t now_ms);

struct NoticeCounts {
  std::int64_t pending = 0;
  std::int64_t failed = 0;
};
NoticeCounts notice_counts(Database& db);

}  // namespace pacwar::server
