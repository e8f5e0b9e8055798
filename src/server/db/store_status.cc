#include "server/db/store_status.h"

#include <algorithm>

namespace pacwar::server {

void ping_database(Database& db) {
  auto c = db.acquire();
  // A read of a real table (its index), not SELECT 1: on SQLite that needs no file at all.
  const auto rows = c->query("SELECT COUNT(*) FROM games WHERE id = ?", {std::string()});
  if (rows.size() != 1 || sql_number(rows[0].at(0)) != 0)
    throw DbError("the games table is not readable");
}

std::map<std::string, std::int64_t> games_by_status(Database& db) {
  auto c = db.acquire();
  std::map<std::string, std::int64_t> out;
  for (const SqlRow& row : c->query("SELECT status, COUNT(*) FROM games GROUP BY status")) {
    if (row.at(0)) out[*row[0]] = sql_number(row.at(1));
  }
  return out;
}

AiQueue ai_queue(Database& db, std::int64_t now_ms) {
  auto c = db.acquire();
  AiQueue queue;
  const auto all = c->query("SELECT COUNT(*) FROM ai_jobs");
  if (!all.empty()) queue.queued = sql_number(all[0].at(0));
  const auto free =
      c->query("SELECT COUNT(*), MIN(queued) FROM ai_jobs WHERE lease_until <= ?", {now_ms});
  if (!free.empty()) {
    queue.waiting = sql_number(free[0].at(0));
    if (free[0].at(1))
      queue.oldest_wait_ms = std::max<std::int64_t>(0, now_ms - sql_number(free[0][1]));
  }
  return queue;
}

NoticeCounts notice_counts(Database& db) {
  auto c = db.acquire();
  NoticeCounts counts;
  for (const SqlRow& row :
       c->query("SELECT state, COUNT(*) FROM notices WHERE state IN ('pending', 'failed') "
                "GROUP BY state")) {
    if (!row.at(0)) continue;
    if (*row[0] == "pending") counts.pending = sql_number(row.at(1));
    if (*row[0] == "failed") counts.failed = sql_number(row.at(1));
  }
  return counts;
}

}  // namespace pacwar::server
